import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AnalyticsView, addDays, osloDate } from "../../../shared/analytics";
import type { OrderStatus } from "../../../shared/order";
import { orderItems, orders, products, productViews } from "../../db/schema";
import { createProductVia, createStoreVia } from "../../test/fixtures";
import { type Agent, createTestApp, signUp, signUpAdmin, type TestApp } from "../../test/harness";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

interface Line {
  productId: string | null;
  title: string;
  unitPrice: string;
  qty: number;
}

/** An order written straight to the database, so the test controls when it was placed and its status. */
async function seedOrder(
  storeId: string,
  placedAt: string,
  status: OrderStatus,
  totalGross: string,
  lines: Line[],
) {
  const [order] = await t.database.db
    .insert(orders)
    .values({
      storeId,
      status,
      totalGross,
      buyerEmail: "kunde@example.no",
      shipToName: "Nora Kunde",
      shipToPhone: "+4791234567",
      placedAt: new Date(placedAt),
    })
    .returning({ id: orders.id });
  if (!order) throw new Error("order not written");
  await t.database.db.insert(orderItems).values(lines.map((line) => ({ ...line, orderId: order.id })));
}

async function analytics(agent: Agent, query: string) {
  const response = await agent.get(`/api/analytics${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as AnalyticsView;
}

let visitors = 0;
/** A shopper's view: by default each call is another visitor, on their own address. */
const beacon = (
  productId: string,
  headers: Record<string, string> = {},
  remoteAddress = `10.1.${Math.floor(++visitors / 250)}.${(visitors % 250) + 1}`,
) =>
  t.app.inject({ method: "POST", url: `/api/analytics/product-views/${productId}`, headers, remoteAddress });

/**
 * One seller with two stores and orders over four months in every status; another seller with one
 * big order that must never show up in the first seller's figures.
 */
async function seedSellers() {
  const seller = await signUp(t.app);
  const pottery = await createStoreVia(seller.agent, "Leirverket");
  const weaving = await createStoreVia(seller.agent, "Veveriet");
  const mug = await createProductVia(seller.agent, pottery.id, { title: "Mug", basePrice: "349" });
  const bowl = await createProductVia(seller.agent, pottery.id, { title: "Bowl", basePrice: "199" });
  const throwRug = await createProductVia(seller.agent, weaving.id, { title: "Rug", basePrice: "250" });
  const mugLine = (qty: number): Line => ({ productId: mug.id, title: "Mug", unitPrice: "349.00", qty });
  const bowlLine = (qty: number): Line => ({ productId: bowl.id, title: "Bowl", unitPrice: "199.50", qty });

  await seedOrder(pottery.id, "2026-01-15T10:00:00Z", "paid", "548.50", [mugLine(1), bowlLine(1)]);
  await seedOrder(pottery.id, "2026-02-10T12:00:00Z", "fulfilled", "698.00", [mugLine(2)]);
  // 23:30 on 31 March in Oslo (summer time began on 29 March): still March.
  await seedOrder(pottery.id, "2026-03-31T21:30:00Z", "fulfilled", "199.50", [bowlLine(1)]);
  // 00:30 on 1 April in Oslo, though still 31 March in UTC: April's first order.
  await seedOrder(pottery.id, "2026-03-31T22:30:00Z", "paid", "399.00", [bowlLine(2)]);
  await seedOrder(pottery.id, "2026-04-01T08:00:00Z", "pending", "349.00", [mugLine(1)]);
  await seedOrder(pottery.id, "2026-04-02T09:00:00Z", "cancelled", "1047.00", [mugLine(3)]);
  // A line of a product deleted since: no id, the title it was sold under.
  await seedOrder(pottery.id, "2026-04-02T10:00:00Z", "paid", "399.00", [
    mugLine(1),
    { productId: null, title: "Glaze sample", unitPrice: "25.00", qty: 2 },
  ]);
  await seedOrder(weaving.id, "2026-04-02T11:00:00Z", "paid", "250.00", [
    { productId: throwRug.id, title: "Rug", unitPrice: "250.00", qty: 1 },
  ]);

  const other = await signUp(t.app);
  const otherStore = await createStoreVia(other.agent, "Sølvsmia");
  await seedOrder(otherStore.id, "2026-04-01T12:00:00Z", "paid", "9999.00", [
    { productId: null, title: "Ring", unitPrice: "9999.00", qty: 1 },
  ]);
  return { seller, pottery, weaving, mug, bowl, other, otherStore };
}

let seeded: Awaited<ReturnType<typeof seedSellers>>;
beforeAll(async () => {
  seeded = await seedSellers();
});

describe("GET /api/analytics", () => {
  it("gives one store's revenue per Oslo day, totals, statuses and top products; only paid and fulfilled count", async () => {
    const { seller, pottery, mug, bowl } = seeded;
    const body = await analytics(seller.agent, `?storeId=${pottery.id}&from=2026-03-30&to=2026-04-02`);
    expect(body.range).toEqual({ from: "2026-03-30", to: "2026-04-02" });
    expect(body.revenueByDay).toEqual([
      { date: "2026-03-30", revenue: "0.00", orderCount: 0 },
      { date: "2026-03-31", revenue: "199.50", orderCount: 1 },
      { date: "2026-04-01", revenue: "399.00", orderCount: 1 },
      { date: "2026-04-02", revenue: "399.00", orderCount: 1 },
    ]);
    expect(body.totals).toEqual({
      orderCount: 5,
      revenueOrderCount: 3,
      revenue: "997.50",
      averageOrderValue: "332.50",
      discountTotal: "0.00",
      giftCardSales: "0.00",
      refundedTotal: "0.00",
      byChannel: [
        { channel: "web", revenue: "997.50", orderCount: 3 },
        { channel: "stall", revenue: "0.00", orderCount: 0 },
      ],
      productViews: 0,
    });
    expect(body.ordersByStatus).toEqual([
      { status: "pending", count: 1 },
      { status: "paid", count: 2 },
      { status: "fulfilled", count: 1 },
      { status: "cancelled", count: 1 },
    ]);
    expect(body.topProducts).toEqual([
      { productId: bowl.id, title: "Bowl", quantity: 3, revenue: "598.50" },
      { productId: mug.id, title: "Mug", quantity: 1, revenue: "349.00" },
      { productId: null, title: "Glaze sample", quantity: 2, revenue: "50.00" },
    ]);
  });

  it("gives the 12 months up to the range's end, zeros included, on Oslo's calendar", async () => {
    const { seller, pottery } = seeded;
    const body = await analytics(seller.agent, `?storeId=${pottery.id}&from=2026-04-01&to=2026-04-30`);
    expect(body.revenueByMonth).toHaveLength(12);
    expect(body.revenueByMonth[0]).toEqual({ month: "2025-05", revenue: "0.00", orderCount: 0 });
    expect(body.revenueByMonth.slice(-4)).toEqual([
      { month: "2026-01", revenue: "548.50", orderCount: 1 },
      { month: "2026-02", revenue: "698.00", orderCount: 1 },
      { month: "2026-03", revenue: "199.50", orderCount: 1 },
      { month: "2026-04", revenue: "798.00", orderCount: 2 },
    ]);
    expect(body.revenueByDay).toHaveLength(30);
  });

  it("without a storeId adds up every store of yours and nobody else's", async () => {
    const { seller, weaving } = seeded;
    const body = await analytics(seller.agent, "?from=2026-03-30&to=2026-04-02");
    expect(body.revenueByDay.at(-1)).toEqual({ date: "2026-04-02", revenue: "649.00", orderCount: 2 });
    expect(body.totals).toMatchObject({
      orderCount: 6,
      revenueOrderCount: 4,
      revenue: "1247.50",
      // 1247.50 / 4 = 311.875, rounded half up to øre.
      averageOrderValue: "311.88",
    });
    expect(body.topProducts.map((product) => product.title)).toEqual(["Bowl", "Mug", "Rug", "Glaze sample"]);
    const weavingOnly = await analytics(seller.agent, `?storeId=${weaving.id}&from=2026-03-30&to=2026-04-02`);
    expect(weavingOnly.totals.revenue).toBe("250.00");
  });

  it("answers another seller's store with 404, and a seller without stores with zeros", async () => {
    const { seller, other, otherStore } = seeded;
    expect((await seller.agent.get(`/api/analytics?storeId=${otherStore.id}`)).statusCode).toBe(404);
    expect((await seller.agent.get("/api/analytics?storeId=not-a-uuid")).statusCode).toBe(404);
    const theirs = await analytics(other.agent, "?from=2026-04-01&to=2026-04-01");
    expect(theirs.totals.revenue).toBe("9999.00");

    const newcomer = await signUp(t.app);
    const empty = await analytics(newcomer.agent, "?from=2026-04-01&to=2026-04-07");
    expect(empty.revenueByDay).toHaveLength(7);
    expect(empty.revenueByDay.every((day) => day.revenue === "0.00" && day.orderCount === 0)).toBe(true);
    expect(empty.totals).toEqual({
      orderCount: 0,
      revenueOrderCount: 0,
      revenue: "0.00",
      averageOrderValue: "0.00",
      discountTotal: "0.00",
      giftCardSales: "0.00",
      refundedTotal: "0.00",
      byChannel: [
        { channel: "web", revenue: "0.00", orderCount: 0 },
        { channel: "stall", revenue: "0.00", orderCount: 0 },
      ],
      productViews: 0,
    });
    expect(empty.ordersByStatus.map((entry) => entry.count)).toEqual([0, 0, 0, 0]);
    expect(empty).toMatchObject({ topProducts: [], topViewedProducts: [], qrScans: [] });

    // The analytics page is a seller's page: a platform admin sees their own stores here, not everyone's.
    const admin = await signUpAdmin(t);
    expect((await analytics(admin.agent, "?from=2026-04-01&to=2026-04-01")).totals.revenue).toBe("0.00");
  });

  it("defaults to the 30 days up to today in Norway", async () => {
    const body = await analytics(seeded.seller.agent, "");
    const today = osloDate();
    expect(body.range).toEqual({ from: addDays(today, -29), to: today });
    expect(body.revenueByDay).toHaveLength(30);
    expect(body.productViewsByDay).toHaveLength(30);
    expect(body.revenueByMonth.at(-1)?.month).toBe(today.slice(0, 7));
  });

  it("adds up a seller whose orders come to more than 10^12 kr (analytics and dashboard summary)", async () => {
    // The attack: big prices × big quantities, many orders, until every figure is past numeric(14,2).
    const whale = await signUp(t.app);
    const store = await createStoreVia(whale.agent, "Hvalfangst");
    const now = new Date();
    // The largest price a product may have, 90 of them: one order just under the order limit.
    const line = { productId: null, title: "Yacht", unitPrice: "99999999.99", qty: 90 };
    const orderTotal = "8999999999.10";
    const placed = await t.database.db
      .insert(orders)
      .values(
        Array.from({ length: 120 }, () => ({
          storeId: store.id,
          status: "paid" as const,
          totalGross: orderTotal,
          buyerEmail: "kunde@example.no",
          shipToName: "Nora Kunde",
          shipToPhone: "+4791234567",
          placedAt: now,
        })),
      )
      .returning({ id: orders.id });
    await t.database.db.insert(orderItems).values(placed.map((order) => ({ ...line, orderId: order.id })));
    // 120 × 8 999 999 999.10
    const total = "1079999999892.00";

    const today = osloDate(now);
    const body = await analytics(whale.agent, `?storeId=${store.id}&from=${today}&to=${today}`);
    expect(body.totals).toMatchObject({
      revenue: total,
      revenueOrderCount: 120,
      averageOrderValue: orderTotal,
    });
    expect(body.revenueByDay).toEqual([{ date: today, revenue: total, orderCount: 120 }]);
    expect(body.revenueByMonth.at(-1)).toEqual({ month: today.slice(0, 7), revenue: total, orderCount: 120 });
    expect(body.topProducts).toEqual([{ productId: null, title: "Yacht", quantity: 10_800, revenue: total }]);

    const summary = await whale.agent.get("/api/dashboard/summary");
    expect(summary.statusCode, summary.body).toBe(200);
    expect(summary.json()).toMatchObject({ newOrders: 120, monthRevenue: total });
  });

  it("refuses bad dates and ranges with 400 and a message, and signed-out callers with 401", async () => {
    const { agent } = seeded.seller;
    const message = async (query: string) => {
      const response = await agent.get(`/api/analytics${query}`);
      expect(response.statusCode, query).toBe(400);
      return response.json().message as string;
    };
    expect(await message("?from=2026-02-30")).toBe(
      "Use a date in the form YYYY-MM-DD, for example 2026-04-01",
    );
    expect(await message("?to=01.04.2026")).toBe("Use a date in the form YYYY-MM-DD, for example 2026-04-01");
    expect(await message("?from=2026-04-05&to=2026-04-01")).toBe(
      "The start date must be on or before the end date",
    );
    expect(await message("?from=2025-03-31&to=2026-04-01")).toBe("Choose a period of at most 366 days");
    // 366 days exactly is allowed.
    expect((await analytics(agent, "?from=2025-04-01&to=2026-04-01")).revenueByDay).toHaveLength(366);
    const norwegian = await agent.request({
      method: "GET",
      url: "/api/analytics?from=2026-04-05&to=2026-04-01",
      headers: { "accept-language": "nb" },
    });
    expect(norwegian.json().message).toBe("Startdatoen må være samme dag som eller før sluttdatoen");
    expect((await t.app.inject({ url: "/api/analytics" })).statusCode).toBe(401);
  });

  it("lists the QR codes of the scoped stores with their scans", async () => {
    const { seller, pottery, other, otherStore } = seeded;
    const create = async (agent: Agent, storeId: string, code: string) =>
      expect(
        (await agent.post("/api/qr-codes", { code, url: "https://example.no/market", storeId })).statusCode,
      ).toBe(201);
    await create(seller.agent, pottery.id, "leirverket-market");
    await create(other.agent, otherStore.id, "solvsmia-market");
    for (let scan = 0; scan < 2; scan++) {
      expect((await t.app.inject({ url: "/q/leirverket-market" })).statusCode).toBe(302);
    }
    const body = await analytics(seller.agent, "?from=2026-04-01&to=2026-04-01");
    expect(body.qrScans).toEqual([
      {
        id: expect.any(String),
        code: "leirverket-market",
        url: "https://example.no/market",
        storeName: "Leirverket",
        isActive: true,
        scannedCount: 2,
        lastScannedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      },
    ]);
  });
});

describe("product view beacon", () => {
  it("counts views of an active product per Oslo day, and shows them after a flush", async () => {
    const { seller, pottery, mug, bowl } = seeded;
    for (let view = 0; view < 3; view++) expect((await beacon(mug.id)).statusCode).toBe(204);
    expect((await beacon(bowl.id)).statusCode).toBe(204);
    // Views buffered at 00:30 Oslo time on 1 April belong to that day, not to UTC's 31 March.
    t.app.productViews.record(bowl.id, new Date("2026-03-31T22:30:00Z"));
    await t.app.productViews.flush();

    const today = osloDate();
    const recent = await analytics(seller.agent, `?storeId=${pottery.id}&from=${today}&to=${today}`);
    expect(recent.totals.productViews).toBe(4);
    expect(recent.productViewsByDay).toEqual([{ date: today, views: 4 }]);
    expect(recent.topViewedProducts).toEqual([
      { productId: mug.id, title: "Mug", views: 3 },
      { productId: bowl.id, title: "Bowl", views: 1 },
    ]);
    const april = await analytics(seller.agent, `?storeId=${pottery.id}&from=2026-03-31&to=2026-04-01`);
    expect(april.productViewsByDay).toEqual([
      { date: "2026-03-31", views: 0 },
      { date: "2026-04-01", views: 1 },
    ]);
  });

  it("does not count a seller looking at their own product, but counts other signed-in visitors", async () => {
    const { seller } = seeded;
    const glass = await createStoreVia(seller.agent, "Glassverket");
    const jug = await createProductVia(seller.agent, glass.id, { title: "Jug", basePrice: "300" });
    expect((await seller.agent.post(`/api/analytics/product-views/${jug.id}`, {})).statusCode).toBe(204);
    const visitor = await signUp(t.app);
    expect((await visitor.agent.post(`/api/analytics/product-views/${jug.id}`, {})).statusCode).toBe(204);
    await t.app.productViews.flush();
    const body = await analytics(seller.agent, `?storeId=${glass.id}`);
    expect(body.topViewedProducts).toEqual([{ productId: jug.id, title: "Jug", views: 1 }]);
  });

  it("counts one view per visitor and product in half an hour, however often they look", async () => {
    const { seller } = seeded;
    const clay = await createStoreVia(seller.agent, "Leirhuset");
    const cup = await createProductVia(seller.agent, clay.id, { title: "Cup", basePrice: "250" });
    const phone = { "user-agent": "Mozilla/5.0 (iPhone)" };
    for (let look = 0; look < 3; look++)
      expect((await beacon(cup.id, phone, "203.0.113.9")).statusCode).toBe(204);
    // Another browser name on the same address is the same visitor: the header is the client's to forge.
    expect((await beacon(cup.id, { "user-agent": "Mozilla/5.0 (Android)" }, "203.0.113.9")).statusCode).toBe(
      204,
    );
    const start = new Date();
    const later = (minutes: number) => new Date(start.getTime() + minutes * 60_000);
    t.app.productViews.record(cup.id, later(10), "reader");
    t.app.productViews.record(cup.id, later(20), "reader");
    t.app.productViews.record(cup.id, later(41), "reader");
    await t.app.productViews.flush();
    const body = await analytics(
      seller.agent,
      `?storeId=${clay.id}&from=2026-01-01&to=${osloDate(later(41))}`,
    );
    expect(body.totals.productViews).toBe(3);
  });

  it("counts one address sending 50 different User-Agents once", async () => {
    const { seller } = seeded;
    const stall = await createStoreVia(seller.agent, "Bua");
    const plate = await createProductVia(seller.agent, stall.id, { title: "Plate", basePrice: "180" });
    for (let n = 0; n < 50; n++) {
      const response = await beacon(plate.id, { "user-agent": `Mozilla/5.0 (Bot ${n})` }, "198.51.100.7");
      expect(response.statusCode).toBe(204);
    }
    // Another address is another visitor.
    expect((await beacon(plate.id, { "user-agent": "Mozilla/5.0 (Bot 0)" }, "198.51.100.8")).statusCode).toBe(
      204,
    );
    await t.app.productViews.flush();
    const body = await analytics(seller.agent, `?storeId=${stall.id}`);
    expect(body.topViewedProducts).toEqual([{ productId: plate.id, title: "Plate", views: 2 }]);
  });

  it("counts exactly N views for N concurrent beacons", async () => {
    const { seller, weaving } = seeded;
    const vase = await createProductVia(seller.agent, weaving.id, { title: "Vase", basePrice: "420" });
    const responses = await Promise.all(Array.from({ length: 40 }, () => beacon(vase.id)));
    expect(responses.every((response) => response.statusCode === 204)).toBe(true);
    await Promise.all([t.app.productViews.flush(), t.app.productViews.flush()]);
    const body = await analytics(seller.agent, `?storeId=${weaving.id}`);
    expect(body.topViewedProducts).toEqual([{ productId: vase.id, title: "Vase", views: 40 }]);
    // A second batch adds to the same row.
    await Promise.all(Array.from({ length: 5 }, () => beacon(vase.id)));
    await t.app.productViews.flush();
    expect((await analytics(seller.agent, `?storeId=${weaving.id}`)).totals.productViews).toBe(45);
  });

  it("keeps the views of a flush the database refuses and writes them with the next one", async () => {
    const { seller, weaving } = seeded;
    const lamp = await createProductVia(seller.agent, weaving.id, { title: "Lamp", basePrice: "600" });
    for (let view = 0; view < 3; view++) expect((await beacon(lamp.id)).statusCode).toBe(204);
    await t.database.db.execute(sql`alter table product_views rename to product_views_away`);
    try {
      await t.app.productViews.flush();
    } finally {
      await t.database.db.execute(sql`alter table product_views_away rename to product_views`);
    }
    const written = () =>
      t.database.db.select().from(productViews).where(eq(productViews.productId, lamp.id));
    expect(await written()).toEqual([]);
    await t.app.productViews.flush();
    expect((await written()).map((row) => row.views)).toEqual([3]);
    const body = await analytics(seller.agent, `?storeId=${weaving.id}`);
    expect(body.topViewedProducts).toContainEqual({ productId: lamp.id, title: "Lamp", views: 3 });
  });

  it("answers 404 for an inactive, unknown or deleted-store product, and refuses other sites", async () => {
    const { seller } = seeded;
    const store = await createStoreVia(seller.agent, "Nedlagt");
    const hidden = await createProductVia(seller.agent, store.id, { title: "Hidden" });
    await t.database.db.update(products).set({ isActive: false }).where(eq(products.id, hidden.id));
    expect((await beacon(hidden.id)).statusCode).toBe(404);
    expect((await beacon("8a6e0804-2bd0-4672-b79a-d8d9f3a1f5b1")).statusCode).toBe(404);
    expect((await beacon("not-a-product")).statusCode).toBe(404);

    const gone = await createProductVia(seller.agent, store.id, { title: "Gone" });
    expect((await seller.agent.delete(`/api/stores/${store.id}`)).statusCode).toBe(200);
    expect((await beacon(gone.id)).statusCode).toBe(404);

    const { mug } = seeded;
    expect((await beacon(mug.id, { origin: "https://evil.example" })).statusCode).toBe(403);
    expect((await beacon(mug.id, { origin: "http://localhost:80" })).statusCode).toBe(204);
    expect((await beacon(mug.id, { "sec-fetch-site": "same-origin" })).statusCode).toBe(204);
  });
});
