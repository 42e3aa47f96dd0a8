import { type RefundMethod, refundMethodFor, type SaleView } from "../../../../shared/market";
import { fromOre, sumAmounts, toOre } from "../../../../shared/money";
import { planRefund, type RefundableSale } from "../../../../shared/sale-refund";

/**
 * What a refund the seller is choosing will give back, by the server's own rule (src/shared/sale-refund.ts),
 * so the dialog shows the amount and the way it goes back before anything is sent.
 */

/** The sale as the refund rule reads it. A stall sale sells no gift cards, so every line was discounted. */
export function refundableSaleOf(sale: SaleView): RefundableSale {
  return {
    lines: sale.items.map((item) => ({
      id: item.id,
      unitPriceOre: toOre(item.unitPrice),
      qty: item.qty,
      refundedQty: item.refundedQty,
      discounted: true,
    })),
    discountOre: toOre(sale.discountTotal),
    giftCardOre: toOre(sale.giftCardTotal),
    paidOre: toOre(sale.total),
    refundedOre: toOre(sale.refundedTotal),
    refundedGiftCardOre: toOre(sumAmounts(sale.refunds.map((refund) => refund.giftCardAmount))),
    vat: sale.vat.map((line) => ({ rate: line.rate, amountOre: toOre(line.amount) })),
  };
}

export interface RefundPreview {
  amount: string;
  giftCard: string;
  /** What goes back by `method`. */
  byMethod: string;
  method: RefundMethod;
  whole: boolean;
}

/** Pieces left to give back of each line (id → count). */
export function piecesLeft(sale: SaleView): Map<string, number> {
  return new Map(sale.items.map((item) => [item.id, item.qty - item.refundedQty]));
}

/** The preview of giving back `chosen` (line id → pieces, zeros ignored); null when nothing is chosen. */
export function previewRefund(sale: SaleView, chosen: ReadonlyMap<string, number>): RefundPreview | null {
  const lines = [...chosen.entries()].filter(([, qty]) => qty > 0).map(([id, qty]) => ({ id, qty }));
  if (lines.length === 0) return null;
  const plan = planRefund(refundableSaleOf(sale), lines);
  if ("refused" in plan) return null;
  return {
    amount: fromOre(plan.amountOre),
    giftCard: fromOre(plan.giftCardOre),
    byMethod: fromOre(plan.methodOre),
    method: refundMethodFor(sale.payment.method),
    whole: plan.whole,
  };
}

/** Whether the sale has anything left to give back (a paid sale, not yet refunded whole). */
export function canRefund(sale: SaleView): boolean {
  return (
    (sale.status === "paid" || sale.status === "partly_refunded") &&
    sale.items.some((item) => item.qty > item.refundedQty)
  );
}
