import { type Language, LOCALE_TAGS } from "./preferences";

const formats = new Map<Language, Intl.DateTimeFormat>();

/**
 * An order's date as the language writes it ("29. november 2026"), in Norway's time zone: the same text in
 * an e-mail, on the server-rendered order page and in the browser. Each language's formatter is built
 * once, since building one costs more than formatting with it.
 */
export function formatOrderDate(date: Date | string, language: Language): string {
  let format = formats.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(LOCALE_TAGS[language], { dateStyle: "long", timeZone: "Europe/Oslo" });
    formats.set(language, format);
  }
  return format.format(typeof date === "string" ? new Date(date) : date);
}
