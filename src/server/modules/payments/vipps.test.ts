import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createVippsGateway, vippsWebhookSignature } from "../../adapters/payments/vipps";
import {
  emailLog,
  orders,
  paymentEvents,
  payments,
  products,
  stores,
  userSettings,
  vippsWebhooks,
} from "../../db/schema";
import { type FakeVipps, startFakeVipps } from "../../test/fakes/vipps";
import { Agent, createTestApp, type TestApp } from "../../test/harness";
import { changeOrderStatus } from "../orders/service";
import { capturePayment } from "./state";
import {
  checkout,
  confirmationHeld,
  deliverVipps,
  emailStates,
  orderState,
  paymentEnv,
  storeWithChannels,
  tokenOf,
  VIPPS_MSN,
} from "./testing";
import { handleWebhook } from "./webhooks";

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

/** A Vipps order of 2 × 349 kr: 69800 øre. */
async function vippsOrder() {
  const { seller, store, mug } = await storeWithChannels(t, [{ provider: "vipps", isLive: true }]);
  const response = await checkout(t, store.id, mug.id, "vipps");
  expect(response.statusCode).toBe(201);
  const order = response.json();
  const reference = [...vipps.payments.values()].at(-1)?.reference ?? "";
  return { seller, store, order, reference, token: tokenOf(order.publicUrl) };
}

