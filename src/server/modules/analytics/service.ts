import { and, asc, between, desc, eq, inArray, isNull, type SQL, sql } from "drizzle-orm";
import {
  ANALYTICS_MONTHS,
  type AnalyticsView,
  ORDER_CHANNELS,
  type OrderChannel,
  type QrScanStats,
  type StatusCount,
  type TopProduct,
  type TopViewedProduct,
} from "../../../shared/analytics";
import { ORDER_STATUSES, type OrderStatus } from "../../../shared/order";
import type { Db } from "../../db/client";
import { orderItems, orders, products, productViews, qrCodes, storeMembers, stores } from "../../db/schema";
import { countsAsRevenue, orderRevenueSql } from "../orders";

const TOP_PRODUCTS = 5;
const TOP_VIEWED_PRODUCTS = 5;

export interface DayRange {
  from: string;
  to: string;
}

/** The moment an Oslo calendar day begins, as a timestamptz: day boundaries follow Norway's clock, DST included. */
const osloMidnight = (day: SQL) => sql`((${day})::timestamp at time zone 'Europe/Oslo')`;

/** Orders placed within the range's Oslo days; a range on placed_at itself, so the store/placed_at index serves it. */
function placedWithin(range: DayRange): SQL {
  return sql`${orders.placedAt} >= ${osloMidnight(sql`${range.from}::date`)}
    and ${orders.placedAt} < ${osloMidnight(sql`${range.to}::date + 1`)}`;
}

/** Each order's revenue (decision 0076): gift cards bought are kept apart, gift cards spent count. */
const orderRevenue = orderRevenueSql();

/**
 * A sum of money as text with two decimals ("0.00" when there is nothing to add). Plain numeric, no
 * precision: a seller's orders may add up to far more than one order's numeric(12,2) can hold.
 */
const kroner = (amount: SQL) => sql<string>`round(coalesce(${amount}, 0), 2)::text`;

/** The product views of the stores on the range's days. */
const viewsWithin = (storeIds: string[], range: DayRange) =>
  and(inArray(productViews.storeId, storeIds), between(productViews.day, range.from, range.to));

/**
 * Every figure of the analytics page for a set of stores, computed by PostgreSQL: zero-filled series
 * from generate_series, sums in numeric (decision 0007), days and months on Oslo's calendar. Six queries, in parallel;
 * no order is ever loaded into memory.
 */
export async function loadAnalytics(db: Db, storeIds: string[], range: DayRange): Promise<AnalyticsView> {
  const [daily, revenueByMonth, totals, topProducts, topViewedProducts, qrScans] = await Promise.all([
    dailyFigures(db, storeIds, range),
    monthlyRevenue(db, storeIds, range.to),
    rangeTotals(db, storeIds, range),
    bestSellers(db, storeIds, range),
    mostViewed(db, storeIds, range),
    qrScanStats(db, storeIds),
  ]);
  const { byStatus, ...rangeFigures } = totals;
  return {
    range,
    totals: rangeFigures,
    ordersByStatus: byStatus,
    revenueByDay: daily.map(({ date, revenue, orderCount }) => ({ date, revenue, orderCount })),
    revenueByMonth,
    topProducts,
    productViewsByDay: daily.map(({ date, views }) => ({ date, views })),
    topViewedProducts,
    qrScans,
  };
}

/** One row per day of the range: revenue, revenue orders and product views, zeros included. */
async function dailyFigures(db: Db, storeIds: string[], range: DayRange) {
  const result = await db.execute<{ date: string; revenue: string; orderCount: number; views: number }>(sql`
    with days as (
      select generate_series(${range.from}::date, ${range.to}::date, interval '1 day')::date as day
    ), revenue as (
      select (${orders.placedAt} at time zone 'Europe/Oslo')::date as day,
        sum(${orderRevenue}) as revenue, count(*) as order_count
      from ${orders}
      where ${and(inArray(orders.storeId, storeIds), countsAsRevenue, placedWithin(range))}
      group by 1
    ), views as (
      select ${productViews.day} as day, sum(${productViews.views}) as views
      from ${productViews}
      where ${viewsWithin(storeIds, range)}
      group by 1
    )
    select to_char(days.day, 'YYYY-MM-DD') as "date",
      ${kroner(sql`revenue.revenue`)} as "revenue",
      coalesce(revenue.order_count, 0)::int as "orderCount",
      coalesce(views.views, 0)::int as "views"
    from days
      left join revenue on revenue.day = days.day
      left join views on views.day = days.day
    order by days.day`);
  return result.rows;
}

