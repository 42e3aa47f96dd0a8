import { and, count, desc, eq, gte, lt, type SQL, sql } from "drizzle-orm";
import { osloDate } from "../../../shared/analytics";
import type { ListSalesQuery, SaleList } from "../../../shared/market";
import type { Db } from "../../db/client";
import { orders } from "../../db/schema";
import { countRows } from "../../lib/paging";
import { readSaleParts, toSaleView } from "./sale-view";

const isDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);

/**
 * A bound of the range: a day is taken whole in Norway's time (from its first moment; `to` up to the next
 * day's first), a moment as it is.
 */
function bound(value: string, end: boolean): SQL {
  if (!isDay(value)) return sql`${value}::timestamptz`;
  return end
    ? sql`((${value}::date + 1)::timestamp at time zone 'Europe/Oslo')`
    : sql`(${value}::date::timestamp at time zone 'Europe/Oslo')`;
}

/** The store's stall sales sold in the range (default: today in Norway), newest first, one page. */
export async function listSales(
  db: Db,
  storeId: string,
  query: ListSalesQuery,
  origin: string | null,
): Promise<SaleList> {
  const today = osloDate();
  const where = and(
    eq(orders.storeId, storeId),
    eq(orders.channel, "stall"),
    gte(orders.soldAt, bound(query.from ?? today, false)),
    lt(orders.soldAt, bound(query.to ?? query.from ?? today, true)),
  );
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(orders)
      .where(where)
      .orderBy(desc(orders.soldAt), desc(orders.id))
      .limit(query.limit)
      .offset(query.offset),
    countRows(db.select({ total: count() }).from(orders).where(where)),
  ]);
  const parts = await readSaleParts(db, rows);
  return { sales: parts.map((part) => toSaleView(part, origin)), total };
}
