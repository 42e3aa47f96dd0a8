import { and, inArray, type SQL, sql } from "drizzle-orm";
import type { OrderStatus } from "../../../shared/order";
import type { Db } from "../../db/client";
import { orders } from "../../db/schema";

/** The statuses whose orders count as revenue (decision 0010): money the seller has, or has delivered for. */
export const REVENUE_STATUSES = ["paid", "fulfilled"] as const satisfies readonly OrderStatus[];

/** Whether an order counts as revenue (REVENUE_STATUSES), as a condition on `orders`. */
export const countsAsRevenue: SQL = inArray(orders.status, REVENUE_STATUSES);

/**
 * An order's revenue (decision 0076), the one rule every figure uses (analytics, the dashboard, the sales
 * CSV): what it sold of goods and delivery after its discount, whoever pays, = total_gross (left to pay)
 * + gift_card_total (paid by gift card) − gift_card_sales (gift cards bought: money taken for a card, not
 * revenue until it buys something) − refunded_total (given back at the stall, decision 0077: revenue
 * is what was paid less what went back). `alias` names the orders table in raw SQL ("o"); without it,
 * drizzle's columns.
 */
export function orderRevenueSql(alias?: string): SQL {
  if (alias) {
    const column = (name: string) => sql.raw(`${alias}.${name}`);
    return sql`(${column("total_gross")} + ${column("gift_card_total")} - ${column("gift_card_sales")} - ${column("refunded_total")})`;
  }
  return sql`(${orders.totalGross} + ${orders.giftCardTotal} - ${orders.giftCardSales} - ${orders.refundedTotal})`;
}

/** Revenue of paid and fulfilled orders placed this calendar month in Norway (decision 0010): the dashboard's card. */
export async function monthRevenue(db: Db, storeIds: string[]) {
  if (storeIds.length === 0) return "0.00";
  const [row] = await db
    .select({
      // Plain numeric: many orders add up to more than one order's numeric(12,2) (or any fixed precision).
      total: sql<string>`round(coalesce(sum(${orderRevenueSql()}), 0), 2)::text`,
    })
    .from(orders)
    .where(
      and(
        inArray(orders.storeId, storeIds),
        countsAsRevenue,
        sql`${orders.placedAt} >= (date_trunc('month', now() at time zone 'Europe/Oslo') at time zone 'Europe/Oslo')`,
      ),
    );
  return row?.total ?? "0.00";
}