/** The 12 months up to and including the month of `to`, zeros included. */
async function monthlyRevenue(db: Db, storeIds: string[], to: string) {
  const lastMonth = sql`date_trunc('month', ${to}::date::timestamp)`;
  const firstMonth = sql`(${lastMonth} - make_interval(months => ${ANALYTICS_MONTHS - 1}))`;
  const result = await db.execute<{ month: string; revenue: string; orderCount: number }>(sql`
    with months as (
      select generate_series(${firstMonth}, ${lastMonth}, interval '1 month') as month
    ), revenue as (
      select date_trunc('month', ${orders.placedAt} at time zone 'Europe/Oslo') as month,
        sum(${orderRevenue}) as revenue, count(*) as order_count
      from ${orders}
      where ${and(
        inArray(orders.storeId, storeIds),
        countsAsRevenue,
        sql`${orders.placedAt} >= ${osloMidnight(firstMonth)}`,
        sql`${orders.placedAt} < ${osloMidnight(sql`${lastMonth} + interval '1 month'`)}`,
      )}
      group by 1
    )
    select to_char(months.month, 'YYYY-MM') as "month",
      ${kroner(sql`revenue.revenue`)} as "revenue",
      coalesce(revenue.order_count, 0)::int as "orderCount"
    from months left join revenue on revenue.month = months.month
    order by months.month`);
  return result.rows;
}

/** Revenue and revenue orders of each channel (decision 0077): the web shop and the market stall. */
const channelTotals = {
  webRevenue: kroner(
    sql`sum(${orderRevenue}) filter (where ${countsAsRevenue} and ${orders.channel} = 'web')`,
  ),
  webCount: sql<number>`(count(*) filter (where ${countsAsRevenue} and ${orders.channel} = 'web'))::int`,
  stallRevenue: kroner(
    sql`sum(${orderRevenue}) filter (where ${countsAsRevenue} and ${orders.channel} = 'stall')`,
  ),
  stallCount: sql<number>`(count(*) filter (where ${countsAsRevenue} and ${orders.channel} = 'stall'))::int`,
} satisfies Record<`${OrderChannel}${"Revenue" | "Count"}`, SQL>;

/** Order counts by status, revenue, average order value and product views over the whole range. */
async function rangeTotals(db: Db, storeIds: string[], range: DayRange) {
  const statusCounts = Object.fromEntries(
    ORDER_STATUSES.map((status) => [
      status,
      sql<number>`(count(*) filter (where ${orders.status} = ${status}))::int`,
    ]),
  ) as Record<OrderStatus, SQL<number>>;
  const [row] = await db
    .select({
      orderCount: sql<number>`count(*)::int`,
      revenueOrderCount: sql<number>`(count(*) filter (where ${countsAsRevenue}))::int`,
      revenue: kroner(sql`sum(${orderRevenue}) filter (where ${countsAsRevenue})`),
      averageOrderValue: kroner(sql`avg(${orderRevenue}) filter (where ${countsAsRevenue})`),
      // What discount codes took off the counted orders: revenue is already after it (decision 0076).
      discountTotal: kroner(sql`sum(${orders.discountTotal}) filter (where ${countsAsRevenue})`),
      // Gift cards sold in counted orders: money taken for cards, apart from revenue.
      giftCardSales: kroner(sql`sum(${orders.giftCardSales}) filter (where ${countsAsRevenue})`),
      refundedTotal: kroner(sql`sum(${orders.refundedTotal}) filter (where ${countsAsRevenue})`),
      ...channelTotals,
      productViews: sql<number>`(
        select coalesce(sum(${productViews.views}), 0)::int from ${productViews}
        where ${viewsWithin(storeIds, range)}
      )`,
      ...statusCounts,
    })
    .from(orders)
    .where(and(inArray(orders.storeId, storeIds), placedWithin(range)));
  if (!row) throw new Error("an aggregate without group by always returns one row");
  const { orderCount, revenueOrderCount, averageOrderValue, discountTotal, giftCardSales, refundedTotal } =
    row;
  const byStatus: StatusCount[] = ORDER_STATUSES.map((status) => ({ status, count: row[status] }));
  return {
    orderCount,
    revenueOrderCount,
    revenue: row.revenue,
    averageOrderValue,
    discountTotal,
    giftCardSales,
    refundedTotal,
    byChannel: ORDER_CHANNELS.map((channel) => ({
      channel,
      revenue: row[`${channel}Revenue`],
      orderCount: row[`${channel}Count`],
    })),
    productViews: row.productViews,
    byStatus,
  };
}

