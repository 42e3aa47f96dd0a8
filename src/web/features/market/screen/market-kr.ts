import { useCallback } from "react";
import { formatKr, formatKrExact, fromOre } from "../../../../shared/money";
import { useTranslation } from "../../../lib/i18n";

/**
 * Kroner on the market screen: whole kroner as every screen shows them ("250 kr"), but exact when there
 * are øre ("49,50 kr"): a free amount or the change counted out at the table must not be rounded.
 * Takes a decimal amount ("49.50") or øre (4950).
 */
export function useMarketKr(): (amount: string | number) => string {
  const { language } = useTranslation();
  return useCallback(
    (amount) => {
      const text = typeof amount === "number" ? fromOre(amount) : amount;
      return text.endsWith(".00") || !text.includes(".")
        ? formatKr(text, language)
        : formatKrExact(text, language);
    },
    [language],
  );
}
