import { useMemo } from "react";
import { formatKrCompact } from "../../../../shared/money";
import { LOCALE_TAGS } from "../../../../shared/preferences";
import { useTranslation } from "../../../lib/i18n";
import { useKr } from "../../../lib/money";

/** Amounts are plotted in whole kroner, rounded as every shown amount is. */
export { wholeKroner } from "../../../lib/money";

/** Calendar days are formatted in UTC: a YYYY-MM-DD date is a day, not a moment in the reader's zone. */
const asUtcDay = (date: string) => new Date(`${date}T00:00:00Z`);

export interface ChartFormatters {
  /** "1 234 kr", exact amount rounded to whole kroner. */
  kr: (amount: string) => string;
  /** Axis ticks: "1,2k" (nb), "1.2K" (en). */
  compact: (value: number) => string;
  /** Money axis ticks, with the unit: "1,2k kr" (nb), "1.2K kr" (en). */
  compactKr: (value: number) => string;
  count: (value: number) => string;
  /** "1 Apr" */
  day: (date: string) => string;
  /** "1 Apr 2026" */
  fullDay: (date: string) => string;
  /** "Apr" from "2026-04" */
  month: (month: string) => string;
  /** "April 2026" */
  fullMonth: (month: string) => string;
  /** The reader's calendar day of a moment: "22 Nov 2026". */
  dayOf: (iso: string) => string;
}

/** Number and date formats for the charts, in the interface language. */
export function useChartFormatters(): ChartFormatters {
  const { language } = useTranslation();
  const kr = useKr();
  return useMemo(() => {
    const tag = LOCALE_TAGS[language];
    const compact = new Intl.NumberFormat(tag, { notation: "compact", maximumFractionDigits: 1 });
    const count = new Intl.NumberFormat(tag);
    const day = new Intl.DateTimeFormat(tag, { day: "numeric", month: "short", timeZone: "UTC" });
    const fullDay = new Intl.DateTimeFormat(tag, { dateStyle: "medium", timeZone: "UTC" });
    const month = new Intl.DateTimeFormat(tag, { month: "short", timeZone: "UTC" });
    const fullMonth = new Intl.DateTimeFormat(tag, { month: "long", year: "numeric", timeZone: "UTC" });
    const dayOf = new Intl.DateTimeFormat(tag, { dateStyle: "medium" });
    return {
      kr,
      compact: (value) => compact.format(value),
      compactKr: (value) => formatKrCompact(value, language),
      count: (value) => count.format(value),
      day: (date) => day.format(asUtcDay(date)),
      fullDay: (date) => fullDay.format(asUtcDay(date)),
      month: (value) => month.format(asUtcDay(`${value}-01`)),
      fullMonth: (value) => fullMonth.format(asUtcDay(`${value}-01`)),
      dayOf: (iso) => dayOf.format(new Date(iso)),
    };
  }, [language, kr]);
}
