import { formatGiftCardCode } from "../../../shared/gift-card";
import { formatKrExact } from "../../../shared/money";
import { LOCALE_TAGS } from "../../../shared/preferences";
import type { EmailMessage } from "../../adapters/email";
import { languageOrEnglish } from "../../lib/language";
import { greetingName, inertText } from "./shopper-text";
import { type EmailStoreLook, emailBrand, shopLink } from "./store-look";
import { Writer } from "./writer";

/**
 * What a gift card's e-mail says, fixed when the card was made (email_outbox.params, decision 0076): the
 * card does not change between its payment and its sendAt, and the order's receipt is a message of its own.
 */
export interface GiftCardEmailParams {
  /** The store's language, as its order e-mails are written in. */
  language: string;
  store: string;
  slug: string;
  amount: string;
  /** Normalised; printed in groups of four. */
  code: string;
  expiresAt: string;
  message: string | null;
  /** Whom it greets: the recipient of a gift, or the buyer of their own card. */
  recipientName: string | null;
  /** Who gave it, for a gift; null for a card bought for oneself. */
  buyerName: string | null;
}

/**
 * "A gift card for {store}": whom it is from (a plain name only, decision 0058) and their message as
 * inert text (no link a mail program could make of it), the amount, the code to type or read out, the
 * expiry and a link to check the balance on the store's gift card page.
 */
export function composeGiftCardEmail(
  params: GiftCardEmailParams,
  linkOrigin: string | null,
  /** The store's look and address when sent (store-look.ts); without it, its name and Torg's address. */
  look?: EmailStoreLook | null,
): Omit<EmailMessage, "to"> {
  const shop: EmailStoreLook = look ?? {
    name: params.store,
    slug: params.slug,
    domain: null,
    brandColor: null,
    logoWide: null,
  };
  const w = new Writer(languageOrEnglish(params.language), emailBrand(shop, linkOrigin));
  const language = w.language;
  const name = params.recipientName ? greetingName(params.recipientName) : null;
  if (name) w.paragraph("greeting", { name });
  else w.paragraph("greetingNoName");
  const from = params.buyerName ? greetingName(params.buyerName) : null;
  const amount = formatKrExact(params.amount, language);
  if (params.buyerName)
    w.paragraph(from ? "giftCardFrom" : "giftCardFromSomeone", {
      name: from ?? "",
      store: params.store,
      amount,
    });
  else w.paragraph("giftCardOwn", { store: params.store, amount });
  if (params.message) w.paragraph("giftCardMessage", { message: inertText(params.message) });
  const expiry = new Intl.DateTimeFormat(LOCALE_TAGS[language], {
    dateStyle: "long",
    timeZone: "Europe/Oslo",
  }).format(new Date(params.expiresAt));
  w.table([
    [w.t("giftCardCode"), formatGiftCardCode(params.code)],
    [w.t("giftCardAmount"), amount],
    [w.t("giftCardExpires"), expiry],
  ]);
  w.paragraph("giftCardHowTo", { store: params.store });
  if (linkOrigin)
    w.button("giftCardBalance", "giftCardBalanceLabel", shopLink(shop, linkOrigin, "/gift-card"));
  w.paragraph("footer", { store: params.store });
  return w.done(w.t("giftCardSubject", { store: params.store }));
}
