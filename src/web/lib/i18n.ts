import i18n, { type BackendModule } from "i18next";
import { initReactI18next } from "react-i18next";
import sharedEnglish from "../../shared/locales/en.json";
import { LANGUAGES, type Language } from "../../shared/preferences";

export const LANGUAGE_STORAGE_KEY = "torg-language";
export const DEFAULT_LANGUAGE: Language = "en";

/** Each language named in itself, so a reader can find their own in any interface language. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: "English",
  nb: "Norsk bokmål",
  sv: "Svenska",
  da: "Dansk",
};

type Catalogue = Record<string, unknown>;

/**
 * The UI catalogues live in one folder per area (`locales/<area>/<lang>.json`, each area with its own
 * top-level keys), merged with the shared catalogue (`errors`: validation and API messages).
 * English, the default and the fallback, ships in the main bundle; another language is fetched when it
 * is first used, so a storefront visitor downloads one language, not four.
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

async function loadCatalogue(language: string): Promise<Catalogue> {
  const loaders = Object.entries(otherLanguages).filter(([file]) => file.endsWith(`/${language}.json`));
  return Object.assign({}, ...(await Promise.all(loaders.map(([, load]) => load()))));
}

const lazyCatalogues: BackendModule = {
  type: "backend",
  init() {},
  read(language, _namespace, callback) {
    loadCatalogue(language).then(
      (catalogue) => callback(null, catalogue),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
    );
  },
};

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);
}

function readStoredLanguage(): Language {
  try {
    const stored = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

/** Switches the interface language on this device only; signed-in choices are also saved by useLanguage. */
export function applyLanguage(language: Language): void {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Storage blocked: the choice still applies until the page is reloaded.
  }
  if (i18n.resolvedLanguage !== language) void i18n.changeLanguage(language);
}

i18n.on("languageChanged", (language) => {
  document.documentElement.lang = language;
});

/** Resolves once the visitor's language is loaded: the app renders after it, never with bare keys. */
export const i18nReady = i18n
  .use(lazyCatalogues)
  .use(initReactI18next)
  .init({
    resources: { en: { translation: englishCatalogue } },
    partialBundledLanguages: true,
    lng: readStoredLanguage(),
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: LANGUAGES,
    interpolation: { escapeValue: false },
  });

export default i18n;
