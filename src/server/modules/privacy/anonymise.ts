import { and, ne, or, type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { orders } from "../../db/schema";

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
} as const;

/** An order still holding any of its buyer's contact details. */
const hasBuyerDetails = or(
  ne(orders.buyerEmail, ""),
  ne(orders.shipToName, ""),
  ne(orders.shipToPhone, ""),
  sql`${orders.shipToAddr} is not null`,
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
  return changed.map((row) => row.id);
}
