import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AnalyticsView, osloDate } from "../../../shared/analytics";
import type { OrderStatus } from "../../../shared/order";
import { orderItems, orders } from "../../db/schema";
import { createProductVia, createStoreVia } from "../../test/fixtures";
import { createTestApp, signUp, type TestApp } from "../../test/harness";

/**
 * Issue 29 items 4 and 7 (decision 0076): revenue is each counted order's total_gross + gift_card_total −
 * gift_card_sales; the discount given and the gift cards sold are shown beside it, the same on the
 * analytics page and the dashboard's card.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

interface PricedOrder {
  status: OrderStatus;
  totalGross: string;
  discountTotal?: string;
  giftCardTotal?: string;
  giftCardSales?: string;
  lines: { productId: string | null; title: string; unitPrice: string; qty: number; giftCard?: object }[];
}

/** An order as checkout's pricing step writes it, placed at `placedAt`. */
async function seedOrder(storeId: string, placedAt: Date, order: PricedOrder) {
  const { lines, ...columns } = order;
  const [row] = await t.database.db
    .insert(orders)
    .values({
      storeId,
      ...columns,
      buyerEmail: "kunde@example.no",
      shipToName: "Nora Kunde",
      shipToPhone: "+4791234567",
      placedAt,
    })
    .returning({ id: orders.id });
  if (!row) throw new Error("order not written");
  await t.database.db.insert(orderItems).values(lines.map((line) => ({ ...line, orderId: row.id })));
}

describe("analytics with discounts and gift cards (decision 0076)", () => {
  it("counts revenue after discounts, gift cards spent as revenue and gift cards sold apart", async () => {
    const seller = await signUp(t.app);
    const store = await createStoreVia(seller.agent, "Leirverket");
    const mug = await createProductVia(seller.agent, store.id, { title: "Mug", basePrice: "349" });
    const now = new Date();
    const mugs = (qty: number) => ({ productId: mug.id, title: "Mug", unitPrice: "349.00", qty });
    const card = (amount: string) => ({
      productId: null,
      title: "Gift card",
      unitPrice: amount,
      qty: 1,
      giftCard: { recipientName: "Kari" },
    });
    // 2 mugs − 50 discount = 648, with a 500 card bought and 200 paid by a card: 948 left to pay.
    await seedOrder(store.id, now, {
      status: "paid",
      totalGross: "948.00",
      discountTotal: "50.00",
      giftCardTotal: "200.00",
      giftCardSales: "500.00",
      lines: [mugs(2), card("500.00")],
    });
    // A mug paid all by a gift card: 0 left to pay, 349 of revenue.
    await seedOrder(store.id, now, {
      status: "fulfilled",
      totalGross: "0.00",
      giftCardTotal: "349.00",
      lines: [mugs(1)],
    });
    // Only a gift card bought: no revenue, 250 of gift cards sold.
    await seedOrder(store.id, now, {
      status: "paid",
      totalGross: "250.00",
      giftCardSales: "250.00",
      lines: [card("250.00")],
    });
    // Cancelled and pending orders count for nothing, their discounts and cards neither.
    for (const status of ["cancelled", "pending"] as const)
      await seedOrder(store.id, now, {
        status,
        totalGross: "598.00",
        discountTotal: "100.00",
        giftCardSales: "300.00",
        lines: [mugs(1), card("300.00")],
      });

    const today = osloDate(now);
    const response = await seller.agent.get(`/api/analytics?storeId=${store.id}&from=${today}&to=${today}`);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as AnalyticsView;
    // 648 + 349 + 0
    expect(body.totals).toMatchObject({
      orderCount: 5,
      revenueOrderCount: 3,
      revenue: "997.00",
      averageOrderValue: "332.33",
      discountTotal: "50.00",
      giftCardSales: "750.00",
    });
    expect(body.revenueByDay).toEqual([{ date: today, revenue: "997.00", orderCount: 3 }]);
    expect(body.revenueByMonth.at(-1)).toEqual({
      month: today.slice(0, 7),
      revenue: "997.00",
      orderCount: 3,
    });
    // A gift card bought is no product sold.
    expect(body.topProducts).toEqual([{ productId: mug.id, title: "Mug", quantity: 3, revenue: "1047.00" }]);

    const summary = await seller.agent.get("/api/dashboard/summary");
    expect(summary.statusCode, summary.body).toBe(200);
    expect(summary.json()).toMatchObject({ monthRevenue: "997.00" });
  });
});
