import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailOutbox, orders } from "../../db/schema";
import { createTestApp, type TestApp } from "../../test/harness";
import { checkoutOf, storeForRules } from "../checkout/price-rules.fixtures";
import { createStallSale } from "./testing";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ ORDERS_PER_IP_PER_HOUR: "0" });
});
afterAll(() => t.close());

/**
 * The seller's order list, "needs you" and the bell are the web shop's (decision 0077): a stall sale is
 * handed over at the table. Money reports and the privacy rules read it like any order.
 */
describe("stall sales beside the web shop's orders", () => {
  it("stay out of the order list, the count, the dashboard and the bell, and get no shopper notices", async () => {
    const { store, agent, mug, pickup } = await storeForRules(t);
    const web = await checkoutOf(t)({
      storeId: store.id,
      items: [{ productId: mug.id, qty: 1 }],
      deliveryOptionId: pickup.id,
    });
    expect(web.statusCode, web.body).toBe(201);
    const sale = await createStallSale(agent, store.id, [{ productId: mug.id, qty: 1 }]);

    const list = await agent.get(`/api/stores/${store.id}/orders`);
    expect(list.statusCode).toBe(200);
    const ids = (list.json() as { id: string }[]).map((order) => order.id);
    expect(ids).toEqual([web.json().id]);
    expect(list.headers["x-total-count"]).toBe("1");
    const recent = await agent.get("/api/orders/recent");
    expect((recent.json() as { id: string }[]).map((order) => order.id)).toEqual([web.json().id]);
    const summary = await agent.get("/api/dashboard/summary");
    expect(summary.json().newOrders).toBe(1);
    const bell = await agent.get("/api/notifications");
    expect((bell.json().items as { orderId: string }[]).map((item) => item.orderId)).toEqual([web.json().id]);

    // And the stall's routes are the stall's: a web order is no sale there.
    expect((await agent.get(`/api/sales/${web.json().id}`)).statusCode).toBe(404);
    const refund = await agent.post(`/api/sales/${web.json().id}/refund`, { clientRefundId: "refund-web-1" });
    expect(refund.statusCode).toBe(404);
    expect((await agent.post(`/api/sales/${web.json().id}/cancel-payment`)).statusCode).toBe(404);
    expect((await agent.get(`/api/sales/${sale.id}`)).statusCode).toBe(200);

    // Handed over: the seller marks it fulfilled; nobody is mailed "sent" or "ready for pick-up".
    const fulfilled = await agent.request({
      method: "PATCH",
      url: `/api/orders/${sale.id}/status`,
      payload: { status: "fulfilled" },
    });
    expect(fulfilled.statusCode, fulfilled.body).toBe(200);
    expect(await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.orderId, sale.id))).toEqual(
      [],
    );
  });

  it("are erased with the shopper who asks, by their e-mail", async () => {
    const { store, agent, mug } = await storeForRules(t);
    const sale = await createStallSale(agent, store.id, [{ productId: mug.id, qty: 1 }], {
      buyer: { name: "Kari Nordmann", address: "Storgata 1, 0155 Oslo", email: "Kari@Example.no" },
    });
    expect(sale.buyer?.email).toBe("kari@example.no");
    const erased = await agent.post(`/api/stores/${store.id}/erase-shopper`, { email: "kari@example.no" });
    expect(erased.json()).toEqual({ orders: 1 });
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, sale.id));
    expect(row).toMatchObject({ buyerEmail: "", shipToName: "", buyerAddress: null, status: "paid" });
  });
});
