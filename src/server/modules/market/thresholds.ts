import { sql } from "drizzle-orm";
import { toOre } from "../../../shared/money";
import {
  GRUNNBELOP,
  monthsBefore,
  type StoreSalesSums,
  storeThresholds,
  type ThresholdsView,
} from "../../../shared/stall-thresholds";
import type { DbOrTx } from "../../db/client";
import { orderRevenueSql, REVENUE_STATUSES } from "../orders";

/** Today's date in Norway (ISO): the accounting year and the 12 months are counted in Oslo's days. */
export function osloToday(now: Date = new Date()): string {
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat("en-CA", {
    timeZone: "Europe/Oslo",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(now);
}

const revenueStatuses = sql.join(
  REVENUE_STATUSES.map((status) => sql`${status}`),
  sql`, `,
);

/** A numeric from SQL in øre; a day's refunds may outweigh its sales (a refund of an earlier sale). */
const signedOre = (amount: string) => (amount.startsWith("-") ? -toOre(amount.slice(1)) : toOre(amount));

/** The VAT in a jsonb list of `{ rate, amount }` (orders.vat, sale_refunds.vat), as numeric. */
const vatSum = (column: string) =>
  sql.raw(`(select coalesce(sum((v->>'amount')::numeric), 0) from jsonb_array_elements(${column}) v)`);

/**
 * A store's stall sales in the accounting year `year` excluding VAT, less what was given back
 * (decision 0077: a refund's amount and its VAT as the sale's was split), in øre. A sale counts in the
 * year it was sold, as a cash register's Z reports would; a refund is taken off its sale.
 */
async function stallSalesExVat(db: DbOrTx, storeId: string, year: number): Promise<number> {
  const result = await db.execute<{ total: string }>(sql`
    select coalesce(sum(
      ${orderRevenueSql("o")} - ${vatSum("o.vat")}
      - (select coalesce(sum(r.amount - ${vatSum("r.vat")}), 0) from sale_refunds r where r.order_id = o.id)
    ), 0)::numeric(14, 2)::text as total
    from orders o
    where o.store_id = ${storeId} and o.channel = 'stall' and o.status in (${revenueStatuses})
      and o.sold_at >= (${`${year}-01-01`}::date::timestamp at time zone 'Europe/Oslo')
      and o.sold_at < (${`${year + 1}-01-01`}::date::timestamp at time zone 'Europe/Oslo')`);
  return signedOre(result.rows[0]?.total ?? "0");
}

/**
 * Each Oslo day's sales of a store since `since` (web orders by when placed, stall sales by when sold):
 * revenue (orderRevenueSql: gift cards sold are not sales) less what went back, a stall sale's refunds
 * or a web order's provider refunds, in øre.
 */
async function dailySales(db: DbOrTx, storeId: string, since: string): Promise<Map<string, number>> {
  const result = await db.execute<{ day: string; total: string }>(sql`
    select to_char(coalesce(o.sold_at, o.placed_at) at time zone 'Europe/Oslo', 'YYYY-MM-DD') as day,
      sum(${orderRevenueSql("o")} - case when o.channel = 'stall' then o.refunded_total
        else (select coalesce(sum(p.refunded_amount), 0) from payments p where p.order_id = o.id) end
      )::numeric(14, 2)::text as total
    from orders o
    where o.store_id = ${storeId} and o.status in (${revenueStatuses})
      and coalesce(o.sold_at, o.placed_at) >= (${since}::date::timestamp at time zone 'Europe/Oslo')
    group by 1`);
  return new Map(result.rows.map((row) => [row.day, signedOre(row.total)]));
}

/**
 * GET /api/stores/{id}/thresholds: the store's sales against the cash-register exemptions this
 * accounting year and, for a store without MVA, against the registration threshold (src/shared/
 * stall-thresholds.ts says what each rule is and where it comes from).
 */
export async function getStoreThresholds(
  db: DbOrTx,
  store: { id: string; vatRate: number | null; stallFullDocuments: boolean },
  now: Date = new Date(),
): Promise<ThresholdsView> {
  const today = osloToday(now);
  const year = Number(today.slice(0, 4));
  const vatRegistered = store.vatRate !== null;
  const sums: StoreSalesSums = {
    year,
    today,
    vatRegistered,
    fullDocuments: store.stallFullDocuments,
    stallSalesExVatOre: await stallSalesExVat(db, store.id, year),
    // Windows ending in the last 12 months reach 12 months further back.
    dailySalesOre: vatRegistered ? new Map() : await dailySales(db, store.id, monthsBefore(today, 24)),
  };
  return {
    storeId: store.id,
    year,
    vatRegistered,
    fullDocuments: store.stallFullDocuments,
    grunnbelop: GRUNNBELOP,
    thresholds: storeThresholds(sums),
  };
}
