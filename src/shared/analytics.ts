import { ORDER_STATUSES } from "./order";
import { z } from "./zod";

/**
 * GET /api/analytics (decision 0010, decision 0017): a seller's real figures for a range of Europe/Oslo calendar days.
 * Dates travel as "YYYY-MM-DD", months as "YYYY-MM", money as exact decimal strings ("1234.50", decision 0007).
 */
export const ANALYTICS_DEFAULT_DAYS = 30;
export const ANALYTICS_MAX_DAYS = 366;
export const ANALYTICS_MONTHS = 12;

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
/** Torg keeps no figures from before 2000; the bound also keeps date arithmetic inside four-digit years. */
const FIRST_YEAR = 2000;
const LAST_YEAR = 2999;
const DAY_MS = 86_400_000;

/** A real calendar day written as YYYY-MM-DD ("2026-02-30" is not one). */
export function isCalendarDate(text: string): boolean {
  const match = DATE_PATTERN.exec(text);
  if (!match) return false;
  const year = Number(match[1]);
  if (year < FIRST_YEAR || year > LAST_YEAR) return false;
  return new Date(`${text}T00:00:00Z`).toISOString().startsWith(text);
}

/** The date `days` calendar days after (or, when negative, before) a YYYY-MM-DD date. */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** How many calendar days from..to holds, both ends included. */
export function daysInRange(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
}

const osloDateParts = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Europe/Oslo",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

/** The calendar day it is in Norway at a moment, as YYYY-MM-DD. */
export function osloDate(moment: Date = new Date()): string {
  const parts = Object.fromEntries(
    osloDateParts.formatToParts(moment).map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}`;
}

const calendarDate = z
  .string("errors.dateInvalid")
  .refine((text) => isCalendarDate(text), "errors.dateInvalid");

/**
 * The query: an optional store (else every store of yours) and an optional range. A missing `to` is
 * today in Norway, a missing `from` the 30 days up to `to`.
 */
export const analyticsQuerySchema = z
  .object({
    storeId: z.string().max(100).optional(),
    from: calendarDate.optional(),
    to: calendarDate.optional(),
  })
  .transform((query, context) => {
    const to = query.to ?? osloDate();
    const from = query.from ?? addDays(to, 1 - ANALYTICS_DEFAULT_DAYS);
    if (from > to) {
      context.addIssue({ code: "custom", message: "errors.dateRangeOrder", path: ["from"] });
      return z.NEVER;
    }
    if (daysInRange(from, to) > ANALYTICS_MAX_DAYS) {
      context.addIssue({ code: "custom", message: "errors.dateRangeTooLong", path: ["from"] });
      return z.NEVER;
    }
    return { storeId: query.storeId, from, to };
  });
export type AnalyticsQuery = z.output<typeof analyticsQuerySchema>;

/** Where an order was sold (decision 0077). */
export const ORDER_CHANNELS = ["web", "stall"] as const;
export type OrderChannel = (typeof ORDER_CHANNELS)[number];

export const dailyRevenueSchema = z.object({
  date: z.string(),
  /** Paid and fulfilled orders placed that day (decision 0010). */
  revenue: z.string(),
  orderCount: z.number(),
});
export type DailyRevenue = z.infer<typeof dailyRevenueSchema>;

export const monthlyRevenueSchema = z.object({
  /** YYYY-MM */
  month: z.string(),
  revenue: z.string(),
  orderCount: z.number(),
});
export type MonthlyRevenue = z.infer<typeof monthlyRevenueSchema>;

export const statusCountSchema = z.object({ status: z.enum(ORDER_STATUSES), count: z.number() });
export type StatusCount = z.infer<typeof statusCountSchema>;

export const topProductSchema = z.object({
  /** Null once the product has been deleted; its orders keep the title they were placed with. */
  productId: z.string().nullable(),
  title: z.string(),
  quantity: z.number(),
  revenue: z.string(),
});
export type TopProduct = z.infer<typeof topProductSchema>;

export const dailyViewsSchema = z.object({ date: z.string(), views: z.number() });
export type DailyViews = z.infer<typeof dailyViewsSchema>;

export const topViewedProductSchema = z.object({
  productId: z.string(),
  title: z.string(),
  views: z.number(),
});
export type TopViewedProduct = z.infer<typeof topViewedProductSchema>;

export const qrScanStatsSchema = z.object({
  id: z.string(),
  code: z.string(),
  url: z.string(),
  storeName: z.string(),
  isActive: z.boolean(),
  /** Every scan since the code was made: scans are counted per code, not per day. */
  scannedCount: z.number(),
  lastScannedAt: z.string().nullable(),
});
export type QrScanStats = z.infer<typeof qrScanStatsSchema>;

export const analyticsTotalsSchema = z.object({
  /** Every order placed in the range, whatever its status. */
  orderCount: z.number(),
  /** The paid and fulfilled ones: the orders revenue and the average are made of. */
  revenueOrderCount: z.number(),
  /**
   * Goods and delivery sold after discounts (decision 0076): each order's total_gross + gift_card_total −
   * gift_card_sales. A gift card bought is not revenue; the goods a gift card pays for are.
   */
  revenue: z.string(),
  averageOrderValue: z.string(),
  /** What discount codes took off those orders (already left out of revenue). */
  discountTotal: z.string(),
  /** Gift cards sold in those orders: kept apart from revenue, carrying no VAT. */
  giftCardSales: z.string(),
  /** Given back at the stall (decision 0077): already left out of revenue. */
  refundedTotal: z.string(),
  /** Revenue and revenue orders by where they were sold: the web shop and the market stall. */
  byChannel: z.array(
    z.object({ channel: z.enum(ORDER_CHANNELS), revenue: z.string(), orderCount: z.number() }),
  ),
  productViews: z.number(),
});
export type AnalyticsTotals = z.infer<typeof analyticsTotalsSchema>;

export const analyticsViewSchema = z.object({
  /** The days the figures cover, both included. */
  range: z.object({ from: z.string(), to: z.string() }),
  totals: analyticsTotalsSchema,
  /** All four statuses, in their lifecycle order, zeros included. */
  ordersByStatus: z.array(statusCountSchema),
  /** One entry per day of the range, zeros included. */
  revenueByDay: z.array(dailyRevenueSchema),
  /** The 12 months up to and including the month of `range.to`, zeros included. */
  revenueByMonth: z.array(monthlyRevenueSchema),
  /** By revenue, then quantity, from paid and fulfilled orders in the range. */
  topProducts: z.array(topProductSchema),
  /** One entry per day of the range, zeros included. */
  productViewsByDay: z.array(dailyViewsSchema),
  topViewedProducts: z.array(topViewedProductSchema),
  qrScans: z.array(qrScanStatsSchema),
});
export type AnalyticsView = z.infer<typeof analyticsViewSchema>;
