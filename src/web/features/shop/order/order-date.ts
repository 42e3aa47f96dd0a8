import { LOCALE_TAGS } from "../../../../shared/preferences";
import { useTranslation } from "../../../lib/i18n";

/** A date in the page's language, in Norway's time zone: the same text on the server and in the browser. */
export function useOrderDate() {
  const { language } = useTranslation();
  return (iso: string) =>
    new Intl.DateTimeFormat(LOCALE_TAGS[language], { dateStyle: "long", timeZone: "Europe/Oslo" }).format(
      new Date(iso),
    );
}
