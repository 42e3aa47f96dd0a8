import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeVipps, startFakeVipps } from "../../test/fakes/vipps";
import { Agent, createTestApp, signUp, type TestApp } from "../../test/harness";
import { changeOrderStatus } from "../orders/service";
import { checkout, deliverVipps, paymentEnv, storeWithChannels, tokenOf } from "../payments/testing";

/**
 * Issue item 3: the bell (GET /api/notifications) lists what needs the seller, and the dashboard's
 * "New orders" counts the same set (decision 0061): orders paid, or placed without online payment, and
 * not yet fulfilled; withdrawals not yet settled; orders paid for after they were cancelled, while the
 * money is held (stock conflicts).
 */
let t: TestApp;
let vipps: FakeVipps;
beforeAll(async () => {
  vipps = await startFakeVipps({ deliver: false });
  t = await createTestApp(paymentEnv(vipps));
});
afterAll(async () => {
  await t.close();
  await vipps.close();
});

type Item = { kind: string; orderId: string; isNew: boolean; storeName: string };

async function bell(agent: Agent) {
  const response = await agent.get("/api/notifications");
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { unseenCount: number; total: number; items: Item[] };
}

async function newOrders(agent: Agent) {
  const response = await agent.get("/api/dashboard/summary");
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { newOrders: number }).newOrders;
}

const kinds = (items: Item[]) => items.map((item) => [item.kind, item.orderId]).sort();

/** A Vipps store's checkout: the order and its attempt's reference at the fake. */
async function vippsCheckout(storeId: string, productId: string) {
  const response = await checkout(t, storeId, productId, "vipps");
  expect(response.statusCode, response.body).toBe(201);
  const reference = [...vipps.payments.values()].at(-1)?.reference ?? "";
  return { order: response.json() as { id: string; publicUrl: string }, reference };
}