describe("Vipps ePayment at checkout", () => {
  it("creates the payment as documented, holds the buyer's text, and is paid only by the signed AUTHORIZED webhook", async () => {
    const { order, reference, token } = await vippsOrder();
    expect(order.payment).toMatchObject({ provider: "vipps", status: "created" });
    expect(order.payment.redirectUrl).toBe(`${vipps.url}/landing?token=${reference}&msn=${VIPPS_MSN}`);
    const created = vipps.payment(reference);
    expect(created).toMatchObject({
      msn: VIPPS_MSN,
      amount: { currency: "NOK", value: 69800 },
      returnUrl: order.publicUrl,
    });
    expect(created?.description).toContain(order.storeName);
    // One webhook registered for the MSN, its secret kept.
    const [hook] = await t.database.db.select().from(vippsWebhooks).where(eq(vippsWebhooks.msn, VIPPS_MSN));
    expect(hook?.secret).toBe(vipps.webhooks.find((entry) => entry.msn === VIPPS_MSN)?.secret);

    let state = await orderState(t, order.id);
    expect(state.order?.status).toBe("pending");
    expect(confirmationHeld(state.texts)).toBe(true);

    // Coming back to the return URL proves nothing: still waiting.
    expect((await new Agent(t.app).get(`/api/orders/by-token/${token}/payment`)).json()).toMatchObject({
      orderStatus: "pending",
      payment: { status: "created" },
    });

    await vipps.approve(reference);
    expect(await deliverVipps(t, vipps)).toEqual([200, 200]);
    state = await orderState(t, order.id);
    expect(state.order?.status).toBe("paid");
    expect(state.attempts[0]).toMatchObject({ status: "authorized", amount: "698.00" });
    expect(state.history.map((event) => [event.toStatus, event.changedBy])).toEqual([
      ["pending", "shopper"],
      ["paid", "provider"],
    ]);
    expect(confirmationHeld(state.texts)).toBe(false);
  });

  it("an event recorded but not applied (the database failed between the two) is applied by the provider's retry", async () => {
    const { order, reference } = await vippsOrder();
    await vipps.approve(reference);
    const message = vipps.sent.filter((entry) => entry.delivered === undefined).at(-1);
    if (!message) throw new Error("the fake queued no webhook");
    const url = new URL(message.url);
    const call = { rawBody: message.body, headers: message.headers, pathAndQuery: url.pathname + url.search };
    message.delivered = 0;
    // The first time, the payment's update fails as a lost connection would; the event row was written.
    const db = t.database.db;
    let failures = 1;
    const failingDb = new Proxy(db, {
      get(target, property, receiver) {
        if (property === "transaction" && failures > 0) {
          failures -= 1;
          return () => Promise.reject(new Error("Connection terminated unexpectedly"));
        }
        return Reflect.get(target, property, receiver);
      },
    });
    const ctx = { ...t.app.payments, db: failingDb };
    await expect(handleWebhook(ctx, "vipps", call)).rejects.toThrow("Connection terminated");
    expect((await orderState(t, order.id)).order?.status).toBe("pending");
    // Vipps retries the call: this time it is applied, not taken for a replay.
    expect(await handleWebhook(ctx, "vipps", call)).toMatchObject({ applied: 1 });
    expect((await orderState(t, order.id)).order?.status).toBe("paid");
    // And a third delivery is the replay it now is.
    expect(await handleWebhook(ctx, "vipps", call)).toMatchObject({ applied: 0 });
  });

  it("a replayed webhook is a no-op", async () => {
    const { order, reference } = await vippsOrder();
    await vipps.approve(reference);
    const authorized = vipps.sent.filter(
      (message) => message.body.includes(reference) && message.body.includes("AUTHORIZED"),
    );
    await deliverVipps(t, vipps);
    for (const message of authorized) message.delivered = undefined;
    expect(await deliverVipps(t, vipps)).toEqual([200]);
    const state = await orderState(t, order.id);
    expect(state.history.filter((event) => event.toStatus === "paid")).toHaveLength(1);
    const events = await t.database.db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.paymentId, state.attempts[0]?.id ?? ""));
    expect(events.filter((event) => event.name === "AUTHORIZED")).toHaveLength(1);
  });

  it("a bad or stale signature is a 401 and changes nothing", async () => {
    const { order, reference } = await vippsOrder();
    await vipps.approve(reference);
    const message = vipps.sent.find(
      (entry) => entry.body.includes(reference) && entry.body.includes("AUTHORIZED"),
    );
    if (!message) throw new Error("no AUTHORIZED webhook");
    const url = new URL(message.url);
    const tampered = await t.app.inject({
      method: "POST",
      url: url.pathname,
      headers: message.headers,
      payload: message.body.replace("69800", "100"),
    });
    expect(tampered.statusCode).toBe(401);
    const [hook] = await t.database.db.select().from(vippsWebhooks).where(eq(vippsWebhooks.msn, VIPPS_MSN));
    const oldDate = new Date(Date.now() - 10 * 60_000).toUTCString();
    const stale = vippsWebhookSignature({
      secret: hook?.secret ?? "",
      pathAndQuery: url.pathname,
      date: oldDate,
      host: url.host,
      body: message.body,
    });
    const staleResponse = await t.app.inject({
      method: "POST",
      url: url.pathname,
      headers: {
        ...message.headers,
        "x-ms-date": oldDate,
        "x-ms-content-sha256": stale.contentHash,
        authorization: stale.authorization,
      },
      payload: message.body,
    });
    expect(staleResponse.statusCode).toBe(401);
    const state = await orderState(t, order.id);
    expect(state.order?.status).toBe("pending");
    expect(state.attempts[0]?.status).toBe("created");
    // Marked delivered by hand so later tests do not deliver it.
    for (const entry of vipps.sent) entry.delivered ??= 0;
  });

  it("a webhook with an amount that is not the order's never makes it paid", async () => {
    const { order, reference } = await vippsOrder();
    const [hook] = await t.database.db.select().from(vippsWebhooks).where(eq(vippsWebhooks.msn, VIPPS_MSN));
    const body = JSON.stringify({
      msn: VIPPS_MSN,
      reference,
      pspReference: "forged-1",
      name: "AUTHORIZED",
      amount: { currency: "NOK", value: 100 },
      timestamp: new Date().toISOString(),
      idempotencyKey: null,
      success: true,
    });
    const date = new Date().toUTCString();
    const signed = vippsWebhookSignature({
      secret: hook?.secret ?? "",
      pathAndQuery: "/api/payments/vipps/webhook",
      date,
      host: "localhost",
      body,
    });
    const response = await t.app.inject({
      method: "POST",
      url: "/api/payments/vipps/webhook",
      headers: {
        host: "localhost",
        "content-type": "application/json",
        "x-ms-date": date,
        "x-ms-content-sha256": signed.contentHash,
        authorization: signed.authorization,
      },
      payload: body,
    });
    expect(response.statusCode).toBe(200);
    const state = await orderState(t, order.id);
    expect(state.order?.status).toBe("pending");
    expect(state.attempts[0]?.status).toBe("created");
    for (const entry of vipps.sent) entry.delivered ??= 0;
  });

  it("rejected in the app: the order waits, the shopper tries again and pays with a new attempt", async () => {
    const { order, reference, token } = await vippsOrder();
    await vipps.reject(reference);
    await deliverVipps(t, vipps);
    const shopper = new Agent(t.app);
    expect((await shopper.get(`/api/orders/by-token/${token}/payment`)).json()).toMatchObject({
      orderStatus: "pending",
      payment: { provider: "vipps", status: "cancelled", redirectUrl: null },
      canRetry: true,
    });
    const retry = await shopper.post(`/api/orders/by-token/${token}/payment`, {});
    expect(retry.statusCode).toBe(200);
    const second = [...vipps.payments.values()].at(-1);
    expect(second?.reference).not.toBe(reference);
    expect(retry.json()).toMatchObject({
      status: "created",
      redirectUrl: `${vipps.url}/landing?token=${second?.reference}&msn=${VIPPS_MSN}`,
    });
    await vipps.approve(second?.reference ?? "");
    await deliverVipps(t, vipps);
    const state = await orderState(t, order.id);
    expect(state.order?.status).toBe("paid");
    expect(state.attempts.map((attempt) => attempt.status).sort()).toEqual(["authorized", "cancelled"]);
    // Paid: no third attempt.
    expect((await shopper.post(`/api/orders/by-token/${token}/payment`, {})).statusCode).toBe(409);
  });

  it("a webhook that never arrives: the order page's read and the worker's poll find the payment", async () => {
    const first = await vippsOrder();
    await vipps.approve(first.reference);
    for (const entry of vipps.sent) entry.delivered ??= 0; // lost
    expect((await new Agent(t.app).get(`/api/orders/by-token/${first.token}/payment`)).json()).toMatchObject({
      orderStatus: "paid",
      payment: { status: "authorized" },
    });

    const second = await vippsOrder();
    await vipps.approve(second.reference);
    for (const entry of vipps.sent) entry.delivered ??= 0;
    const result = await t.app.paymentWorker.run(new Date(Date.now() + 10_000));
    expect(result.read).toBeGreaterThanOrEqual(1);
    expect((await orderState(t, second.order.id)).order?.status).toBe("paid");
  });

  it("events out of order never move a payment or its order backwards", async () => {
    const { seller, order, reference } = await vippsOrder();
    await vipps.approve(reference);
    for (const entry of vipps.sent) entry.delivered ??= undefined;
    // Undelivered: CREATED, AUTHORIZED. The seller fulfils after a provider read, which captures.
    await t.app.paymentWorker.run(new Date(Date.now() + 10_000));
    expect(
      (await seller.agent.patch(`/api/orders/${order.id}/status`, { status: "fulfilled" })).statusCode,
    ).toBe(200);
    // Now the webhooks arrive, newest first: CAPTURED, AUTHORIZED, CREATED.
    expect(
      await deliverVipps(t, vipps, (all) => all.filter((m) => m.body.includes(reference)).reverse()),
    ).toEqual([200, 200, 200]);
    const state = await orderState(t, order.id);
    expect(state.order?.status).toBe("fulfilled");
    expect(state.attempts[0]).toMatchObject({ status: "captured", capturedAmount: "698.00" });
  });
});

