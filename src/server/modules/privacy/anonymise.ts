import { and, inArray, isNotNull, ne, or, type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { discountRedemptions, giftCards, orderItems, orders } from "../../db/schema";

/**
 * What an order keeps of its buyer once their contact details are erased: nothing. Empty text is the
 * fixed marker (the columns are not null); the screens already show an order without an e-mail or
 * phone as "Customer", with no mail or phone link.
 */
export const ANONYMISED_BUYER = {
  buyerEmail: "",
  shipToName: "",
  shipToPhone: "",
  shipToAddr: null,
  /** A stall sale made a full sales document keeps the buyer's address here (decision 0077). */
  buyerAddress: null,
} as const;

/** An order still holding any of its buyer's contact details. */
const hasBuyerDetails = or(
  ne(orders.buyerEmail, ""),
  ne(orders.shipToName, ""),
  ne(orders.shipToPhone, ""),
  sql`${orders.shipToAddr} is not null`,
  isNotNull(orders.buyerAddress),
);

/**
 * Erases the buyer's contact details from the orders matching `where`; the order, its lines, totals,
 * payments and status history stay (bookkeeping). Orders already anonymised are not touched again, so
 * the count is of orders that changed. Returns the changed orders' ids.
 */
export async function anonymiseBuyers(db: DbOrTx, where: SQL | undefined): Promise<string[]> {
  const changed = await db
    .update(orders)
    .set({ ...ANONYMISED_BUYER, updatedAt: new Date() })
    .where(and(where, hasBuyerDetails))
    .returning({ id: orders.id });
  const ids = changed.map((row) => row.id);
  if (ids.length > 0) await eraseGiftCardPeople(db, ids);
  return ids;
}

/**
 * The people a gift card bought in these orders names (decision 0076): the buyer, the recipient and the
 * message. The card keeps its code, amounts and expiry, so whoever holds it can still spend it; the
 * order's line keeps that it was a gift card. The order's use of a one-per-shopper code keeps counting
 * against the code, but no longer names the e-mail: that shopper may use the code again.
 */
async function eraseGiftCardPeople(db: DbOrTx, orderIds: string[]) {
  await db
    .update(giftCards)
    .set({ buyerName: null, buyerEmail: null, recipientName: null, recipientEmail: null, message: null })
    .where(inArray(giftCards.orderId, orderIds));
  await db
    .update(orderItems)
    .set({ giftCard: {} })
    .where(and(inArray(orderItems.orderId, orderIds), isNotNull(orderItems.giftCard)));
  await db
    .update(discountRedemptions)
    .set({ shopper: null })
    .where(and(inArray(discountRedemptions.orderId, orderIds), isNotNull(discountRedemptions.shopper)));
}
