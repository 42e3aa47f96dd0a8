import type { Catalogue } from "../../shared/i18n";
import sharedEnglish from "../../shared/locales/en.json";
import type { Language } from "../../shared/preferences";
import {
  browserLanguage,
  changeLanguage,
  DEFAULT_LANGUAGE,
  initLanguage,
  persistLanguage,
  readStoredLanguage,
} from "./i18n";

/**
 * The app's catalogues live in one folder per area (`locales/<area>/<lang>.json`, each area with its own
 * top-level keys), merged with the shared catalogue (`errors`: validation and API messages).
 * English, the default and the fallback, ships in the main bundle; another language is fetched when it
 * is first used. (A storefront gets its one language from the server instead: src/web/features/shop.)
 */
const englishAreas = import.meta.glob<Catalogue>("../locales/*/en.json", { eager: true, import: "default" });
const otherLanguages = import.meta.glob<Catalogue>(
  [
    "../locales/*/*.json",
    "!../locales/*/en.json",
    "../../shared/locales/*.json",
    "!../../shared/locales/en.json",
  ],
  { import: "default" },
);

const englishCatalogue: Catalogue = Object.assign({}, ...Object.values(englishAreas), sharedEnglish);

async function loadCatalogue(language: Language): Promise<Catalogue> {
  const loaders = Object.entries(otherLanguages).filter(([file]) => file.endsWith(`/${language}.json`));
  return Object.assign({}, ...(await Promise.all(loaders.map(([, load]) => load()))));
}

/** Resolves once the visitor's language is loaded: the app renders after it, never with bare keys. */
export function startAppLanguage(): Promise<void> {
  initLanguage({ language: DEFAULT_LANGUAGE, catalogues: { en: englishCatalogue }, load: loadCatalogue });
  const stored = readStoredLanguage();
  // A choice stored before the language cookie existed is copied to it, so storefronts follow it too.
  if (stored) persistLanguage(stored);
  // Without a choice, the browser's language; it is not stored, so it follows the browser until one is made.
  return changeLanguage(stored ?? browserLanguage());
}
