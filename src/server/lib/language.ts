import type { FastifyRequest } from "fastify";
import { LANGUAGES, type Language } from "../../shared/preferences";

/** Norwegian arrives as nb, no or nn; the app speaks bokmål for all three. */
const ALIASES: Record<string, Language> = { no: "nb", nn: "nb" };

/** The language to answer in: the client sends its UI language in Accept-Language. */
export function requestLanguage(request: FastifyRequest): Language {
  const header = request.headers["accept-language"];
  if (typeof header !== "string") return "en";
  for (const part of header.split(",")) {
    const base = part.split(";")[0]?.trim().toLowerCase().split("-")[0] ?? "";
    const language = ALIASES[base] ?? base;
    if ((LANGUAGES as readonly string[]).includes(language)) return language as Language;
  }
  return "en";
}

/** A language of ours, or undefined for anything else (a cookie, a store's setting). */
export const languageOf = (value: unknown): Language | undefined =>
  (LANGUAGES as readonly unknown[]).includes(value) ? (value as Language) : undefined;
