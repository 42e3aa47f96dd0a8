import { fromOre, toOre } from "../../../../shared/money";
import type { OrderView } from "../../../../shared/order";
import { shownTotal, wholeKroner } from "../../../lib/money";

/** A price rule's amount as a screen shows it, in øre of whole kroner: "34.90" → 3500. */
const shownOre = (amount: string | null | undefined) => wholeKroner(amount || "0") * 100;

/**
 * An order's amounts as the seller's screens show them (decision 0076), built from the shown whole-kroner
 * parts so they add up on screen, as the lines and their total do (src/web/lib/money.ts): the lines (gift
 * cards bought included), minus the discount, plus the delivery, is the order's total; minus what a gift
 * card paid, what was left to pay. Decimal amounts ("1047.00").
 */
export function shownOrderAmounts(
  order: Pick<OrderView, "items" | "delivery" | "discountTotal" | "giftCardTotal">,
) {
  const discountOre = shownOre(order.discountTotal);
  const giftCardOre = shownOre(order.giftCardTotal);
  const totalOre = Math.max(
    0,
    toOre(shownTotal(order.items)) - discountOre + toOre(order.delivery?.price ?? "0"),
  );
  return {
    discount: discountOre > 0 ? fromOre(discountOre) : null,
    total: fromOre(totalOre),
    giftCardPaid: giftCardOre > 0 ? fromOre(giftCardOre) : null,
    leftToPay: fromOre(Math.max(0, totalOre - giftCardOre)),
  };
}

/**
 * The whole of an order in a list (decision 0076): what is left to pay plus what a gift card paid, the
 * "Order total" its dialog shows.
 */
export function orderValue(order: Pick<OrderView, "totalGross" | "giftCardTotal">): string {
  return fromOre(toOre(order.totalGross) + toOre(order.giftCardTotal || "0"));
}
