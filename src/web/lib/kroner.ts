import { fromOre, wholeKroner } from "../../shared/money";

/*
 * A line and a total shown together are computed from the shown (whole-kroner) unit prices, so they
 * always add up on screen: "2 × 13 kr" is "26 kr", never "25 kr" from an exact 12.50. Prices are whole
 * kroner anyway (the product schema, quick-create rounds); order snapshots from before may hold øre.
 */
export { wholeKroner };

/** The shown unit price times the quantity, as a decimal amount ("26.00"). */
export function shownLineTotal(unitPrice: string, qty: number): string {
  return fromOre(wholeKroner(unitPrice) * qty * 100);
}

/** The sum of the shown lines, as a decimal amount. */
export function shownTotal(lines: readonly { unitPrice: string; qty: number }[]): string {
  return fromOre(lines.reduce((sum, line) => sum + wholeKroner(line.unitPrice) * line.qty * 100, 0));
}
