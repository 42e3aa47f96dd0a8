import { type Language, LOCALE_TAGS } from "./preferences";

const timeFormats = new Map<Language, Intl.DateTimeFormat>();

/** A receipt's time of day in Norway ("14:05"), the same on the server, in the browser and in e-mails. */
export function formatReceiptTime(date: Date | string, language: Language): string {
  let format = timeFormats.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(LOCALE_TAGS[language], {
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
      timeZone: "Europe/Oslo",
    });
    timeFormats.set(language, format);
  }
  return format.format(typeof date === "string" ? new Date(date) : date);
}