describe("Vipps money follows the seller", () => {
  async function paidOrder() {
    const made = await vippsOrder();
    await vipps.approve(made.reference);
    await deliverVipps(t, vipps);
    return made;
  }
  const operationsOf = (reference: string) => vipps.operations.filter((op) => op.reference === reference);

  it("fulfilling captures the whole amount; the seller's order shows it", async () => {
    const { seller, order, reference } = await paidOrder();
    const response = await seller.agent.patch(`/api/orders/${order.id}/status`, { status: "fulfilled" });
    expect(response.statusCode).toBe(200);
    expect(operationsOf(reference)).toEqual([{ reference, kind: "capture", value: 69800 }]);
    const view = (await seller.agent.get(`/api/orders/${order.id}`)).json();
    expect(view.payment).toMatchObject({
      provider: "vipps",
      status: "captured",
      amount: "698.00",
      capturedAmount: "698.00",
      refundedAmount: "0.00",
    });
    expect(view.history.at(-1)).toMatchObject({ toStatus: "fulfilled", actor: "seller" });
    await deliverVipps(t, vipps);
  });

  it("a double capture is refused and only one reaches the provider", async () => {
    const { seller, order, reference } = await paidOrder();
    const [payment] = await t.database.db.select().from(payments).where(eq(payments.reference, reference));
    const context = t.app.payments;
    const results = await Promise.allSettled([
      capturePayment(context, payment?.id ?? ""),
      capturePayment(context, payment?.id ?? ""),
    ]);
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    expect(results.find((result) => result.status === "rejected")?.reason).toMatchObject({ statusCode: 409 });
    // Fulfilled, back to paid, fulfilled again: still one capture.
    await seller.agent.patch(`/api/orders/${order.id}/status`, { status: "fulfilled" });
    await seller.agent.patch(`/api/orders/${order.id}/status`, { status: "paid" });
    await seller.agent.patch(`/api/orders/${order.id}/status`, { status: "fulfilled" });
    expect(operationsOf(reference).filter((op) => op.kind === "capture")).toHaveLength(1);
    await deliverVipps(t, vipps);
  });

  it("cancelling before capture cancels the reservation", async () => {
    const { seller, order, reference } = await paidOrder();
    const response = await seller.agent.patch(`/api/orders/${order.id}/status`, { status: "cancelled" });
    expect(response.statusCode).toBe(200);
    expect(operationsOf(reference)).toEqual([{ reference, kind: "cancel", value: 69800 }]);
    expect((await orderState(t, order.id)).attempts[0]?.status).toBe("cancelled");
    await deliverVipps(t, vipps);
  });

  it("cancelling after capture refunds what was captured", async () => {
    const { seller, order, reference } = await paidOrder();
    await seller.agent.patch(`/api/orders/${order.id}/status`, { status: "fulfilled" });
    // The piece was sent: the seller says it is back (decision 0067).
    const response = await seller.agent.patch(`/api/orders/${order.id}/status`, {
      status: "cancelled",
      restock: true,
    });
    expect(response.statusCode).toBe(200);
    expect(operationsOf(reference)).toEqual([
      { reference, kind: "capture", value: 69800 },
      { reference, kind: "refund", value: 69800 },
    ]);
    expect((await orderState(t, order.id)).attempts[0]).toMatchObject({
      status: "refunded",
      refundedAmount: "698.00",
    });
    await deliverVipps(t, vipps);
  });

  it("when Vipps cannot be reached, fulfilling answers 502 and the order stays paid", async () => {
    const { seller, order } = await paidOrder();
    vipps.control.down = true;
    try {
      const response = await seller.agent.patch(`/api/orders/${order.id}/status`, { status: "fulfilled" });
      expect(response.statusCode).toBe(502);
      expect(response.json().message).toMatch(/payment service could not be reached/);
    } finally {
      vipps.control.down = false;
    }
    expect((await orderState(t, order.id)).order?.status).toBe("paid");
  });
});

