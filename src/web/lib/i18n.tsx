import { createContext, type ReactNode, use, useMemo, useSyncExternalStore } from "react";
import { type Catalogue, type TranslateParams, translate } from "../../shared/i18n";
import { LANGUAGE_COOKIE, LANGUAGES, type Language, matchLanguage } from "../../shared/preferences";

/**
 * Torg's i18n layer: the catalogues keep i18next's format (dotted keys, `{{name}}`, `_one`/`_other`),
 * translated by the same `translate` the server uses for its messages. It is ours rather than i18next's
 * because the storefront's JavaScript budget (120 KB) cannot spare i18next's size for what is a lookup
 * and an interpolation, and because the server renders the storefront with the very same function.
 */

export const LANGUAGE_STORAGE_KEY = "torg-language";
export const DEFAULT_LANGUAGE: Language = "en";

/** Each language named in itself, so a reader can find their own in any interface language. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: "English",
  nb: "Norsk bokmål",
  sv: "Svenska",
  da: "Dansk",
};

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);
}

export type TFunction = (key: string, params?: TranslateParams) => string;

export interface Translator {
  language: Language;
  t: TFunction;
}

export function createTranslator(language: Language, catalogue: Catalogue, fallback: Catalogue): Translator {
  return { language, t: (key, params) => translate(language, catalogue, fallback, key, params) };
}

const TranslatorContext = createContext<Translator | null>(null);

/** The interface language and its `t`; every component that shows text reads them here. */
export function useTranslation(): Translator {
  const translator = use(TranslatorContext);
  if (!translator) throw new Error("useTranslation needs a LanguageProvider or a TranslatorProvider");
  return translator;
}

/** A fixed translator: the server renders a storefront with it. */
export function TranslatorProvider({
  translator,
  children,
}: {
  translator: Translator;
  children: ReactNode;
}) {
  return <TranslatorContext value={translator}>{children}</TranslatorContext>;
}

// The browser's language state: one per page, shared by React (LanguageProvider) and plain modules
// (the API client's Accept-Language).
type CatalogueLoader = (language: Language) => Promise<Catalogue>;

const catalogues = new Map<Language, Catalogue>();
let activeLanguage: Language = DEFAULT_LANGUAGE;
let loadCatalogue: CatalogueLoader = async () => ({});
const listeners = new Set<() => void>();

/** The language the interface shows now. */
export function currentLanguage(): Language {
  return activeLanguage;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The catalogues a page starts with (English for the app, the rendered language for a storefront). */
export function initLanguage(options: {
  language: Language;
  catalogues: Partial<Record<Language, Catalogue>>;
  load?: CatalogueLoader;
}): void {
  for (const [language, catalogue] of Object.entries(options.catalogues)) {
    if (isLanguage(language) && catalogue) catalogues.set(language, catalogue);
  }
  if (options.load) loadCatalogue = options.load;
  activeLanguage = options.language;
}

/** Shows the interface in `language`, fetching its catalogue first when it is not here yet. */
export async function changeLanguage(language: Language): Promise<void> {
  if (!catalogues.has(language)) catalogues.set(language, await loadCatalogue(language));
  if (language === activeLanguage) return;
  activeLanguage = language;
  document.documentElement.lang = language;
  for (const listener of listeners) listener();
}

/** The language the visitor chose on this device, if they ever did. */
export function readStoredLanguage(): Language | undefined {
  try {
    const stored = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(stored) ? stored : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The browser's own languages (`navigator.languages`, most preferred first) matched to Torg's, by the
 * rule the server applies to Accept-Language: what a visitor who never chose a language reads.
 */
export function browserLanguage(): Language {
  if (typeof navigator === "undefined") return DEFAULT_LANGUAGE;
  const preferred = navigator.languages?.length ? navigator.languages : [navigator.language ?? ""];
  return matchLanguage(preferred) ?? DEFAULT_LANGUAGE;
}

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/** Remembers the visitor's choice on this device: in storage for the app, as a cookie for the server. */
export function persistLanguage(language: Language): void {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Storage blocked: the choice still applies until the page is reloaded.
  }
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from Firefox and older Safari.
  document.cookie = `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=${ONE_YEAR_SECONDS}; SameSite=Lax`;
}

/** Switches the interface language on this device; signed-in choices are also saved by useLanguage. */
export function applyLanguage(language: Language): void {
  persistLanguage(language);
  void changeLanguage(language);
}

/** Renders its children in the browser's current language and again whenever it changes. */
export function LanguageProvider({ children }: { children: ReactNode }) {
  const language = useSyncExternalStore(subscribe, currentLanguage, currentLanguage);
  const translator = useMemo(
    () => createTranslator(language, catalogues.get(language) ?? {}, catalogues.get(DEFAULT_LANGUAGE) ?? {}),
    [language],
  );
  return <TranslatorContext value={translator}>{children}</TranslatorContext>;
}
