import type { DeliveryOptionView } from "./delivery";
import type { TranslateParams } from "./i18n";
import { formatKr } from "./money";
import { formatOrgNumber } from "./org-number";
import type { Language } from "./preferences";
import type { StoreLegalDetails } from "./store";

/** What the terms page is generated from: the store's public read (decision 0036). */
export interface TermsStore extends StoreLegalDetails {
  name: string;
  phone: string | null;
  /** The seller's e-mail (ehandelsloven § 8, decision 0066). */
  contactEmail?: string | null;
  deliveryOptions: DeliveryOptionView[];
}

export interface TermsSection {
  /** Stable, for anchors and tests: seller, prices, delivery, withdrawal, complaints, extra. */
  id: "seller" | "prices" | "delivery" | "withdrawal" | "complaints" | "extra";
  heading: string;
  paragraphs: string[];
  /** Points of a list under the paragraphs (delivery options, the withdrawal exceptions). */
  points?: string[];
}

/** The withdrawal period of angrerettloven § 22 and the complaint periods of forbrukerkjøpsloven § 27. */
export const WITHDRAWAL_DAYS = 14;
export const COMPLAINT_YEARS = 2;
export const COMPLAINT_YEARS_LONG_LASTING = 5;

/**
 * Looks up a text by its full key ("terms.free"): the shop page's `t` in the browser; on the server
 * `(key, params) => translateShared(language, key, params)`. Passed in, so the shop's bundle does not
 * take every language's shared catalogue along.
 */
export type TermsTranslate = (key: string, params?: TranslateParams) => string;

/** A delivery option as one line of the terms: name, price (or "free from"), and its note. */
export function deliveryOptionLine(
  option: DeliveryOptionView,
  translate: TermsTranslate,
  language: Language,
) {
  const t = (key: string, params: TranslateParams = {}) => translate(`terms.${key}`, params);
  const price = Number(option.price) === 0 ? t("free") : formatKr(option.price, language);
  const parts = [`${option.name}: ${price}`];
  if (option.freeAbove !== null && Number(option.price) > 0)
    parts.push(t("freeFrom", { amount: formatKr(option.freeAbove, language) }));
  if (option.note) parts.push(option.note);
  return parts.join(". ");
}

/**
 * The store's terms of sale, generated from its settings in one language: who sells, prices and VAT,
 * delivery, the right of withdrawal with its exceptions, complaints, and the seller's own additions.
 * Shared so the terms page, the checkout and the receipts say the same.
 */
export function termsSections(
  store: TermsStore,
  translate: TermsTranslate,
  language: Language,
): TermsSection[] {
  const t = (key: string, params: TranslateParams = {}) => translate(`terms.${key}`, params);
  const seller = store.legalName || store.name;
  const identity = [t("sellerIs", { seller, store: store.name })];
  if (store.orgNumber)
    identity.push(
      t(store.vatRate ? "orgNumberVat" : "orgNumber", { number: formatOrgNumber(store.orgNumber) }),
    );
  if (store.address) identity.push(t("address", { address: store.address }));
  if (store.phone) identity.push(t("phone", { phone: store.phone }));
  if (store.contactEmail) identity.push(t("email", { email: store.contactEmail }));
  if (!store.orgNumber && !store.address) identity.push(t("identityMissing"));

  const sections: TermsSection[] = [
    { id: "seller", heading: t("sellerHeading"), paragraphs: identity },
    {
      id: "prices",
      heading: t("pricesHeading"),
      paragraphs: [store.vatRate ? t("pricesVat", { rate: store.vatRate }) : t("pricesNoVat"), t("payment")],
    },
    store.deliveryOptions.length > 0
      ? {
          id: "delivery",
          heading: t("deliveryHeading"),
          paragraphs: [t("deliveryIntro")],
          points: store.deliveryOptions.map((option) => deliveryOptionLine(option, translate, language)),
        }
      : { id: "delivery", heading: t("deliveryHeading"), paragraphs: [t("deliveryNone")] },
    {
      id: "withdrawal",
      heading: t("withdrawalHeading"),
      paragraphs: [
        t("withdrawalRight", { days: WITHDRAWAL_DAYS }),
        t("withdrawalHow", { days: WITHDRAWAL_DAYS }),
        t("withdrawalReturn", { days: WITHDRAWAL_DAYS }),
        t("withdrawalExceptions"),
      ],
      points: [t("exceptionMadeToOrder"), t("exceptionPerishable"), t("exceptionSealed")],
    },
    {
      id: "complaints",
      heading: t("complaintsHeading"),
      paragraphs: [
        t("complaintsRight", { years: COMPLAINT_YEARS, longYears: COMPLAINT_YEARS_LONG_LASTING }),
        t("complaintsHow"),
        t("complaintsDispute"),
      ],
    },
  ];
  if (store.termsExtra) {
    sections.push({
      id: "extra",
      heading: t("extraHeading"),
      paragraphs: store.termsExtra
        .split(/\n{2,}/)
        .map((paragraph) => paragraph.trim())
        .filter(Boolean),
    });
  }
  return sections;
}
