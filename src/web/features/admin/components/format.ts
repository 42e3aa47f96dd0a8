import { useMemo } from "react";
import { LOCALE_TAGS } from "../../../../shared/preferences";
import { useTranslation } from "../../../lib/i18n";
import { formatKr } from "../../../lib/money";

export interface AdminFormatters {
  /** "12 Mar 2025". */
  date: (iso: string) => string;
  /** "12 Mar 2025, 14:32:05": AI calls seconds apart stay apart. */
  timestamp: (iso: string) => string;
  /** "450 NOK": whole units, rounded half up like every price on screen (decision 0007), with the currency code. */
  price: (amount: string, currencyCode: string) => string;
  /** 740 ms → "0.74" (or "0,74"). */
  seconds: (milliseconds: number) => string;
  /** 12 345 → "12,345" (or "12 345"). */
  count: (value: number) => string;
}

export function useAdminFormatters(): AdminFormatters {
  const { language } = useTranslation();
  const tag = LOCALE_TAGS[language];
  return useMemo(() => {
    const date = new Intl.DateTimeFormat(tag, { dateStyle: "medium" });
    const timestamp = new Intl.DateTimeFormat(tag, { dateStyle: "medium", timeStyle: "medium" });
    const whole = new Intl.NumberFormat(tag, { maximumFractionDigits: 0 });
    const twoDecimals = new Intl.NumberFormat(tag, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    return {
      date: (iso) => date.format(new Date(iso)),
      timestamp: (iso) => timestamp.format(new Date(iso)),
      price: (amount, currencyCode) => formatKr(amount, language, currencyCode),
      seconds: (milliseconds) => twoDecimals.format(milliseconds / 1000),
      count: (value) => whole.format(value),
    };
  }, [tag, language]);
}
