import { formatDistanceToNow, type Locale } from "date-fns";
import { da, enGB, nb, sv } from "date-fns/locale";
import { useMemo } from "react";
import { useTranslation } from "./i18n";
import { useKr } from "./money";

const DATE_LOCALES: Record<string, Locale> = { en: enGB, nb, sv, da };

export interface Formatters {
  /** Whole kroner in the interface language: en "3,280 kr", nb "3 280 kr" (`useKr`, decision 0007). */
  kr: (amount: string | number | null | undefined) => string;
  /** A past or future moment as relative text: "3 days ago", "for 3 dager siden". */
  relative: (iso: string) => string;
}

/** Money and time formatters that follow the interface language. */
export function useFormatters(): Formatters {
  const { language } = useTranslation();
  const kr = useKr();
  return useMemo(
    () => ({
      kr,
      relative: (iso) =>
        formatDistanceToNow(new Date(iso), { addSuffix: true, locale: DATE_LOCALES[language] ?? enGB }),
    }),
    [language, kr],
  );
}
