import { REFUND_METHODS, type RefundMethod, SALE_PAYMENT_METHODS, type SalePaymentMethod } from "./market";
import { fromOre } from "./money";
import { vatLineSchema } from "./vat";
import { z } from "./zod";

/**
 * The day's report of a store's stall (decision 0077, issue 30): for an Oslo calendar day or one market,
 * what was sold (count, by payment method, VAT per rate, discounts, gift cards sold and spent), what went
 * back (refunds, by method), and the cash the till should hold against the cash counted. Built once here
 * from plain facts (buildDayReport), so the figures add up by construction and the JSON, CSV and PDF are
 * three renderings of one object.
 */

export const dayReportQuerySchema = z.object({
  date: z
    .string("errors.dateInvalid")
    .regex(/^(20\d\d)-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, "errors.dateInvalid")
    // 2026-02-31 has the form of a date and is none.
    .refine((date) => {
      const day = new Date(`${date}T00:00:00Z`);
      return !Number.isNaN(day.getTime()) && day.toISOString().startsWith(date);
    }, "errors.dateInvalid")
    .optional(),
  sessionId: z.string().uuid("errors.marketSessionNotFound").optional(),
  format: z.enum(["json", "csv", "pdf"], "errors.invalidInput").default("json"),
});
export type DayReportQuery = z.infer<typeof dayReportQuerySchema>;

/** One paid stall sale as the report reads it; amounts in øre. */
export interface DayReportSaleFacts {
  id: string;
  receiptNumber: number | null;
  soldAt: string;
  method: SalePaymentMethod;
  /** Lines' gross before the discount (gift cards bought included). */
  subtotalOre: number;
  discountOre: number;
  giftCardSpentOre: number;
  giftCardSoldOre: number;
  /** Paid by the method: subtotal − discount − gift card spent. */
  paidOre: number;
  vat: { rate: number; amountOre: number }[];
  refundedOre: number;
  lines: string;
}

/** One refund given in the period; amounts in øre. */
export interface DayReportRefundFacts {
  id: string;
  orderId: string;
  method: RefundMethod;
  amountOre: number;
  giftCardOre: number;
  vat: { rate: number; amountOre: number }[];
}

const amount = z.string();

export const dayReportSaleRowSchema = z.object({
  id: z.string(),
  receiptNumber: z.number().nullable(),
  soldAt: z.string(),
  method: z.enum(SALE_PAYMENT_METHODS),
  lines: z.string(),
  subtotal: amount,
  discount: amount,
  giftCardSpent: amount,
  paid: amount,
  refunded: amount,
});
export type DayReportSaleRow = z.infer<typeof dayReportSaleRowSchema>;

export const dayReportSchema = z.object({
  storeId: z.string(),
  storeName: z.string(),
  legalName: z.string().nullable(),
  orgNumber: z.string().nullable(),
  /** The Oslo day (YYYY-MM-DD) or the market the report is for. */
  date: z.string().nullable(),
  session: z
    .object({
      id: z.string(),
      name: z.string(),
      openedAt: z.string(),
      closedAt: z.string().nullable(),
    })
    .nullable(),
  salesCount: z.number(),
  /** Goods before the discount, the discount, and what was sold after it: sold = by method + gift cards spent. */
  subtotal: amount,
  discounts: amount,
  sold: amount,
  byMethod: z.array(z.object({ method: z.enum(SALE_PAYMENT_METHODS), count: z.number(), amount })),
  giftCardsSpent: amount,
  giftCardsSold: amount,
  vat: z.array(vatLineSchema),
  refunds: z.object({
    count: z.number(),
    amount,
    giftCard: amount,
    byMethod: z.array(z.object({ method: z.enum(REFUND_METHODS), amount })),
    vat: z.array(vatLineSchema),
  }),
  /** Sold less refunded, and its VAT per rate. */
  net: amount,
  netVat: z.array(vatLineSchema),
  cash: z.object({
    /** The market's opening cash; null for a day report. */
    opening: amount.nullable(),
    sales: amount,
    refunds: amount,
    expected: amount,
    counted: amount.nullable(),
    /** counted − expected (negative: short); null until counted. */
    difference: amount.nullable(),
  }),
  sales: z.array(dayReportSaleRowSchema),
});
export type DayReport = z.infer<typeof dayReportSchema>;

function addVat(into: Map<number, number>, lines: readonly { rate: number; amountOre: number }[], sign = 1) {
  for (const line of lines) into.set(line.rate, (into.get(line.rate) ?? 0) + sign * line.amountOre);
}

const vatLines = (byRate: Map<number, number>) =>
  [...byRate.entries()].sort(([a], [b]) => b - a).map(([rate, ore]) => ({ rate, amount: fromOre(ore) }));

export interface DayReportFacts {
  store: { id: string; name: string; legalName: string | null; orgNumber: string | null };
  date: string | null;
  session: {
    id: string;
    name: string;
    openedAt: string;
    closedAt: string | null;
    openingCashOre: number;
    countedCashOre: number | null;
  } | null;
  sales: readonly DayReportSaleFacts[];
  refunds: readonly DayReportRefundFacts[];
}