describe("Expiry and a provider that is down", () => {
  it("an unpaid order expires: payment cancelled at Vipps, order cancelled by the expiry, buyer's text dropped", async () => {
    const { order, reference } = await vippsOrder();
    const result = await t.app.paymentWorker.run(new Date(Date.now() + 31 * 60_000));
    expect(result.expired).toBeGreaterThanOrEqual(1);
    expect(vipps.payment(reference)?.state).toBe("TERMINATED");
    const state = await orderState(t, order.id);
    expect(state.order?.status).toBe("cancelled");
    expect(state.attempts[0]?.status).toBe("expired");
    expect(state.history.at(-1)).toMatchObject({ toStatus: "cancelled", changedBy: "expiry" });
    expect(state.texts.find((text) => text.purpose === "order_confirmation")?.status).toBe("refused");
    for (const entry of vipps.sent) entry.delivered ??= 0;
  });

  it("an expired order gives its stock back (through changeOrderStatus, decision 0032)", async () => {
    const { store, mug } = await storeWithChannels(t, [{ provider: "vipps", isLive: true }]);
    await t.database.db.update(products).set({ stockQty: 2 }).where(eq(products.id, mug.id));
    const order = (await checkout(t, store.id, mug.id, "vipps", 2)).json();
    const stockOf = async () =>
      (
        await t.database.db.select({ stock: products.stockQty }).from(products).where(eq(products.id, mug.id))
      )[0]?.stock;
    expect(await stockOf()).toBe(0);
    await t.app.paymentWorker.run(new Date(Date.now() + 31 * 60_000));
    expect((await orderState(t, order.id)).order?.status).toBe("cancelled");
    expect(await stockOf()).toBe(2);
    for (const entry of vipps.sent) entry.delivered ??= 0;
  });

  it("Vipps down at checkout: a clear message, the order kept, and the shopper pays later from the order page", async () => {
    const { store, mug } = await storeWithChannels(t, [{ provider: "vipps", isLive: true }]);
    vipps.control.down = true;
    const response = await checkout(t, store.id, mug.id, "vipps");
    vipps.control.down = false;
    expect(response.statusCode).toBe(201);
    const order = response.json();
    expect(order.payment).toMatchObject({ provider: "vipps", status: "failed", redirectUrl: null });
    expect(order.payment.message).toBe(
      "The payment service could not be reached. Your order is saved: you can try paying again from your order page.",
    );
    const token = tokenOf(order.publicUrl);
    const shopper = new Agent(t.app);
    expect((await shopper.get(`/api/orders/by-token/${token}/payment`)).json()).toMatchObject({
      orderStatus: "pending",
      canRetry: true,
    });
    const retry = await shopper.post(`/api/orders/by-token/${token}/payment`, {});
    expect(retry.json()).toMatchObject({ provider: "vipps", status: "created" });
    await vipps.approve([...vipps.payments.values()].at(-1)?.reference ?? "");
    await deliverVipps(t, vipps);
    const state = await orderState(t, order.id);
    expect(state.order?.status).toBe("paid");
    expect(state.order?.totalGross).toBe("698.00");
  });
});

