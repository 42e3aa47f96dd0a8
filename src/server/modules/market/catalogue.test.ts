import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { MarketCatalogue } from "../../../shared/market";
import { orders, stores } from "../../db/schema";
import { createProductVia } from "../../test/fixtures";
import { createTestApp, type TestApp } from "../../test/harness";
import { storeForRules } from "../checkout/price-rules.fixtures";
import { createStallSale } from "./testing";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ ORDERS_PER_IP_PER_HOUR: "0" });
});
afterAll(() => t.close());

describe("the market catalogue and the day's sales (decision 0077)", () => {
  it("lists the active products with variants, stock and a small photo, most recently sold first", async () => {
    const { store, agent, mug, vase } = await storeForRules(t, { vaseStock: "4" });
    const scarf = await createProductVia(agent, store.id, { title: "Scarf", basePrice: "600" });
    const variants = await agent.put(`/api/products/${scarf.id}/variants`, {
      options: [{ name: "Colour", values: ["Red", "Blue"] }],
      variants: [
        { values: ["Red"], price: "650", stockQty: 2 },
        { values: ["Blue"], stockQty: null },
      ],
    });
    expect(variants.statusCode, variants.body).toBe(200);
    const hidden = await createProductVia(agent, store.id, { title: "Hidden" });
    expect((await agent.put(`/api/products/${hidden.id}`, { isActive: false })).statusCode).toBe(200);
    await t.database.db.update(stores).set({ stallFullDocuments: true }).where(eq(stores.id, store.id));
    await createStallSale(agent, store.id, [{ productId: vase.id, qty: 1 }], {
      buyer: { name: "Kari Nordmann", address: "Storgata 1, Oslo" },
    });

    const response = await agent.get(`/api/stores/${store.id}/market/catalogue`);
    expect(response.statusCode, response.body).toBe(200);
    const catalogue = response.json() as MarketCatalogue;
    expect(catalogue).toMatchObject({
      storeId: store.id,
      storeName: store.name,
      vatRate: 25,
      vippsAvailable: false,
      fullDocuments: true,
    });
    expect(catalogue.items.map((item) => item.title)).toEqual(["Vase", "Mug", "Scarf"]);
    const [first, second, third] = catalogue.items;
    expect(first).toMatchObject({ productId: vase.id, price: "500.00", stockQty: 3, variants: [] });
    expect(first?.lastSoldAt).not.toBeNull();
    expect(second).toMatchObject({ productId: mug.id, stockQty: null, lastSoldAt: null });
    expect(second?.imageUrl).toMatch(/^\/uploads\/products\/[0-9a-f-]+-400\.webp$/);
    expect(third?.variants).toEqual([
      { id: expect.any(String), label: "Colour: Red", price: "650.00", stockQty: 2 },
      { id: expect.any(String), label: "Colour: Blue", price: "600.00", stockQty: null },
    ]);
  });

  it("lists a day's sales newest first, by the day in Norway or between two moments, paged", async () => {
    const { store, agent, mug } = await storeForRules(t);
    const items = [{ productId: mug.id, qty: 1 }];
    const older = await createStallSale(agent, store.id, items, {
      soldAt: new Date(Date.now() - 3 * 86_400_000).toISOString(),
    });
    const a = await createStallSale(agent, store.id, items);
    const b = await createStallSale(agent, store.id, items);
    const today = await agent.get(`/api/stores/${store.id}/sales`);
    expect(today.json().total).toBe(2);
    expect(today.json().sales.map((sale: { id: string }) => sale.id)).toEqual([b.id, a.id]);
    const paged = await agent.get(`/api/stores/${store.id}/sales?limit=1&offset=1`);
    expect(paged.json()).toMatchObject({ total: 2, sales: [{ id: a.id }] });
    const soldAt = older.soldAt;
    const day = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Oslo" }).format(new Date(soldAt));
    const thatDay = await agent.get(`/api/stores/${store.id}/sales?from=${day}`);
    expect(thatDay.json()).toMatchObject({ total: 1, sales: [{ id: older.id }] });
    const from = encodeURIComponent(new Date(Date.parse(soldAt) - 1000).toISOString());
    const to = encodeURIComponent(new Date().toISOString());
    const range = await agent.get(`/api/stores/${store.id}/sales?from=${from}&to=${to}`);
    expect(range.json().total).toBe(3);
    expect((await agent.get(`/api/stores/${store.id}/sales?from=yesterday`)).statusCode).toBe(400);
    // Web orders are not stall sales.
    expect(await t.database.db.select().from(orders).where(eq(orders.storeId, store.id))).toHaveLength(3);
  });
});