/** The report from its facts: every total is the sum of its parts. */
export function buildDayReport(facts: DayReportFacts): DayReport {
  const sum = <T>(rows: readonly T[], pick: (row: T) => number) =>
    rows.reduce((total, row) => total + pick(row), 0);
  const sales = [...facts.sales].sort((a, b) => a.soldAt.localeCompare(b.soldAt) || a.id.localeCompare(b.id));
  const saleVat = new Map<number, number>();
  for (const sale of sales) addVat(saleVat, sale.vat);
  const refundVat = new Map<number, number>();
  for (const refund of facts.refunds) addVat(refundVat, refund.vat);
  const netVat = new Map(saleVat);
  addVat(
    netVat,
    [...refundVat.entries()].map(([rate, amountOre]) => ({ rate, amountOre })),
    -1,
  );

  const subtotalOre = sum(sales, (sale) => sale.subtotalOre);
  const discountOre = sum(sales, (sale) => sale.discountOre);
  const refundOre = sum(facts.refunds, (refund) => refund.amountOre);
  const cashSalesOre = sum(
    sales.filter((sale) => sale.method === "cash"),
    (sale) => sale.paidOre,
  );
  const cashRefundsOre = sum(
    facts.refunds.filter((refund) => refund.method === "cash"),
    (refund) => refund.amountOre - refund.giftCardOre,
  );
  const openingOre = facts.session?.openingCashOre ?? 0;
  const expectedOre = openingOre + cashSalesOre - cashRefundsOre;
  const countedOre = facts.session?.countedCashOre ?? null;

  return {
    storeId: facts.store.id,
    storeName: facts.store.name,
    legalName: facts.store.legalName,
    orgNumber: facts.store.orgNumber,
    date: facts.date,
    session: facts.session && {
      id: facts.session.id,
      name: facts.session.name,
      openedAt: facts.session.openedAt,
      closedAt: facts.session.closedAt,
    },
    salesCount: sales.length,
    subtotal: fromOre(subtotalOre),
    discounts: fromOre(discountOre),
    // Gift cards bought are money taken for a card, not a sale of goods (decision 0076): outside "sold".
    sold: fromOre(subtotalOre - discountOre - sum(sales, (sale) => sale.giftCardSoldOre)),
    byMethod: SALE_PAYMENT_METHODS.map((method) => {
      const paid = sales.filter((sale) => sale.method === method);
      return { method, count: paid.length, amount: fromOre(sum(paid, (sale) => sale.paidOre)) };
    }).filter((entry) => entry.count > 0),
    giftCardsSpent: fromOre(sum(sales, (sale) => sale.giftCardSpentOre)),
    giftCardsSold: fromOre(sum(sales, (sale) => sale.giftCardSoldOre)),
    vat: vatLines(saleVat),
    refunds: {
      count: facts.refunds.length,
      amount: fromOre(refundOre),
      giftCard: fromOre(sum(facts.refunds, (refund) => refund.giftCardOre)),
      byMethod: REFUND_METHODS.map((method) => ({
        method,
        amount: fromOre(
          sum(
            facts.refunds.filter((refund) => refund.method === method),
            (refund) => refund.amountOre - refund.giftCardOre,
          ),
        ),
      })).filter((entry) => entry.amount !== "0.00"),
      vat: vatLines(refundVat),
    },
    net: fromOre(subtotalOre - discountOre - sum(sales, (sale) => sale.giftCardSoldOre) - refundOre),
    netVat: vatLines(netVat),
    cash: {
      opening: facts.session ? fromOre(openingOre) : null,
      sales: fromOre(cashSalesOre),
      refunds: fromOre(cashRefundsOre),
      expected: fromOre(expectedOre),
      counted: countedOre === null ? null : fromOre(countedOre),
      difference: countedOre === null ? null : fromOre(countedOre - expectedOre),
    },
    sales: sales.map((sale) => ({
      id: sale.id,
      receiptNumber: sale.receiptNumber,
      soldAt: sale.soldAt,
      method: sale.method,
      lines: sale.lines,
      subtotal: fromOre(sale.subtotalOre),
      discount: fromOre(sale.discountOre),
      giftCardSpent: fromOre(sale.giftCardSpentOre),
      paid: fromOre(sale.paidOre),
      refunded: fromOre(sale.refundedOre),
    })),
  };
}

/** "2026-12-05 14:03", the Oslo wall-clock time of an instant, for the CSV, the PDF and the screens. */
export function osloDateTime(iso: string): string {
  const parts = new Intl.DateTimeFormat("en-GB", {
    timeZone: "Europe/Oslo",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).formatToParts(new Date(iso));
  const part = (type: string) => parts.find((entry) => entry.type === type)?.value ?? "";
  return `${part("year")}-${part("month")}-${part("day")} ${part("hour")}:${part("minute")}`;
}

/** Today's date in Oslo (YYYY-MM-DD): the day report's default day. */
export function osloToday(now = new Date()): string {
  return osloDateTime(now.toISOString()).slice(0, 10);
}
