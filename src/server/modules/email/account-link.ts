import type { EmailMessage } from "../../adapters/email";
import { languageOrEnglish } from "../../lib/language";
import { Writer } from "./writer";

/** What a one-time account link's e-mail says, fixed when it was queued (email_outbox.params, decision 0065). */
export interface AccountLinkParams {
  /** The account's own language (its settings). */
  language: string;
  /** The link's token; only its hash is kept anywhere else, and the outbox forgets it once sent. */
  token: string;
  /** "change": the address is to replace the account's current one. */
  kind: "reset" | "verify" | "change";
}

export type AccountLinkPurpose = "password_reset" | "email_verification";

/** The pages the links open, on Torg's public address. */
export const accountLinkPath = (purpose: AccountLinkPurpose, token: string) =>
  `${purpose === "password_reset" ? "/reset-password" : "/verify-email"}?token=${encodeURIComponent(token)}`;

/**
 * "Reset your Torg password" or "Confirm your email address for Torg": what the link is for, how long it
 * works, and what to do if it was not asked for. Written in the account's language.
 */
export function composeAccountLink(
  purpose: AccountLinkPurpose,
  params: AccountLinkParams,
  linkOrigin: string | null,
): Omit<EmailMessage, "to"> {
  const w = new Writer(languageOrEnglish(params.language));
  const url = `${linkOrigin ?? ""}${accountLinkPath(purpose, params.token)}`;
  if (purpose === "password_reset") {
    w.paragraph("passwordResetIntro");
    w.link("passwordResetLink", "passwordResetLinkLabel", url);
    w.paragraph("passwordResetNotYou");
  } else {
    w.paragraph(params.kind === "change" ? "emailChangeIntro" : "emailVerificationIntro");
    w.link("emailVerificationLink", "emailVerificationLinkLabel", url);
    w.paragraph("emailVerificationNotYou");
  }
  w.paragraph("accountFooter");
  return w.done(w.t(purpose === "password_reset" ? "passwordResetSubject" : "emailVerificationSubject"));
}
