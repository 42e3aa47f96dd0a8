import { type SQL, sql } from "drizzle-orm";
import {
  buildDayReport,
  type DayReport,
  type DayReportRefundFacts,
  type DayReportSaleFacts,
} from "../../../shared/day-report";
import type { RefundMethod, SalePaymentMethod } from "../../../shared/market";
import { toOre } from "../../../shared/money";
import type { DbOrTx } from "../../db/client";
import type { StoreRow } from "../../lib/guards";
import { badRequest } from "../../lib/http-error";
import { REVENUE_STATUSES } from "../orders";
import { type MarketSessionRow, marketSessionOfStore } from "./sessions";

/**
 * Reads the facts of a day report (issue 30) and builds it with the shared rule (src/shared/day-report.ts).
 *
 * - **A day** is an Oslo calendar day: the stall sales sold (sold_at, the phone's time) that day, and the
 *   refunds given that day, whichever day their sale was.
 * - **A market** is its session: the sales made at it (market_session_id), and the refunds given while it
 *   was open (from its opening to its closing, or now): the cash paid out of that till. Its opening cash
 *   and, once closed, its counted cash make the cash line.
 *
 * A sale is in the report once paid (REVENUE_STATUSES): a Vipps sale still waiting, or one never paid, is
 * none. A sale given back stays in with what went back shown in its row and in the refunds.
 */

type SaleRow = {
  id: string;
  receipt_number: number | null;
  sold_at: string;
  payment_method: SalePaymentMethod;
  subtotal: string;
  discount_total: string;
  gift_card_total: string;
  gift_card_sales: string;
  total_gross: string;
  vat: { rate: number; amount: string }[] | null;
  refunded_total: string;
  lines: string;
};

type RefundRow = {
  id: string;
  order_id: string;
  method: RefundMethod;
  amount: string;
  gift_card_amount: string;
  vat: { rate: number; amount: string }[] | null;
};

const vatOre = (vat: { rate: number; amount: string }[] | null) =>
  (vat ?? []).map((line) => ({ rate: line.rate, amountOre: toOre(line.amount) }));

async function readSales(db: DbOrTx, storeId: string, where: SQL): Promise<DayReportSaleFacts[]> {
  const { rows } = await db.execute<SaleRow>(sql`
    select o.id, r.number as receipt_number, to_char(o.sold_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as sold_at,
      o.payment_method, i.subtotal, o.discount_total::text as discount_total,
      o.gift_card_total::text as gift_card_total, o.gift_card_sales::text as gift_card_sales,
      o.total_gross::text as total_gross, o.vat, o.refunded_total::text as refunded_total, i.lines
    from orders o
    left join receipts r on r.order_id = o.id and r.kind = 'sale'
    cross join lateral (
      select coalesce(sum(oi.unit_price * oi.qty), 0)::numeric(14, 2)::text as subtotal,
        coalesce(string_agg(
          oi.qty || ' × ' || oi.title || coalesce(' (' || oi.variant_label || ')', ''), ', ' order by oi.id
        ), '') as lines
      from order_items oi where oi.order_id = o.id
    ) i
    where o.store_id = ${storeId}::uuid and o.channel = 'stall'
      and o.status in (${sql.join(
        REVENUE_STATUSES.map((status) => sql`${status}`),
        sql`, `,
      )})
      and ${where}
    order by o.sold_at, o.id`);
  return rows.map((row) => ({
    id: row.id,
    receiptNumber: row.receipt_number,
    soldAt: row.sold_at,
    method: row.payment_method,
    subtotalOre: toOre(row.subtotal),
    discountOre: toOre(row.discount_total),
    giftCardSpentOre: toOre(row.gift_card_total),
    giftCardSoldOre: toOre(row.gift_card_sales),
    paidOre: toOre(row.total_gross),
    vat: vatOre(row.vat),
    refundedOre: toOre(row.refunded_total),
    lines: row.lines,
  }));
}

async function readRefunds(db: DbOrTx, storeId: string, where: SQL): Promise<DayReportRefundFacts[]> {
  const { rows } = await db.execute<RefundRow>(sql`
    select s.id, s.order_id, s.method, s.amount::text as amount, s.gift_card_amount::text as gift_card_amount, s.vat
    from sale_refunds s
    where s.store_id = ${storeId}::uuid and ${where}
    order by s.created_at, s.id`);
  return rows.map((row) => ({
    id: row.id,
    orderId: row.order_id,
    method: row.method,
    amountOre: toOre(row.amount),
    giftCardOre: toOre(row.gift_card_amount),
    vat: vatOre(row.vat),
  }));
}

function storeFacts(store: StoreRow) {
  return { id: store.id, name: store.name, legalName: store.legalName, orgNumber: store.orgNumber };
}

/** The report of an Oslo calendar day (YYYY-MM-DD). */
export async function dayReportOfDate(db: DbOrTx, store: StoreRow, date: string): Promise<DayReport> {
  const start = sql`(${date}::date::timestamp at time zone 'Europe/Oslo')`;
  const end = sql`((${date}::date + 1)::timestamp at time zone 'Europe/Oslo')`;
  const [sales, refunds] = await Promise.all([
    readSales(db, store.id, sql`o.sold_at >= ${start} and o.sold_at < ${end}`),
    readRefunds(db, store.id, sql`s.created_at >= ${start} and s.created_at < ${end}`),
  ]);
  return buildDayReport({ store: storeFacts(store), date, session: null, sales, refunds });
}

/** The report of one market of the store. */
export async function dayReportOfSession(
  db: DbOrTx,
  store: StoreRow,
  session: MarketSessionRow,
): Promise<DayReport> {
  const closed = session.closedAt
    ? sql`and s.created_at <= ${session.closedAt.toISOString()}::timestamptz`
    : sql``;
  const [sales, refunds] = await Promise.all([
    readSales(db, store.id, sql`o.market_session_id = ${session.id}::uuid`),
    readRefunds(db, store.id, sql`s.created_at >= ${session.openedAt.toISOString()}::timestamptz ${closed}`),
  ]);
  return buildDayReport({
    store: storeFacts(store),
    date: null,
    session: {
      id: session.id,
      name: session.name,
      openedAt: session.openedAt.toISOString(),
      closedAt: session.closedAt?.toISOString() ?? null,
      openingCashOre: toOre(session.openingCash),
      countedCashOre: session.countedCash === null ? null : toOre(session.countedCash),
    },
    sales,
    refunds,
  });
}

/** The report the query asks for: a day or a market, one of the two. */
export async function dayReportFor(
  db: DbOrTx,
  store: StoreRow,
  query: { date?: string; sessionId?: string },
): Promise<DayReport> {
  if (query.sessionId)
    return dayReportOfSession(db, store, await marketSessionOfStore(db, store.id, query.sessionId));
  if (query.date) return dayReportOfDate(db, store, query.date);
  throw badRequest("dayReportPeriodRequired");
}