describe("Paid only by the provider, never by hand (decision 0034)", () => {
  const REFUSED =
    "This order is waiting for the shopper's online payment. It becomes paid when the payment provider confirms the payment, so it cannot be marked paid or fulfilled by hand.";

  async function refusedBoth(seller: Awaited<ReturnType<typeof vippsOrder>>["seller"], orderId: string) {
    for (const status of ["paid", "fulfilled"] as const) {
      const response = await seller.agent.patch(`/api/orders/${orderId}/status`, { status });
      expect(response.statusCode, status).toBe(409);
      expect(response.json().message).toBe(REFUSED);
    }
    const state = await orderState(t, orderId);
    expect(state.order?.status).toBe("pending");
    expect(state.history.map((event) => event.toStatus)).toEqual(["pending"]);
  }

  it("a seller cannot mark an order waiting for Vipps paid or fulfilled; once Vipps authorizes, fulfilling captures", async () => {
    const { seller, order, reference } = await vippsOrder();
    await refusedBoth(seller, order.id);
    // Nothing was asked of Vipps, and the buyer's confirmation is still held.
    expect(vipps.operations.filter((op) => op.reference === reference)).toEqual([]);
    expect(confirmationHeld((await orderState(t, order.id)).texts)).toBe(true);

    await vipps.approve(reference);
    await deliverVipps(t, vipps);
    expect((await orderState(t, order.id)).order?.status).toBe("paid");
    const fulfilled = await seller.agent.patch(`/api/orders/${order.id}/status`, { status: "fulfilled" });
    expect(fulfilled.statusCode).toBe(200);
    expect(vipps.operations.filter((op) => op.reference === reference)).toEqual([
      { reference, kind: "capture", value: 69800 },
    ]);
    await deliverVipps(t, vipps);
  });

  it("nor one whose attempt was rejected, expired or failed; cancelling it stays allowed", async () => {
    const rejected = await vippsOrder();
    await vipps.reject(rejected.reference);
    await deliverVipps(t, vipps);
    await refusedBoth(rejected.seller, rejected.order.id);

    const expired = await vippsOrder();
    await vipps.expire(expired.reference);
    await deliverVipps(t, vipps);
    await refusedBoth(expired.seller, expired.order.id);

    const { seller, store, mug } = await storeWithChannels(t, [{ provider: "vipps", isLive: true }]);
    vipps.control.down = true;
    const failed = (await checkout(t, store.id, mug.id, "vipps")).json();
    vipps.control.down = false;
    expect(failed.payment.status).toBe("failed");
    await refusedBoth(seller, failed.id);
    const cancelled = await seller.agent.patch(`/api/orders/${failed.id}/status`, { status: "cancelled" });
    expect(cancelled.statusCode).toBe(200);
  });

  it("an order with no online payment keeps the manual flow: the seller marks it paid, then fulfilled", async () => {
    const { seller, store, mug } = await storeWithChannels(t, []);
    const order = (await checkout(t, store.id, mug.id)).json();
    for (const status of ["paid", "fulfilled"] as const) {
      expect((await seller.agent.patch(`/api/orders/${order.id}/status`, { status })).statusCode).toBe(200);
    }
    expect((await orderState(t, order.id)).order?.status).toBe("fulfilled");
  });
});

