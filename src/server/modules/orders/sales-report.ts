import { sql } from "drizzle-orm";
import { translateShared } from "../../../shared/i18n";
import { type OrderStatus, shortOrderId, statusWord } from "../../../shared/order";
import type { Language } from "../../../shared/preferences";
import { csvField, decimalComma, SALES_REPORT_VAT_RATES } from "../../../shared/sales-report";
import type { Db } from "../../db/client";
import { orderRevenueSql, REVENUE_STATUSES } from "./revenue";

type ReportRow = {
  id: string;
  day: string;
  status: OrderStatus;
  delivery_kind: string | null;
  lines: string;
  delivery: string;
  total: string;
  vat: { rate: number; amount: string }[];
  provider: string | null;
  reference: string | null;
  refunded: string;
  discount_code: string | null;
  discount: string;
  gift_card_paid: string;
  gift_card_sales: string;
  channel: "web" | "stall";
};

/** Excel takes a file as UTF-8 only when it starts with the byte order mark (decision 0036). */
const BOM = "\uFEFF";

/**
 * The month's sales of one store as the accountant's CSV (decision 0036): the orders placed in the Oslo
 * calendar month, oldest first, that are revenue (REVENUE_STATUSES, decision 0010: paid and fulfilled,
 * by an online payment or marked so by the seller for an order paid by hand). A pending order is not a
 * sale yet and a cancelled one is none, so neither is listed with VAT (decision 0067). Amounts come from
 * what each order stored: its total, its delivery and its VAT per rate; the refunded column is the money
 * given back at the payment provider so far (a partial refund, decision 0056).
 *
 * Price rules (decision 0076): goods − discount + delivery = the total, the order's revenue
 * (orderRevenueSql), whoever paid it; the VAT columns are the VAT in it. The columns after the status,
 * added last so an import that reads the first ones by position keeps working, say the discount code and
 * its amount, what gift cards paid of the total, and the gift cards sold in the order: money taken for
 * cards, no VAT and not revenue, so outside the total.
 *
 * Stall sales (decision 0077) are listed with the web shop's orders, on the day they were sold, with the
 * channel as the last column. Their total is what was sold, like any order's; what went back at the
 * stall is in the refunded column (for a web order, what the provider gave back), so total − refunded is
 * the revenue that stays.
 */
export async function salesReportCsv(db: Db, storeId: string, month: string, language: Language) {
  const start = sql`(${`${month}-01`}::date::timestamp at time zone 'Europe/Oslo')`;
  const end = sql`((${`${month}-01`}::date + interval '1 month')::timestamp at time zone 'Europe/Oslo')`;
  // What was sold, before refunds: the revenue rule adds back what went back at the stall.
  const revenue = sql`(${orderRevenueSql("o")} + o.refunded_total)`;
  const soldAt = sql`coalesce(o.sold_at, o.placed_at)`;
  const result = await db.execute<ReportRow>(sql`
    select o.id, to_char(${soldAt} at time zone 'Europe/Oslo', 'YYYY-MM-DD') as day, o.status, o.delivery_kind,
      (${revenue} + o.discount_total - coalesce(o.delivery_price, 0))::text as lines,
      coalesce(o.delivery_price, 0)::text as delivery, ${revenue}::text as total, o.vat,
      o.discount_code, o.discount_total::text as discount, o.gift_card_total::text as gift_card_paid,
      o.gift_card_sales::text as gift_card_sales,
      p.provider, coalesce(p.provider_tx_id, p.reference) as reference, o.channel,
      (case when o.channel = 'stall' then o.refunded_total
        else (select coalesce(sum(refunded_amount), 0.00) from payments where payments.order_id = o.id) end)::text as refunded
    from orders o
    left join lateral (
      -- The provider's own id for the payment when it gave one, else Torg's reference sent with it.
      select provider, provider_tx_id, reference from payments where payments.order_id = o.id
      order by created_at desc limit 1
    ) p on true
    where o.store_id = ${storeId} and ${soldAt} >= ${start} and ${soldAt} < ${end}
      and o.status in (${sql.join(
        REVENUE_STATUSES.map((status) => sql`${status}`),
        sql`, `,
      )})
    order by ${soldAt}, o.id`);
  const text = (key: string, params = {}) => translateShared(language, `salesReport.${key}`, params);
  const header = [
    text("date"),
    text("order"),
    text("lines"),
    text("delivery"),
    ...SALES_REPORT_VAT_RATES.map((rate) => text("vat", { rate })),
    text("total"),
    text("refunded"),
    text("provider"),
    text("reference"),
    text("status"),
    text("discountCode"),
    text("discount"),
    text("giftCardPaid"),
    text("giftCardSales"),
    text("channel"),
  ];
  const rows = result.rows.map((row) => [
    row.day,
    shortOrderId(row.id),
    decimalComma(row.lines),
    decimalComma(row.delivery),
    ...SALES_REPORT_VAT_RATES.map((rate) =>
      decimalComma(row.vat.find((entry) => entry.rate === rate)?.amount ?? "0.00"),
    ),
    decimalComma(row.total),
    decimalComma(row.refunded),
    row.provider ?? "",
    row.reference ?? "",
    // A pick-up order handed over reads as the seller's screens say it (decision 0067).
    text(`statuses.${statusWord(row.status, row.delivery_kind)}`),
    row.discount_code ?? "",
    decimalComma(row.discount),
    decimalComma(row.gift_card_paid),
    decimalComma(row.gift_card_sales),
    text(`channels.${row.channel}`),
  ]);
  const lines = [header, ...rows].map((fields) => `${fields.map(csvField).join(";")}\r\n`);
  return `${BOM}${lines.join("")}`;
}
