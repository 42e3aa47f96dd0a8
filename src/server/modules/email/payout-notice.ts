import { LOCALE_TAGS } from "../../../shared/preferences";
import type { EmailMessage } from "../../adapters/email";
import { languageOrEnglish } from "../../lib/language";
import { Writer } from "./writer";

/** What a payout notice says, fixed when the change was saved (email_outbox.params, decision 0058). */
export interface PayoutNoticeParams {
  /** The owner's own language (their settings), not the store's. */
  language: string;
  storeId: string;
  store: string;
  provider: string;
  /** The accounts masked ("acct_…4821"); null before the first one, after a removal. */
  previous: string | null;
  next: string | null;
  changedAt: string;
}

const PROVIDER_NAMES: Record<string, string> = { vipps: "Vipps", stripe: "Stripe" };

/**
 * "The payout account of {store} was changed", to each owner of the store: which account payments go to
 * now and which they went to, both masked, when, and what to do if it was not them. Torg's own words
 * around the seller's store name; a link to the store's payment settings when Torg knows its address.
 */
export function composePayoutNotice(
  params: PayoutNoticeParams,
  linkOrigin: string | null,
): Omit<EmailMessage, "to"> {
  const w = new Writer(languageOrEnglish(params.language));
  const date = new Intl.DateTimeFormat(LOCALE_TAGS[w.language], {
    dateStyle: "long",
    timeStyle: "short",
    timeZone: "Europe/Oslo",
  }).format(new Date(params.changedAt));
  const fields = {
    store: params.store,
    provider: PROVIDER_NAMES[params.provider] ?? params.provider,
    previous: params.previous ?? "",
    next: params.next ?? "",
    date,
  };
  if (!params.next) w.paragraph("payoutRemoved", fields);
  else if (!params.previous) w.paragraph("payoutAdded", fields);
  else w.paragraph("payoutChanged", fields);
  w.paragraph("payoutNotYou");
  if (linkOrigin) w.link("payoutSettings", "payoutSettingsLabel", `${linkOrigin}/stores/${params.storeId}`);
  w.paragraph("footer", { store: params.store });
  return w.done(w.t("payoutChangedSubject", { store: params.store }));
}
