import i18n from "i18next";
import { initReactI18next } from "react-i18next";
import { sharedCatalogues } from "../../shared/i18n";
import { LANGUAGES, type Language } from "../../shared/preferences";
import da from "../locales/da.json";
import en from "../locales/en.json";
import nb from "../locales/nb.json";
import sv from "../locales/sv.json";

export const LANGUAGE_STORAGE_KEY = "torg-language";
export const DEFAULT_LANGUAGE: Language = "en";

/** Each language named in itself, so a reader can find their own in any interface language. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: "English",
  nb: "Norsk bokmål",
  sv: "Svenska",
  da: "Dansk",
};

/** The UI catalogue plus the shared one (its top-level key `errors` holds validation and API messages). */
const uiCatalogues = { en, nb, sv, da } satisfies Record<Language, typeof en>;

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

void i18n.use(initReactI18next).init({
  resources: Object.fromEntries(
    LANGUAGES.map((language) => [
      language,
      { translation: { ...uiCatalogues[language], ...sharedCatalogues[language] } },
    ]),
  ),
  lng: readStoredLanguage(),
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: LANGUAGES,
  initAsync: false,
  interpolation: { escapeValue: false },
});

export default i18n;