describe("Which channels are offered", () => {
  it("a channel that is not live is refused before any order is written; readiness says why", async () => {
    const { seller, store, mug } = await storeWithChannels(t, [{ provider: "vipps", isLive: false }]);
    const response = await checkout(t, store.id, mug.id, "vipps");
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe("This payment method is not available for this shop");
    expect((await seller.agent.get(`/api/stores/${store.id}/orders`)).json()).toEqual([]);
    expect((await seller.agent.get(`/api/stores/${store.id}/payment-readiness`)).json()).toEqual({
      vipps: "notLive",
      stripe: "noPlatformKeys",
    });
  });

  it("a store with no paying channel keeps today's flow: no payment, the buyer's text goes at once", async () => {
    const { store, mug } = await storeWithChannels(t, []);
    const response = await checkout(t, store.id, mug.id);
    expect(response.statusCode).toBe(201);
    expect(response.json().payment).toBeUndefined();
    const state = await orderState(t, response.json().id);
    expect(state.attempts).toEqual([]);
    expect(confirmationHeld(state.texts)).toBe(false);
  });
});

describe("The receipt and the new-order e-mail wait for the payment (decision 0034)", () => {
  const HELD = [
    ["order_confirmation", "pending", true],
    ["seller_new_order", "pending", true],
  ];
  const sentFor = async (orderId: string) =>
    (await t.database.db.select().from(emailLog).where(eq(emailLog.orderId, orderId)))
      .map((entry) => entry.purpose)
      .sort();

  it("held at checkout and not sent; released when Vipps authorizes, then sent", async () => {
    const { order, reference } = await vippsOrder();
    expect(emailStates((await orderState(t, order.id)).emails)).toEqual(HELD);
    await t.app.emailOutbox.drain();
    expect(await sentFor(order.id)).toEqual([]);

    await vipps.approve(reference);
    await deliverVipps(t, vipps);
    expect(emailStates((await orderState(t, order.id)).emails)).toEqual([
      ["order_confirmation", "pending", false],
      ["seller_new_order", "pending", false],
    ]);
    await t.app.emailOutbox.drain();
    expect(await sentFor(order.id)).toEqual(["order_confirmation", "seller_new_order"]);
  });

  it("the seller's new-order text waits for the payment too, and goes out when it is paid", async () => {
    const { seller, store, mug } = await storeWithChannels(t, [{ provider: "vipps", isLive: true }]);
    // The store's phone is verified and the seller keeps SMS notifications on (decision 0022).
    await t.database.db
      .update(stores)
      .set({ phone: "+4791234567", verifiedPhone: "+4791234567" })
      .where(eq(stores.id, store.id));
    await t.database.db
      .insert(userSettings)
      .values({ userId: seller.user.id, smsNotifications: true })
      .onConflictDoUpdate({ target: userSettings.userId, set: { smsNotifications: true } });
    const response = await checkout(t, store.id, mug.id, "vipps");
    expect(response.statusCode).toBe(201);
    const order = response.json();
    const heldTexts = async () =>
      (await orderState(t, order.id)).texts
        .map((text) => [text.purpose, text.nextAttemptAt.getUTCFullYear() === 9999])
        .sort();
    expect(await heldTexts()).toEqual([
      ["order_confirmation", true],
      ["seller_new_order", true],
    ]);
    const reference = [...vipps.payments.values()].at(-1)?.reference ?? "";
    await vipps.approve(reference);
    await deliverVipps(t, vipps);
    expect(await heldTexts()).toEqual([
      ["order_confirmation", false],
      ["seller_new_order", false],
    ]);
  });

  it("dropped when the order expires unpaid, with its text", async () => {
    const { order } = await vippsOrder();
    await t.app.paymentWorker.run(new Date(Date.now() + 31 * 60_000));
    const state = await orderState(t, order.id);
    expect(state.order?.status).toBe("cancelled");
    expect(emailStates(state.emails)).toEqual([
      ["order_confirmation", "cancelled", true],
      ["seller_new_order", "cancelled", true],
    ]);
    expect(state.texts.find((text) => text.purpose === "order_confirmation")?.status).toBe("refused");
    await t.app.emailOutbox.drain();
    expect(await sentFor(order.id)).toEqual([]);
    for (const entry of vipps.sent) entry.delivered ??= 0;
  });

  it("dropped when the seller cancels it unpaid", async () => {
    const { seller, order } = await vippsOrder();
    expect(
      (await seller.agent.patch(`/api/orders/${order.id}/status`, { status: "cancelled" })).statusCode,
    ).toBe(200);
    const state = await orderState(t, order.id);
    expect(emailStates(state.emails).map(([, status]) => status)).toEqual(["cancelled", "cancelled"]);
    expect(state.texts.find((text) => text.purpose === "order_confirmation")?.status).toBe("refused");
    await deliverVipps(t, vipps);
  });

  it("an order with no online payment queues them to go at once", async () => {
    const { store, mug } = await storeWithChannels(t, []);
    const order = (await checkout(t, store.id, mug.id)).json();
    expect(emailStates((await orderState(t, order.id)).emails)).toEqual([
      ["order_confirmation", "pending", false],
      ["seller_new_order", "pending", false],
    ]);
  });
});

