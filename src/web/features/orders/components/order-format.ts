import { useMemo } from "react";
import { LOCALE_TAGS } from "../../../../shared/preferences";
import { useTranslation } from "../../../lib/i18n";

/** "12 Mar 2025, 14:32" in the interface language, for tooltips and the order's placed time. */
export function useDateTime(): (iso: string) => string {
  const { language } = useTranslation();
  return useMemo(() => {
    const format = new Intl.DateTimeFormat(LOCALE_TAGS[language], {
      dateStyle: "medium",
      timeStyle: "short",
    });
    return (iso: string) => format.format(new Date(iso));
  }, [language]);
}
