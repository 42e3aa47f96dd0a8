import type { FastifyRequest } from "fastify";
import { acceptLanguageTags, LANGUAGES, type Language, matchLanguage } from "../../shared/preferences";

/**
 * The browser's language: the best match of Accept-Language (with its q-weights) among Torg's
 * languages, else English. Error messages are worded in it (the app sends its interface language
 * there), and the pages a visitor opens before choosing one are rendered in it.
 */
export function requestLanguage(request: FastifyRequest): Language {
  const header = request.headers["accept-language"];
  return (typeof header === "string" && matchLanguage(acceptLanguageTags(header))) || "en";
}

/** A language of ours, or undefined for anything else (a cookie, a store's setting). */
export const languageOf = (value: unknown): Language | undefined =>
  (LANGUAGES as readonly unknown[]).includes(value) ? (value as Language) : undefined;

/** The language a store's messages are written in: its setting when it is one of ours, else English. */
export const languageOrEnglish = (value: unknown): Language => languageOf(value) ?? "en";
