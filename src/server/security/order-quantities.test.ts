/**
 * Order quantities that are not integers: "0x10", "1e1", "2", true and the like were coerced into
 * numbers (16, 10, 2, 1) and ordered. A quantity is now a JSON number that is a whole number, and
 * anything else is a 400 with the quantity message; nothing is ordered.
 */
import { count } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders } from "../db/schema";
import type { TestApp } from "../test/harness";
import { createSecurityApp, type SecurityApp, type Seed, seedScenario, validOrder } from "./scenario";

let app: SecurityApp;
let t: TestApp;
let seed: Seed;
beforeAll(async () => {
  app = await createSecurityApp();
  t = app.t;
  seed = await seedScenario(t);
}, 180_000);
afterAll(() => app?.close());

const orderCount = async () => (await t.database.db.select({ n: count() }).from(orders))[0]?.n ?? 0;

describe("order quantities", () => {
  it("refuses anything but a JSON integer, and orders nothing", async () => {
    const before = await orderCount();
    for (const qty of ["0x10", "1e1", "2", " 3 ", "", true, false, null, [2], { n: 2 }, 1.5, "Infinity", 0]) {
      const body = validOrder(seed.store.id, seed.product.id);
      const response = await t.app.inject({
        method: "POST",
        url: "/api/orders",
        payload: { ...body, items: [{ productId: seed.product.id, qty }] },
      });
      expect(response.statusCode, JSON.stringify(qty)).toBe(400);
      expect(response.json().message, JSON.stringify(qty)).toBe(
        "Quantity must be a whole number of at least 1",
      );
    }
    expect(await orderCount()).toBe(before);
  });

  it("still takes whole numbers, 1e1 written as a JSON number included", async () => {
    const body = validOrder(seed.store.id, seed.product.id);
    const response = await t.app.inject({
      method: "POST",
      url: "/api/orders",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify(body).replace('"qty":1', '"qty":2e0'),
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().items[0].qty).toBe(2);
  });
});