describe("Vipps calls as the documentation asks", () => {
  it("one access token for several payments, until it expires (expires_in less a minute)", async () => {
    let clock = Date.now();
    const gateway = createVippsGateway({
      apiUrl: vipps.url,
      ...vipps.keys,
      secretFor: async () => undefined,
      now: () => clock,
    });
    const before = vipps.control.tokenCalls;
    const references: string[] = [];
    for (let n = 0; n < 3; n += 1) {
      const reference = `torg-token-test-${n}-${Date.now()}`;
      references.push(reference);
      await gateway.createPayment({
        reference,
        merchant: VIPPS_MSN,
        amountOre: 34900,
        description: "Token test",
        returnUrl: "https://shop.example.no/order",
        lines: [{ title: "Mug", unitOre: 34900, qty: 1 }],
        expiresAt: new Date(clock + 60 * 60_000),
      });
      await gateway.getPayment({ reference, merchant: VIPPS_MSN, sessionId: null, providerTxId: null });
    }
    expect(vipps.control.tokenCalls - before).toBe(1);
    // The fake's token has `expires_in` 3600: renewed a minute before.
    clock += 3600_000 - 59_000;
    await gateway.getPayment({
      reference: references[0] ?? "",
      merchant: VIPPS_MSN,
      sessionId: null,
      providerTxId: null,
    });
    expect(vipps.control.tokenCalls - before).toBe(2);
  });

  it("every call carries the subscription key, the MSN and the four Vipps-System-* headers", async () => {
    const from = vipps.requests.length;
    const { seller, order, reference } = await vippsOrder();
    await vipps.approve(reference);
    await deliverVipps(t, vipps);
    await seller.agent.patch(`/api/orders/${order.id}/status`, { status: "fulfilled" });
    await deliverVipps(t, vipps);
    const calls = vipps.requests.slice(from);
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual(
      expect.arrayContaining([
        "POST /epayment/v1/payments",
        `POST /epayment/v1/payments/${reference}/capture`,
      ]),
    );
    for (const call of calls) {
      expect(call.headers, `${call.method} ${call.path}`).toMatchObject({
        "ocp-apim-subscription-key": vipps.keys.subscriptionKey,
        "merchant-serial-number": VIPPS_MSN,
        "vipps-system-name": expect.stringMatching(/\S/),
        "vipps-system-version": expect.stringMatching(/\S/),
        "vipps-system-plugin-name": expect.stringMatching(/\S/),
        "vipps-system-plugin-version": expect.stringMatching(/\S/),
      });
      if (call.path !== "/accesstoken/get") expect(call.headers.authorization).toMatch(/^Bearer \S+$/);
    }
    // Creating, capturing, cancelling and refunding name an `Idempotency-Key`.
    for (const call of calls.filter(
      (entry) => entry.method === "POST" && entry.path.startsWith("/epayment/"),
    ))
      expect(call.headers["idempotency-key"], call.path).toBeTruthy();
  });
});