describe("issue item 3: the bell lists what needs the seller", () => {
  it("two paid orders and one rejected payment: the bell lists the two paid, not the rejected", async () => {
    const { seller, store, mug } = await storeWithChannels(t, [{ provider: "vipps", isLive: true }]);
    const first = await vippsCheckout(store.id, mug.id);
    const second = await vippsCheckout(store.id, mug.id);
    const rejected = await vippsCheckout(store.id, mug.id);
    await vipps.approve(first.reference);
    await vipps.approve(second.reference);
    await vipps.reject(rejected.reference);
    await deliverVipps(t, vipps);

    const answer = await bell(seller.agent);
    expect(kinds(answer.items)).toEqual(
      [
        ["order", first.order.id],
        ["order", second.order.id],
      ].sort(),
    );
    expect(answer).toMatchObject({ unseenCount: 2, total: 2 });
    expect(answer.items.every((item) => item.isNew && item.storeName === store.name)).toBe(true);
    expect(await newOrders(seller.agent)).toBe(2);

    // Fulfilled, it needs the seller no more.
    expect(
      (await seller.agent.patch(`/api/orders/${first.order.id}/status`, { status: "fulfilled" })).statusCode,
    ).toBe(200);
    expect(kinds((await bell(seller.agent)).items)).toEqual([["order", second.order.id]]);
    expect(await newOrders(seller.agent)).toBe(1);
  });

  it("orders without online payment need the seller until fulfilled; cancelled and expired ones never", async () => {
    const { seller, store, mug } = await storeWithChannels(t, []);
    const manual = (await checkout(t, store.id, mug.id)).json() as { id: string };
    const cancelled = (await checkout(t, store.id, mug.id)).json() as { id: string };
    await seller.agent.patch(`/api/orders/${cancelled.id}/status`, { status: "cancelled" });
    expect(kinds((await bell(seller.agent)).items)).toEqual([["order", manual.id]]);

    await seller.agent.patch(`/api/orders/${manual.id}/status`, { status: "paid" });
    expect(kinds((await bell(seller.agent)).items)).toEqual([["order", manual.id]]);
    await seller.agent.patch(`/api/orders/${manual.id}/status`, { status: "fulfilled" });
    expect(await bell(seller.agent)).toMatchObject({ total: 0, items: [] });

    // An online order nobody paid, cancelled by the expiry.
    const online = await storeWithChannels(t, [{ provider: "vipps", isLive: true }]);
    const unpaid = await vippsCheckout(online.store.id, online.mug.id);
    expect(kinds((await bell(online.seller.agent)).items)).toEqual([]);
    await changeOrderStatus(t.database.db, unpaid.order.id, "cancelled", null, {
      by: "expiry",
      onlyFrom: "pending",
    });
    expect(await bell(online.seller.agent)).toMatchObject({ unseenCount: 0, total: 0, items: [] });
    expect(await newOrders(online.seller.agent)).toBe(0);
    expect(await newOrders(seller.agent)).toBe(0);
  });

  it("a withdrawal needs the seller until the order is cancelled", async () => {
    const { seller, store, mug } = await storeWithChannels(t, []);
    const placed = (await checkout(t, store.id, mug.id)).json() as { id: string; publicUrl: string };
    await seller.agent.patch(`/api/orders/${placed.id}/status`, { status: "fulfilled" });
    expect((await bell(seller.agent)).items).toEqual([]);

    const withdrawn = await new Agent(t.app).post(
      `/api/orders/by-token/${tokenOf(placed.publicUrl)}/withdrawal`,
      {},
    );
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(kinds((await bell(seller.agent)).items)).toEqual([["withdrawal", placed.id]]);
    expect(await newOrders(seller.agent)).toBe(1);

    // Sent and withdrawn: the seller says the piece is back (decision 0067).
    await seller.agent.patch(`/api/orders/${placed.id}/status`, { status: "cancelled", restock: true });
    expect((await bell(seller.agent)).items).toEqual([]);
  });

  it("paid after it was cancelled: a stock conflict while the money is held, gone once it is given back", async () => {
    const { seller, store, mug } = await storeWithChannels(t, [{ provider: "vipps", isLive: true }]);
    const late = await vippsCheckout(store.id, mug.id);
    // The expiry cancelled the order (its stock back on sale) as the shopper approved in the app, and
    // Vipps could not be reached to give the money back.
    await changeOrderStatus(t.database.db, late.order.id, "cancelled", null, {
      by: "expiry",
      onlyFrom: "pending",
    });
    await vipps.approve(late.reference);
    vipps.control.down = true;
    try {
      await deliverVipps(t, vipps);
    } finally {
      vipps.control.down = false;
    }
    const answer = await bell(seller.agent);
    expect(kinds(answer.items)).toEqual([["stockConflict", late.order.id]]);
    expect(answer.unseenCount).toBe(1);
    expect(await newOrders(seller.agent)).toBe(1);

    await t.app.paymentWorker.run(new Date(Date.now() + 10_000));
    expect(await bell(seller.agent)).toMatchObject({ total: 0, items: [] });
  });

  it("the badge counts what came to need the seller since the last look", async () => {
    const { seller, store, mug } = await storeWithChannels(t, [{ provider: "vipps", isLive: true }]);
    const early = await vippsCheckout(store.id, mug.id);
    const later = await vippsCheckout(store.id, mug.id);
    await vipps.approve(early.reference);
    await deliverVipps(t, vipps);
    expect((await bell(seller.agent)).unseenCount).toBe(1);
    expect((await seller.agent.post("/api/notifications/seen", {})).statusCode).toBe(200);
    expect((await bell(seller.agent)).unseenCount).toBe(0);

    // Placed before the last look, paid after it: new.
    await vipps.approve(later.reference);
    await deliverVipps(t, vipps);
    const answer = await bell(seller.agent);
    expect(answer).toMatchObject({ unseenCount: 1, total: 2 });
    expect(answer.items.map((item) => [item.orderId, item.isNew])).toEqual([
      [later.order.id, true],
      [early.order.id, false],
    ]);
  });

  it("deny by default: 401 without a session; another seller sees none of the member's", async () => {
    const { seller, store, mug } = await storeWithChannels(t, []);
    await checkout(t, store.id, mug.id);
    expect((await bell(seller.agent)).total).toBe(1);

    const anonymous = new Agent(t.app);
    expect((await anonymous.get("/api/notifications")).statusCode).toBe(401);
    expect((await anonymous.get("/api/dashboard/summary")).statusCode).toBe(401);
    const other = await signUp(t.app);
    expect(await bell(other.agent)).toEqual({ unseenCount: 0, total: 0, items: [] });
    expect(await newOrders(other.agent)).toBe(0);
  });
});
