import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders, products } from "../../db/schema";
import { type FakeVipps, startFakeVipps } from "../../test/fakes/vipps";
import { Agent, createTestApp, type TestApp } from "../../test/harness";
import { checkout, deliverVipps, orderState, paymentEnv, storeWithChannels, tokenOf } from "./testing";

/**
 * Issue item 2 (decision 0063): a payment attempt that ends unpaid (Reject in Vipps, the shopper going
 * back, Vipps' own expiry) ends the order's hold on its stock at once; the order stays payable ("Pay
 * now" takes the stock again, or 409 naming the product) and the shopper can cancel it herself.
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

/** The last two mugs of a store, in one shopper's Vipps order. */
async function lastPiecesOrdered() {
  const { seller, store, mug } = await storeWithChannels(t, [{ provider: "vipps", isLive: true }]);
  await t.database.db.update(products).set({ stockQty: 2 }).where(eq(products.id, mug.id));
  const response = await checkout(t, store.id, mug.id, "vipps", 2);
  expect(response.statusCode).toBe(201);
  const order = response.json();
  const reference = [...vipps.payments.values()].at(-1)?.reference ?? "";
  return { seller, store, mug, order, reference, token: tokenOf(order.publicUrl) };
}

async function stockOf(productId: string) {
  const [row] = await t.database.db
    .select({ stock: products.stockQty })
    .from(products)
    .where(eq(products.id, productId));
  return row?.stock;
}

describe("item 2: an attempt that ends unpaid ends the order's hold on the piece", () => {
  it("Reject in Vipps: the stock is back at once, another shopper buys it, Pay now names what is gone", async () => {
    const { mug, store, order, reference, token } = await lastPiecesOrdered();
    expect(await stockOf(mug.id)).toBe(0);
    // The checkout says how long the piece is held: PAYMENT_EXPIRY_MINUTES, short by default.
    const methods = await new Agent(t.app).get(`/api/stores/${store.id}/payment-methods`);
    expect(methods.json()).toEqual({
      providers: ["vipps"],
      holdMinutes: 10,
      textCountries: ["NO", "SE", "DK"],
    });
    await vipps.reject(reference);
    expect(await deliverVipps(t, vipps)).toContain(200);
    expect(await stockOf(mug.id)).toBe(2);
    const shopper = new Agent(t.app);
    expect((await shopper.get(`/api/orders/by-token/${token}/payment`)).json()).toMatchObject({
      orderStatus: "pending",
      payment: { status: "cancelled" },
      canRetry: true,
      canCancel: true,
      holdsStock: false,
    });

    expect((await checkout(t, store.id, mug.id, "vipps", 2)).statusCode).toBe(201);
    expect(await stockOf(mug.id)).toBe(0);
    const payNow = await shopper.post(`/api/orders/by-token/${token}/payment`, {});
    expect(payNow.statusCode).toBe(409);
    expect(payNow.json().message).toContain("Mug");
    expect(await stockOf(mug.id)).toBe(0);

    // Cancelling it gives back nothing more: its stock went back when the attempt ended.
    const cancel = await shopper.post(`/api/orders/by-token/${token}/cancel`, {});
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json()).toMatchObject({ orderStatus: "cancelled", canRetry: false, canCancel: false });
    expect(await stockOf(mug.id)).toBe(0);
    const state = await orderState(t, order.id);
    expect(state.history.at(-1)).toMatchObject({ toStatus: "cancelled", changedBy: "shopper" });
  });

  it("Pay now after a Reject takes the stock again and the new attempt pays the order", async () => {
    const { mug, order, reference, token } = await lastPiecesOrdered();
    await vipps.reject(reference);
    await deliverVipps(t, vipps);
    expect(await stockOf(mug.id)).toBe(2);
    const shopper = new Agent(t.app);
    const payNow = await shopper.post(`/api/orders/by-token/${token}/payment`, {});
    expect(payNow.statusCode).toBe(200);
    expect(await stockOf(mug.id)).toBe(0);
    expect((await shopper.get(`/api/orders/by-token/${token}/payment`)).json()).toMatchObject({
      holdsStock: true,
    });
    await vipps.approve([...vipps.payments.values()].at(-1)?.reference ?? "");
    await deliverVipps(t, vipps);
    expect((await orderState(t, order.id)).order?.status).toBe("paid");
    expect(await stockOf(mug.id)).toBe(0);
  });

  it("back from Vipps without a webhook: the worker's read of ABORTED or EXPIRED ends the hold", async () => {
    const aborted = await lastPiecesOrdered();
    await vipps.reject(aborted.reference);
    const expired = await lastPiecesOrdered();
    await vipps.expire(expired.reference);
    for (const entry of vipps.sent) entry.delivered ??= 0; // lost on the way
    await t.app.paymentWorker.run(new Date(Date.now() + 10_000));
    for (const { mug, order } of [aborted, expired]) {
      expect(await stockOf(mug.id)).toBe(2);
      const [row] = await t.database.db.select().from(orders).where(eq(orders.id, order.id));
      expect(row?.status).toBe("pending");
      expect(row?.stockReleasedAt).not.toBeNull();
    }
  });

  it("Cancel order: stops the attempt under way, gives the stock back once; refused once paid", async () => {
    const open = await lastPiecesOrdered();
    const shopper = new Agent(t.app);
    const cancel = await shopper.post(`/api/orders/by-token/${open.token}/cancel`, {});
    expect(cancel.statusCode).toBe(200);
    expect(vipps.payment(open.reference)?.state).toBe("TERMINATED");
    expect(await stockOf(open.mug.id)).toBe(2);
    const again = await shopper.post(`/api/orders/by-token/${open.token}/cancel`, {});
    expect(again.statusCode).toBe(409);
    expect(await stockOf(open.mug.id)).toBe(2);

    const paid = await lastPiecesOrdered();
    await vipps.approve(paid.reference);
    await deliverVipps(t, vipps);
    const refused = await shopper.post(`/api/orders/by-token/${paid.token}/cancel`, {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBeTruthy();
    expect((await orderState(t, paid.order.id)).order?.status).toBe("paid");
    expect(await stockOf(paid.mug.id)).toBe(0);

    // Approved in the app but its webhook not here yet: the cancel reads Vipps first and refuses.
    const justPaid = await lastPiecesOrdered();
    await vipps.approve(justPaid.reference);
    for (const entry of vipps.sent) entry.delivered ??= 0;
    expect((await shopper.post(`/api/orders/by-token/${justPaid.token}/cancel`, {})).statusCode).toBe(409);
    expect((await orderState(t, justPaid.order.id)).order?.status).toBe("paid");

    expect((await shopper.post(`/api/orders/by-token/${"0".repeat(64)}/cancel`, {})).statusCode).toBe(404);
  });
});
