import { type Catalogue, sharedCatalogues } from "../../shared/i18n";
import type { Language } from "../../shared/preferences";
import coreDa from "../locales/core/da.json";
import coreEn from "../locales/core/en.json";
import coreNb from "../locales/core/nb.json";
import coreSv from "../locales/core/sv.json";
import marketReceiptsDa from "../locales/market-receipts/da.json";
import marketReceiptsEn from "../locales/market-receipts/en.json";
import marketReceiptsNb from "../locales/market-receipts/nb.json";
import marketReceiptsSv from "../locales/market-receipts/sv.json";
import privacyDa from "../locales/privacy/da.json";
import privacyEn from "../locales/privacy/en.json";
import privacyNb from "../locales/privacy/nb.json";
import privacySv from "../locales/privacy/sv.json";
import storefrontDa from "../locales/storefront/da.json";
import storefrontEn from "../locales/storefront/en.json";
import storefrontNb from "../locales/storefront/nb.json";
import storefrontSv from "../locales/storefront/sv.json";

const core = { en: coreEn, nb: coreNb, sv: coreSv, da: coreDa } satisfies Record<Language, typeof coreEn>;
const privacy = { en: privacyEn, nb: privacyNb, sv: privacySv, da: privacyDa } satisfies Record<
  Language,
  typeof privacyEn
>;
const storefront = {
  en: storefrontEn,
  nb: storefrontNb,
  sv: storefrontSv,
  da: storefrontDa,
} satisfies Record<Language, typeof storefrontEn>;

const marketReceipts = {
  en: marketReceiptsEn,
  nb: marketReceiptsNb,
  sv: marketReceiptsSv,
  da: marketReceiptsDa,
} satisfies Record<Language, typeof marketReceiptsEn>;

/*
 * The texts of the pages the server renders, in one language, embedded in each page: a visitor
 * downloads a few kilobytes of text, not every catalogue of the app. Both carry the validation
 * messages of their forms (`errors`).
 */

/**
 * The validation messages the shop's own code can show: those its components and the shared schemas
 * they bundle (the checkout's fields, above all) name. The server words an API refusal itself, so the
 * other messages of the app (a seller's forms) never reach a shopper: leaving them out takes a large share
 * off the texts every shop page carries (decision 0042). page-catalogues.test.ts walks the shop's imports and
 * fails when a message they name is missing here.
 */
export const SHOP_ERROR_KEYS = [
  "cannotPlaceOrder",
  "carrierServiceInvalid",
  "cityRequired",
  "contactLinkInvalid",
  "coordinatesInvalid",
  "deliveryKindInvalid",
  "deliveryNameRequired",
  "deliveryOptionInvalid",
  "deliveryOptionRequired",
  "descriptionMax",
  "descriptionMin",
  "emailInvalid",
  "giftCardAmountInvalid",
  "giftCardAmountOutOfRange",
  "giftCardCodeInvalid",
  "giftCardCustomRangeInvalid",
  "giftCardExpiryInvalid",
  "giftCardNoAmounts",
  "giftCardSendAtInvalid",
  "giftCardTooManyAmounts",
  "giftCardValidityInvalid",
  "giftCardsNotSold",
  "imageUrlInvalid",
  "invalidInput",
  "invalidLanguage",
  "nameRequired",
  "nameTooShort",
  "optionNameRequired",
  "optionNameTwice",
  "optionValueRequired",
  "optionValueTwice",
  "optionValuesRequired",
  "orgNumberInvalid",
  "phoneInvalid",
  "phoneRequired",
  "phoneTooShort",
  "pickupPointRequired",
  "postcodeInvalid",
  "priceInvalid",
  "priceWholeKroner",
  "productTitleMin",
  "productUnavailable",
  "providerInvalid",
  "quantityInvalid",
  "quantityTooLarge",
  "slugInvalid",
  "slugMax",
  "statusInvalid",
  "stockInvalid",
  "storeFieldsRequired",
  "storeNameMax",
  "streetRequired",
  "stripeIdInvalid",
  "termsRequired",
  "textCharacterNotAllowed",
  "textLineBreakNotAllowed",
  "textTooLong",
  "titleMax",
  "titleRequired",
  "tooManyDeliveryOptions",
  "tooManyLines",
  "tooManyOptionValues",
  "tooManyOptions",
  "tooManyVariants",
  "trackingNumberInvalid",
  "validEmailRequired",
  "variantTextTooLong",
  "variantTwice",
  "variantValuesInvalid",
  "variantsRequired",
  "variantsWithoutOptions",
  "vatRateInvalid",
  "vippsIdInvalid",
] as const;

const shopErrors = (language: Language) => {
  const all = sharedCatalogues[language].errors as Record<string, unknown>;
  return Object.fromEntries(SHOP_ERROR_KEYS.filter((key) => key in all).map((key) => [key, all[key]]));
};

/** Made once per language: every shop page embeds one. */
const shopCatalogues = new Map<string, Catalogue>();

/**
 * A shop page: the storefront area, and the interface sections it uses (skip link, toasts). A page
 * other than the shopper's order page leaves out the order page's texts (`withOrderPage: false`); the
 * stall receipt's page adds its own (`withReceiptPage`).
 */
export function shopCatalogue(
  language: Language,
  options: { withOrderPage?: boolean; withReceiptPage?: boolean } = {},
): Catalogue {
  const withOrderPage = options.withOrderPage ?? true;
  const withReceiptPage = options.withReceiptPage ?? false;
  const key = `${language}:${withOrderPage}:${withReceiptPage}`;
  let catalogue = shopCatalogues.get(key);
  if (!catalogue) {
    const { orderPage, ...area } = storefront[language];
    catalogue = {
      ...area,
      ...(withOrderPage ? { orderPage } : {}),
      // A stall receipt's page (decision 0077): its own texts only, not the market screen's.
      ...(withReceiptPage
        ? { marketReceipts: { receiptPage: marketReceipts[language].marketReceipts.receiptPage } }
        : {}),
      common: core[language].common,
      toast: core[language].toast,
      errors: shopErrors(language),
      // The terms of sale (decision 0036): the terms page and the checkout's delivery lines.
      terms: sharedCatalogues[language].terms,
      // "from 345 kr" (decision 0060): the cards' and the product page's price, worded as the server's
      // Finn.no listing words it.
      price: sharedCatalogues[language].price,
    };
    shopCatalogues.set(key, catalogue);
  }
  return catalogue;
}

/** The login and sign-up pages: the app's core area (login, sign-up, preferences, toasts). */
export function accountCatalogue(language: Language): Catalogue {
  return { ...core[language], errors: sharedCatalogues[language].errors };
}

/** The privacy page: the account pages' texts and its own. */
export function privacyCatalogue(language: Language): Catalogue {
  return { ...accountCatalogue(language), ...privacy[language] };
}