describe("Vipps EXPIRED", () => {
  async function stockedOrder() {
    const { seller, store, mug } = await storeWithChannels(t, [{ provider: "vipps", isLive: true }]);
    await t.database.db.update(products).set({ stockQty: 2 }).where(eq(products.id, mug.id));
    const order = (await checkout(t, store.id, mug.id, "vipps", 2)).json();
    const reference = [...vipps.payments.values()].at(-1)?.reference ?? "";
    const stock = async () =>
      (
        await t.database.db.select({ stock: products.stockQty }).from(products).where(eq(products.id, mug.id))
      )[0]?.stock;
    return { seller, order, reference, stock, token: tokenOf(order.publicUrl) };
  }

  it("the attempt ends; the order waits for a retry until its own expiry, then is cancelled and its stock returned", async () => {
    const { order, reference, stock, token } = await stockedOrder();
    expect(await stock()).toBe(0);
    await vipps.expire(reference);
    // CREATED, then EXPIRED (`epayments.payment.expired.v1`).
    expect(await deliverVipps(t, vipps)).toEqual([200, 200]);
    let state = await orderState(t, order.id);
    expect(state.attempts[0]?.status).toBe("expired");
    expect(state.order?.status).toBe("pending");
    expect((await new Agent(t.app).get(`/api/orders/by-token/${token}/payment`)).json()).toMatchObject({
      orderStatus: "pending",
      payment: { status: "expired" },
      canRetry: true,
    });

    await t.app.paymentWorker.run(new Date(Date.now() + 31 * 60_000));
    state = await orderState(t, order.id);
    expect(state.order?.status).toBe("cancelled");
    expect(state.history.at(-1)).toMatchObject({ toStatus: "cancelled", changedBy: "expiry" });
    expect(await stock()).toBe(2);
    // Nothing to stop at Vipps: the payment had expired there.
    expect(vipps.operations.filter((op) => op.reference === reference)).toEqual([]);
    expect(emailStates(state.emails).map(([, status]) => status)).toEqual(["cancelled", "cancelled"]);
  });

  it("arriving after the order's own expiry, it cancels the order at once and returns the stock", async () => {
    const { order, reference, stock } = await stockedOrder();
    await t.database.db
      .update(orders)
      .set({ placedAt: new Date(Date.now() - 31 * 60_000) })
      .where(eq(orders.id, order.id));
    await vipps.expire(reference);
    // CREATED, then EXPIRED (`epayments.payment.expired.v1`).
    expect(await deliverVipps(t, vipps)).toEqual([200, 200]);
    const state = await orderState(t, order.id);
    expect(state.order?.status).toBe("cancelled");
    expect(state.history.at(-1)).toMatchObject({ toStatus: "cancelled", changedBy: "expiry" });
    expect(await stock()).toBe(2);
    expect(state.texts.find((text) => text.purpose === "order_confirmation")?.status).toBe("refused");
  });
});

describe("Authorized after the order expired", () => {
  /** The shopper's retry started an attempt just as the expiry, which had read none, cancelled the order. */
  async function expiredWhilePaying() {
    const made = await vippsOrder();
    await changeOrderStatus(t.database.db, made.order.id, "cancelled", null, {
      by: "expiry",
      onlyFrom: "pending",
    });
    await vipps.approve(made.reference);
    return made;
  }

  it("the reservation is cancelled at Vipps at once; the order stays cancelled and nothing is sent", async () => {
    const { order, reference } = await expiredWhilePaying();
    expect(await deliverVipps(t, vipps)).toEqual([200, 200]);
    expect(vipps.operations.filter((op) => op.reference === reference)).toEqual([
      { reference, kind: "cancel", value: 69800 },
    ]);
    const state = await orderState(t, order.id);
    expect(state.order?.status).toBe("cancelled");
    expect(state.attempts[0]?.status).toBe("cancelled");
    expect(state.history.map((event) => event.toStatus)).toEqual(["pending", "cancelled"]);
    expect(emailStates(state.emails).map(([, status]) => status)).toEqual(["cancelled", "cancelled"]);
    await deliverVipps(t, vipps);
  });

  it("when Vipps cannot be reached then, the worker's next pass cancels the reservation", async () => {
    const { order, reference } = await expiredWhilePaying();
    vipps.control.down = true;
    try {
      expect(await deliverVipps(t, vipps)).toEqual([200, 200]);
    } finally {
      vipps.control.down = false;
    }
    expect((await orderState(t, order.id)).attempts[0]?.status).toBe("authorized");
    const result = await t.app.paymentWorker.run(new Date(Date.now() + 10_000));
    expect(result.returned).toBeGreaterThanOrEqual(1);
    expect(vipps.operations.filter((op) => op.reference === reference)).toEqual([
      { reference, kind: "cancel", value: 69800 },
    ]);
    const state = await orderState(t, order.id);
    expect(state.order?.status).toBe("cancelled");
    expect(state.attempts[0]?.status).toBe("cancelled");
    // A second pass finds nothing left to return.
    await t.app.paymentWorker.run(new Date(Date.now() + 10_000));
    expect(vipps.operations.filter((op) => op.reference === reference)).toHaveLength(1);
    await deliverVipps(t, vipps);
  });
});
