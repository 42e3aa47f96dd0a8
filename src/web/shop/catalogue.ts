import { type Catalogue, sharedCatalogues } from "../../shared/i18n";
import type { Language } from "../../shared/preferences";
import coreDa from "../locales/core/da.json";
import coreEn from "../locales/core/en.json";
import coreNb from "../locales/core/nb.json";
import coreSv from "../locales/core/sv.json";
import storefrontDa from "../locales/storefront/da.json";
import storefrontEn from "../locales/storefront/en.json";
import storefrontNb from "../locales/storefront/nb.json";
import storefrontSv from "../locales/storefront/sv.json";

const core = { en: coreEn, nb: coreNb, sv: coreSv, da: coreDa } satisfies Record<Language, typeof coreEn>;
const storefront = {
  en: storefrontEn,
  nb: storefrontNb,
  sv: storefrontSv,
  da: storefrontDa,
} satisfies Record<Language, typeof storefrontEn>;

/**
 * The texts a shop page can show, in one language: the storefront area, the few shared interface
 * sections it uses (skip link, toasts) and the validation messages of the checkout. The server embeds
 * it in the page, so a shopper downloads a few kilobytes of text, not every catalogue of the app.
 */
export function shopCatalogue(language: Language): Catalogue {
  return {
    ...storefront[language],
    common: core[language].common,
    toast: core[language].toast,
    errors: sharedCatalogues[language].errors,
  };
}
