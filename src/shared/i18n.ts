import da from "./locales/da.json";
import en from "./locales/en.json";
import nb from "./locales/nb.json";
import sv from "./locales/sv.json";
import type { Language } from "./preferences";

/** Messages both sides speak: validation and API errors. The web client adds its own UI catalogue on top. */
export const sharedCatalogues = { en, nb, sv, da } satisfies Record<Language, typeof en>;

export type ErrorKey = keyof typeof en.errors;

function lookup(catalogue: unknown, path: string): string | undefined {
  let node = catalogue;
  for (const part of path.split(".")) {
    if (!node || typeof node !== "object") return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === "string" ? node : undefined;
}

/**
 * A text of the shared catalogue by its dotted key ("finn.title"), falling back to English, with
 * `{{name}}` interpolated the same way i18next does, so one catalogue serves server and client.
 */
export function translateShared(
  language: Language,
  key: string,
  params: Record<string, string | number> = {},
): string {
  const template = lookup(sharedCatalogues[language], key) ?? lookup(en, key) ?? key;
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? ""));
}

/** An error message by key, with or without its "errors." prefix; a text that is no key (zod's own) passes through. */
export function translateError(
  language: Language,
  key: string,
  params: Record<string, string | number> = {},
): string {
  const path = key.startsWith("errors.") ? key : `errors.${key}`;
  return lookup(en, path) === undefined ? key : translateShared(language, path, params);
}
