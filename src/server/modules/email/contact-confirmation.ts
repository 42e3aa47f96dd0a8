import type { EmailMessage } from "../../adapters/email";
import { languageOrEnglish } from "../../lib/language";
import { Writer } from "./writer";

/** What a contact address's confirmation says, fixed when it was queued (email_outbox.params, decision 0066). */
export interface ContactConfirmationParams {
  /** The language of the member who set the address. */
  language: string;
  storeId: string;
  store: string;
  email: string;
  /** The link's token: in the outbox only until the message is sent or given up, never in email_log. */
  token: string;
  hours: string;
}

/** The page that opens the link: it asks the server to confirm (a POST), so a mail scanner's GET does not. */
export const contactConfirmationPath = (storeId: string, token: string) =>
  `/confirm-contact-email?store=${encodeURIComponent(storeId)}&token=${encodeURIComponent(token)}`;

/** "Confirm the contact address of {store}": who asks, the link, how long it works, and what if not you. */
export function composeContactConfirmation(
  params: ContactConfirmationParams,
  linkOrigin: string | null,
): Omit<EmailMessage, "to"> {
  if (!linkOrigin || !params.token) throw new Error("This confirmation has no link to send");
  const w = new Writer(languageOrEnglish(params.language));
  w.paragraph("contactConfirm", { store: params.store, email: params.email });
  w.link(
    "contactConfirmLink",
    "contactConfirmLabel",
    `${linkOrigin}${contactConfirmationPath(params.storeId, params.token)}`,
  );
  w.paragraph("contactConfirmExpires", { hours: params.hours });
  w.paragraph("contactConfirmNotYou");
  w.paragraph("footer", { store: params.store });
  return w.done(w.t("contactConfirmSubject", { store: params.store }));
}
