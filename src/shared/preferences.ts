/**
 * The values of a user's preferences, without zod: every page's first load imports these, and the
 * validation library stays out of that bundle (schemas live in settings.ts).
 */
export const LANGUAGES = ["en", "nb", "sv", "da"] as const;
export type Language = (typeof LANGUAGES)[number];

/** Each language's Intl locale: British English for "en", so dates read "12 Mar 2025" as elsewhere. */
export const LOCALE_TAGS: Record<Language, string> = { en: "en-GB", nb: "nb-NO", sv: "sv-SE", da: "da-DK" };

export const CURRENCIES = ["NOK", "SEK", "DKK", "EUR", "USD"] as const;
export type Currency = (typeof CURRENCIES)[number];

export const THEMES = ["light", "dark", "system"] as const;
export type Theme = (typeof THEMES)[number];

export interface UserSettings {
  language: Language;
  currency: Currency;
  emailNotifications: boolean;
  smsNotifications: boolean;
  theme: Theme;
}

export const DEFAULT_SETTINGS: UserSettings = {
  language: "en",
  currency: "NOK",
  emailNotifications: true,
  smsNotifications: false,
  theme: "system",
};

/**
 * The interface language a visitor chose, as a cookie as well as in local storage, so the server renders
 * a storefront in it. It holds no secret and is read by scripts.
 */
export const LANGUAGE_COOKIE = "torg_language";
