import { useCallback } from "react";
import { formatKr, fromOre, wholeKroner } from "../../shared/money";
import { useTranslation } from "./i18n";

/*
 * The client's one money module (decision 0007: exact amounts, whole kroner on screen). The rounding
 * itself is src/shared/money.ts's wholeKroner, which the server uses too; every screen shows amounts
 * through this file.
 *
 * A line and a total shown together are computed from the shown (whole-kroner) unit prices, so they
 * always add up on screen: "2 × 13 kr" is "26 kr", never "25 kr" from an exact 12.50. Prices are whole
 * kroner anyway (the product schema, quick-create rounds); order snapshots from before may hold øre.
 */
export { formatKr, wholeKroner };

/** The shown unit price times the quantity, as a decimal amount ("26.00"): the one line-total rule. */
export function shownLineTotal(unitPrice: string, qty: number): string {
  return fromOre(wholeKroner(unitPrice) * qty * 100);
}

/** The sum of the shown lines, as a decimal amount. */
export function shownTotal(lines: readonly { unitPrice: string; qty: number }[]): string {
  return fromOre(lines.reduce((sum, line) => sum + wholeKroner(line.unitPrice) * line.qty * 100, 0));
}

/**
 * Whole kroner in the interface language: en "3,280 kr", nb "3 280 kr". Free of zod and dates, so the
 * shop's small bundle can use it as the dashboard does.
 */
export function useKr(): (amount: string | number | null | undefined) => string {
  const { language } = useTranslation();
  return useCallback((amount) => formatKr(amount, language), [language]);
}
