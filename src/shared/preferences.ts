/**
 * The values of a user's preferences, without zod: every page's first load imports these, and the
 * validation library stays out of that bundle (schemas live in settings.ts).
 */
export const LANGUAGES = ["en", "nb", "sv", "da"] as const;
export type Language = (typeof LANGUAGES)[number];

/** Norwegian arrives as nb, no or nn: Torg speaks bokmål for all three. */
const LANGUAGE_ALIASES: Record<string, Language> = { no: "nb", nn: "nb" };

/** Torg's language for one language tag ("nb-NO" → nb, "sv_SE" → sv, "nn" → nb), or undefined ("fr"). */
export function languageOfTag(tag: string): Language | undefined {
  const base = tag.trim().toLowerCase().split(/[-_]/)[0] ?? "";
  const language = LANGUAGE_ALIASES[base] ?? base;
  return (LANGUAGES as readonly string[]).includes(language) ? (language as Language) : undefined;
}

/**
 * The best of Torg's languages for a visitor who has not chosen one: the first of their languages,
 * most preferred first, that Torg speaks. The one rule for the server (Accept-Language, through
 * `acceptLanguageTags`) and the browser (`navigator.languages`).
 */
export function matchLanguage(preferred: readonly string[]): Language | undefined {
  for (const tag of preferred) {
    const language = languageOfTag(tag);
    if (language) return language;
  }
  return undefined;
}

/**
 * An Accept-Language header's tags, most preferred first: by q-weight (1 when absent), then in the
 * order given. Tags weighted 0 ("not this one"), with an unreadable weight, and the wildcard are left out.
 */
export function acceptLanguageTags(header: string): string[] {
  return header
    .split(",")
    .map((part, index) => {
      const [tag = "", ...params] = part.split(";").map((piece) => piece.trim());
      const q = params.find((param) => /^q=/i.test(param));
      const weight = q === undefined ? 1 : Number(q.slice(2));
      return { tag, weight: Number.isNaN(weight) ? 0 : weight, index };
    })
    .filter((entry) => entry.tag !== "" && entry.tag !== "*" && entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index)
    .map((entry) => entry.tag);
}

/** Each language's Intl locale: British English for "en", so dates read "12 Mar 2025" as elsewhere. */
export const LOCALE_TAGS: Record<Language, string> = { en: "en-GB", nb: "nb-NO", sv: "sv-SE", da: "da-DK" };

export const THEMES = ["light", "dark", "system"] as const;
export type Theme = (typeof THEMES)[number];

// A plain interface: its schema (settingsSchema in settings.ts, which also describes the settings routes'
// answers) is checked against it there, so zod stays out of every page's first load.
export interface UserSettings {
  language: Language;
  emailNotifications: boolean;
  smsNotifications: boolean;
  theme: Theme;
}

export const DEFAULT_SETTINGS: UserSettings = {
  language: "en",
  emailNotifications: true,
  smsNotifications: false,
  theme: "system",
};

/**
 * The interface language a visitor chose, as a cookie as well as in local storage, so the server renders
 * a storefront in it. It holds no secret and is read by scripts.
 */
export const LANGUAGE_COOKIE = "torg_language";
