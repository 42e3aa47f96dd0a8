import i18n from "i18next";
import { initReactI18next } from "react-i18next";
import { sharedCatalogues } from "../../shared/i18n";
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
 * top-level keys), merged here with the shared catalogue (`errors`: validation and API messages).
 */
const areaFiles = import.meta.glob<Catalogue>("../locales/*/*.json", { eager: true, import: "default" });

function uiCatalogue(language: Language): Catalogue {
  const merged: Catalogue = {};
  for (const [file, catalogue] of Object.entries(areaFiles)) {
    if (file.endsWith(`/${language}.json`)) Object.assign(merged, catalogue);
  }
  return merged;
}

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
      { translation: { ...uiCatalogue(language), ...sharedCatalogues[language] } },
    ]),
  ),
  lng: readStoredLanguage(),
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: LANGUAGES,
  initAsync: false,
  interpolation: { escapeValue: false },
});

export default i18n;