/** The products that brought in the most in the range, from the order lines' price and title snapshots. */
async function bestSellers(db: Db, storeIds: string[], range: DayRange): Promise<TopProduct[]> {
  const revenue = sql`sum(${orderItems.unitPrice} * ${orderItems.qty})`;
  const quantity = sql`sum(${orderItems.qty})`;
  // A product renamed since keeps one line, under the title of its latest order.
  const latestTitle = sql`(array_agg(${orderItems.title} order by ${orders.placedAt} desc))[1]`;
  // Lines of deleted products have no id left: each of their titles stays a line of its own.
  const deletedProductTitle = sql`case when ${orderItems.productId} is null then ${orderItems.title} end`;
  return db
    .select({
      productId: orderItems.productId,
      title: sql<string>`${latestTitle}`,
      quantity: sql<number>`${quantity}::int`,
      revenue: kroner(revenue),
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(
      and(
        inArray(orders.storeId, storeIds),
        countsAsRevenue,
        placedWithin(range),
        // A gift card bought is no product sold (decision 0076).
        isNull(orderItems.giftCard),
      ),
    )
    .groupBy(orderItems.productId, deletedProductTitle)
    .orderBy(desc(revenue), desc(quantity), asc(latestTitle))
    .limit(TOP_PRODUCTS);
}

async function mostViewed(db: Db, storeIds: string[], range: DayRange): Promise<TopViewedProduct[]> {
  const views = sql`sum(${productViews.views})`;
  return db
    .select({ productId: productViews.productId, title: products.title, views: sql<number>`${views}::int` })
    .from(productViews)
    .innerJoin(products, eq(products.id, productViews.productId))
    .where(viewsWithin(storeIds, range))
    .groupBy(productViews.productId, products.title)
    .orderBy(desc(views), asc(products.title))
    .limit(TOP_VIEWED_PRODUCTS);
}

/** The QR codes of the stores, most scanned first. */
async function qrScanStats(db: Db, storeIds: string[]): Promise<QrScanStats[]> {
  const rows = await db
    .select({
      id: qrCodes.id,
      code: qrCodes.code,
      url: qrCodes.url,
      storeName: stores.name,
      isActive: qrCodes.isActive,
      scannedCount: qrCodes.scannedCount,
      lastScannedAt: qrCodes.lastScannedAt,
    })
    .from(qrCodes)
    .innerJoin(stores, eq(stores.id, qrCodes.storeId))
    .where(inArray(qrCodes.storeId, storeIds))
    .orderBy(desc(qrCodes.scannedCount), asc(qrCodes.code));
  return rows.map((row) => ({ ...row, lastScannedAt: row.lastScannedAt?.toISOString() ?? null }));
}

/** Whether the user is a member of the store selling the product: a seller looking at their own shop is no shopper. */
export async function sellsProduct(db: Db, userId: string, productId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: products.id })
    .from(products)
    .innerJoin(storeMembers, and(eq(storeMembers.storeId, products.storeId), eq(storeMembers.userId, userId)))
    .where(eq(products.id, productId));
  return row !== undefined;
}
