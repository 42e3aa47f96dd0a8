import { fromOre } from "../../shared/money";

/**
 * Prices are shown in whole kroner, rounded half up (as formatKr does). A line and a total shown together
 * are computed from those shown unit prices, so they always add up on screen: "2 × 13 kr" is "26 kr",
 * never "25 kr" from an exact 12.50. New prices are whole kroner anyway (the product schema); this keeps
 * older prices with øre, and quick-create's, from showing sums that do not match their lines.
 */
export function wholeKroner(amount: string): number {
  // Integer arithmetic on the text's parts: no floating point touches the money, and any size works.
  const [whole = "0", fraction = ""] = amount.trim().replace(",", ".").split(".");
  return Number(whole) + (Number(fraction.padEnd(2, "0").slice(0, 2)) >= 50 ? 1 : 0);
}

/** The shown unit price times the quantity, as a decimal amount ("26.00"). */
export function shownLineTotal(unitPrice: string, qty: number): string {
  return fromOre(wholeKroner(unitPrice) * qty * 100);
}

/** The sum of the shown lines, as a decimal amount. */
export function shownTotal(lines: readonly { unitPrice: string; qty: number }[]): string {
  return fromOre(lines.reduce((sum, line) => sum + wholeKroner(line.unitPrice) * line.qty * 100, 0));
}
