import da from "./locales/da.json";
import en from "./locales/en.json";
import nb from "./locales/nb.json";
import sv from "./locales/sv.json";
import type { Language } from "./preferences";

/** Messages both sides speak: validation and API errors. The web client adds its own UI catalogue on top. */
export const sharedCatalogues = { en, nb, sv, da } satisfies Record<Language, typeof en>;

export type ErrorKey = keyof typeof en.errors;

/** A message catalogue: nested objects of texts, addressed by dotted keys ("cart.added"). */
export type Catalogue = Record<string, unknown>;

export type TranslateParams = Record<string, string | number | null | undefined>;

function lookup(catalogue: unknown, path: string): string | undefined {
  let node = catalogue;
  for (const part of path.split(".")) {
    if (!node || typeof node !== "object") return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === "string" ? node : undefined;
}

const pluralRules = new Map<string, Intl.PluralRules>();

function pluralCategory(language: string, count: number): string {
  let rules = pluralRules.get(language);
  if (!rules) {
    rules = new Intl.PluralRules(language);
    pluralRules.set(language, rules);
  }
  return rules.select(count);
}

/**
 * A text by its dotted key in i18next's catalogue format, which Torg's catalogues keep: `{{name}}`
 * placeholders, and plural forms as `key_one` / `key_other` chosen by a numeric `count` with the
 * language's plural rules. Looks in `catalogue`, then in `fallback` (English); an unknown key is returned
 * as it is, so a missing text shows up instead of vanishing.
 */
export function translate(
  language: string,
  catalogue: Catalogue,
  fallback: Catalogue,
  key: string,
  params: TranslateParams = {},
): string {
  const count = params.count;
  const candidates =
    typeof count === "number" ? [`${key}_${pluralCategory(language, count)}`, `${key}_other`, key] : [key];
  for (const source of [catalogue, fallback]) {
    for (const candidate of candidates) {
      const template = lookup(source, candidate);
      if (template !== undefined) {
        // Most texts have no placeholder: they are returned as they are, without a pass of the pattern.
        if (!template.includes("{{")) return template;
        return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(params[name] ?? ""));
      }
    }
  }
  return key;
}

/** A text of the shared catalogue by its dotted key ("finn.title"), falling back to English. */
export function translateShared(language: Language, key: string, params: TranslateParams = {}): string {
  return translate(language, sharedCatalogues[language], en, key, params);
}

/** An error message by key, with or without its "errors." prefix; a text that is no key (zod's own) passes through. */
export function translateError(language: Language, key: string, params: TranslateParams = {}): string {
  const path = key.startsWith("errors.") ? key : `errors.${key}`;
  return lookup(en, path) === undefined ? key : translateShared(language, path, params);
}
