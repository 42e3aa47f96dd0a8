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

/**
 * The texts found so far in each catalogue, by dotted key. A server renders a shop page from the same few
 * catalogue objects (one per language, made once) and asks for the same keys on every page, some once per
 * product card: splitting the key and walking the objects was most of a lookup's cost (decision 0049).
 * Only texts found are kept, so a key that is no key (a message passed through) adds nothing, and what
 * is kept is bounded by the catalogue's texts. Catalogues are never changed once made.
 */
const foundTexts = new WeakMap<object, Map<string, string>>();

function lookup(catalogue: Catalogue, path: string): string | undefined {
  let found = foundTexts.get(catalogue);
  const kept = found?.get(path);
  if (kept !== undefined) return kept;
  let node: unknown = catalogue;
  for (const part of path.split(".")) {
    if (!node || typeof node !== "object") return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  if (typeof node !== "string") return undefined;
  if (!found) {
    found = new Map();
    foundTexts.set(catalogue, found);
  }
  found.set(path, node);
  return node;
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
 * The catalogue text a dotted key names, before its placeholders are filled: with a numeric `count`, the
 * plural form the language's rules choose for it (`key_one`, `key_other`, then `key`). Looks in
 * `catalogue`, then in `fallback` (English); undefined when neither has it.
 */
function textOf(
  language: string,
  catalogue: Catalogue,
  fallback: Catalogue,
  key: string,
  count: unknown,
): string | undefined {
  // Most calls: one key, no plural forms to try.
  if (typeof count !== "number") return lookup(catalogue, key) ?? lookup(fallback, key);
  const candidates = [`${key}_${pluralCategory(language, count)}`, `${key}_other`, key];
  for (const source of [catalogue, fallback]) {
    for (const candidate of candidates) {
      const text = lookup(source, candidate);
      if (text !== undefined) return text;
    }
  }
  return undefined;
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
  const text = textOf(language, catalogue, fallback, key, params.count);
  return text === undefined ? key : fillText(textPieces(text), params);
}

/**
 * Each text's pieces around its placeholders (texts at even places, names at odd ones), split once:
 * a product card fills the same text for every product, an order's e-mails the same thirty-odd texts.
 * Kept by text, and only catalogue texts come here.
 */
const piecesOfTexts = new Map<string, string[]>();

/** "Hi {{name}}!" → ["Hi ", "name", "!"]: a text's literal parts and, between them, its placeholders' names. */
export function textPieces(text: string): string[] {
  let pieces = piecesOfTexts.get(text);
  if (!pieces) {
    pieces = text.split(/\{\{\s*(\w+)\s*\}\}/);
    piecesOfTexts.set(text, pieces);
  }
  return pieces;
}

/**
 * A text's pieces (textPieces) with each placeholder's value, as `write` writes it (as it is, or escaped
 * for HTML by the e-mails), in one pass: a value is never read as a placeholder. A missing value is "".
 */
export function fillText(
  pieces: readonly string[],
  params: TranslateParams,
  write: (value: string) => string = (value) => value,
): string {
  // Most texts have no placeholder.
  let text = pieces[0] ?? "";
  for (let i = 1; i < pieces.length; i += 2)
    text += write(String(params[pieces[i] ?? ""] ?? "")) + (pieces[i + 1] ?? "");
  return text;
}

/** A text of the shared catalogue by its dotted key ("finn.title"), falling back to English. */
export function translateShared(language: Language, key: string, params: TranslateParams = {}): string {
  return translate(language, sharedCatalogues[language], en, key, params);
}

/** The shared catalogue's text for a key (its plural form for `count`), unfilled; the key when there is none. */
export function sharedText(language: Language, key: string, count?: unknown): string {
  return textOf(language, sharedCatalogues[language], en, key, count) ?? key;
}

/** An error message by key, with or without its "errors." prefix; a text that is no key (zod's own) passes through. */
export function translateError(language: Language, key: string, params: TranslateParams = {}): string {
  const path = key.startsWith("errors.") ? key : `errors.${key}`;
  return lookup(en, path) === undefined ? key : translateShared(language, path, params);
}
