import { apportionOre, vatIncludedOre } from "./vat";

/**
 * What a refund at the stall gives back (decision 0077), computed once here for the server and the
 * market screen alike, in integer øre.
 *
 * - **A line's worth** is its gross (unit price × quantity) less its share of the sale's discount. The
 *   discount is shared out over the lines it was for (every goods line, or a product-limited code's
 *   lines) in proportion to their gross, by largest remainder, so the shares add up to the discount
 *   exactly.
 * - **A piece's worth** is taken cumulatively: giving back pieces r+1..r+k of a line of n pieces worth W
 *   is round(W·(r+k)/n) − round(W·r/n). However a line is given back, piece by piece or at once, the
 *   amounts add up to W exactly, and a whole sale given back returns exactly what was paid.
 * - **The way back** follows the way in, in proportion: of everything given back so far, the share the
 *   gift card paid of the sale goes back onto the card (cumulatively again, so a whole refund restores
 *   the card exactly); the rest goes back the way the shopper paid (cash, the terminal, Vipps). A shop
 *   gives back on the tender the shopper used, not gift-card value as cash.
 * - **VAT** of the refund is the VAT included in it at the sale's rate(s), shared out over the sale's
 *   rates by their gross.
 */

export interface RefundableLine {
  id: string;
  unitPriceOre: number;
  qty: number;
  refundedQty: number;
  /** Whether the sale's discount was taken from this line (a gift card bought never is). */
  discounted: boolean;
}

export interface RefundableSale {
  lines: readonly RefundableLine[];
  discountOre: number;
  /** What gift cards paid of the sale. */
  giftCardOre: number;
  /** What the payment method paid (total_gross). */
  paidOre: number;
  /** Given back so far: in all, and of it onto the gift card. */
  refundedOre: number;
  refundedGiftCardOre: number;
  /** The sale's VAT per rate, to split the refund's VAT the same way. */
  vat: readonly { rate: number; amountOre: number }[];
}

export interface RefundPlan {
  lines: { id: string; qty: number; amountOre: number }[];
  amountOre: number;
  giftCardOre: number;
  /** What goes back by the sale's payment method. */
  methodOre: number;
  vat: { rate: number; amountOre: number }[];
  /** After this refund, nothing of the sale is left to give back. */
  whole: boolean;
}

export type RefundRefusal =
  | { refused: "lineNotFound"; id: string }
  | { refused: "tooMany"; id: string; left: number }
  | { refused: "nothingLeft" };

/** The discount shared out over the lines it was taken from, in øre, adding up to the discount exactly. */
export function discountShares(lines: readonly RefundableLine[], discountOre: number): number[] {
  const weights = lines.map((line) => (line.discounted ? line.unitPriceOre * line.qty : 0));
  if (discountOre === 0 || weights.every((weight) => weight === 0)) return lines.map(() => 0);
  return apportionOre(discountOre, weights);
}

/** What a line is worth after its discount share: the most that can ever go back for it. */
export function lineWorths(sale: Pick<RefundableSale, "lines" | "discountOre">): number[] {
  const shares = discountShares(sale.lines, sale.discountOre);
  return sale.lines.map((line, index) => line.unitPriceOre * line.qty - (shares[index] ?? 0));
}

/** round(a·b/c) half up for non-negative integers, exact beyond 2^53 through bigint. */
function mulDivRound(a: number, b: number, c: number): number {
  if (c === 0) return 0;
  const big = (BigInt(a) * BigInt(b) * 2n + BigInt(c)) / (2n * BigInt(c));
  return Number(big);
}

/** The VAT included in `amountOre`, shared over the sale's rates by the gross each rate carried. */
export function refundVat(
  amountOre: number,
  vat: RefundableSale["vat"],
): { rate: number; amountOre: number }[] {
  const taxed = vat.filter((line) => line.rate > 0);
  if (taxed.length === 0) return [];
  // A rate's gross from its VAT: VAT·(100+rate)/rate, enough to weigh the rates against each other.
  const weights = taxed.map((line) => mulDivRound(line.amountOre, 100 + line.rate, line.rate));
  const parts = taxed.length === 1 ? [amountOre] : apportionOre(amountOre, weights);
  return taxed.map((line, index) => ({
    rate: line.rate,
    amountOre: vatIncludedOre(parts[index] ?? 0, line.rate),
  }));
}

/**
 * The refund of `asked` (line id → pieces), or of everything left when nothing is named. Refused when a
 * line is not the sale's, when more is asked than is left of a line, or when nothing is left at all.
 */
export function planRefund(
  sale: RefundableSale,
  asked: readonly { id: string; qty: number }[] | undefined,
): RefundPlan | RefundRefusal {
  const worths = lineWorths(sale);
  const wanted = new Map<string, number>();
  if (asked && asked.length > 0) {
    for (const { id, qty } of asked) {
      if (!sale.lines.some((line) => line.id === id)) return { refused: "lineNotFound", id };
      wanted.set(id, (wanted.get(id) ?? 0) + qty);
    }
  } else {
    for (const line of sale.lines)
      if (line.qty > line.refundedQty) wanted.set(line.id, line.qty - line.refundedQty);
  }
  if (wanted.size === 0) return { refused: "nothingLeft" };
  const lines: RefundPlan["lines"] = [];
  sale.lines.forEach((line, index) => {
    const qty = wanted.get(line.id);
    if (!qty) return;
    const worth = worths[index] ?? 0;
    const before = mulDivRound(worth, line.refundedQty, line.qty);
    const after = mulDivRound(worth, line.refundedQty + qty, line.qty);
    lines.push({ id: line.id, qty, amountOre: after - before });
  });
  for (const line of sale.lines) {
    const qty = wanted.get(line.id);
    if (qty !== undefined && qty > line.qty - line.refundedQty)
      return { refused: "tooMany", id: line.id, left: line.qty - line.refundedQty };
  }
  const amountOre = lines.reduce((sum, line) => sum + line.amountOre, 0);
  const soldOre = sale.giftCardOre + sale.paidOre;
  const giftCardAfter = mulDivRound(sale.refundedOre + amountOre, sale.giftCardOre, soldOre);
  const giftCardOre = Math.min(
    Math.max(giftCardAfter - sale.refundedGiftCardOre, 0),
    amountOre,
    sale.giftCardOre - sale.refundedGiftCardOre,
  );
  const whole = sale.lines.every((line) => line.refundedQty + (wanted.get(line.id) ?? 0) >= line.qty);
  return {
    lines,
    amountOre,
    giftCardOre,
    methodOre: amountOre - giftCardOre,
    vat: refundVat(amountOre, sale.vat),
    whole,
  };
}
