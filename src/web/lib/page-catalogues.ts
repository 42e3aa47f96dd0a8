import { type Catalogue, sharedCatalogues } from "../../shared/i18n";
import type { Language } from "../../shared/preferences";
import coreDa from "../locales/core/da.json";
import coreEn from "../locales/core/en.json";
import coreNb from "../locales/core/nb.json";
import coreSv from "../locales/core/sv.json";
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

/*
 * The texts of the pages the server renders, in one language, embedded in each page: a visitor
 * downloads a few kilobytes of text, not every catalogue of the app. Both carry the validation
 * messages of their forms (`errors`).
 */

/** A shop page: the storefront area, and the interface sections it uses (skip link, toasts). */
export function shopCatalogue(language: Language): Catalogue {
  return {
    ...storefront[language],
    common: core[language].common,
    toast: core[language].toast,
    errors: sharedCatalogues[language].errors,
    // The terms of sale (decision 0036): the terms page and the checkout's delivery lines.
    terms: sharedCatalogues[language].terms,
  };
}

/** The login and sign-up pages: the app's core area (login, sign-up, preferences, toasts). */
export function accountCatalogue(language: Language): Catalogue {
  return { ...core[language], errors: sharedCatalogues[language].errors };
}

/** The privacy page: the account pages' texts and its own. */
export function privacyCatalogue(language: Language): Catalogue {
  return { ...accountCatalogue(language), ...privacy[language] };
}
