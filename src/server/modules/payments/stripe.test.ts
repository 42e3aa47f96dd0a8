import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { PaymentGateway } from "../../adapters/payments";
import { type FakeStripe, startFakeStripe, stripeSignature } from "../../test/fakes/stripe";
import { Agent, createTestApp, type TestApp } from "../../test/harness";
import {
  checkout,
  confirmationHeld,
  deliverStripe,
  emailStates,
  orderState,
  paymentEnv,
  STRIPE_ACCOUNT,
  storeWithChannels,
  tokenOf,
} from "./testing";

let t: TestApp;
let stripe: FakeStripe;
beforeAll(async () => {
  stripe = await startFakeStripe();
  t = await createTestApp(paymentEnv(undefined, stripe));
});
afterAll(async () => {
  await t.close();
  await stripe.close();
});
afterEach(() => {
  vi.restoreAllMocks();
});

async function cardOrder(qty = 2) {
  const { seller, store, mug } = await storeWithChannels(t, [{ provider: "stripe", isLive: true }]);
  const response = await checkout(t, store.id, mug.id, "stripe", qty);
  expect(response.statusCode).toBe(201);
  const order = response.json();
  const session = [...stripe.sessions.values()].at(-1);
  if (!session) throw new Error("no Checkout Session");
  return { seller, store, order, session, token: tokenOf(order.publicUrl) };
}

describe("Stripe Checkout", () => {
  it("creates a session in NOK øre on the store's connected account, and is paid by the signed completed event", async () => {
    const { order, session, token } = await cardOrder();
    expect(order.payment).toMatchObject({ provider: "stripe", status: "created", redirectUrl: session.url });
    expect(session).toMatchObject({
      account: STRIPE_ACCOUNT,
      amount_total: 69800,
      currency: "nok",
      success_url: order.publicUrl,
      cancel_url: order.publicUrl,
      line_items: [{ name: "Mug", unit_amount: 34900, quantity: 2 }],
    });
    expect(confirmationHeld((await orderState(t, order.id)).texts)).toBe(true);

    await stripe.pay(session.id);
    expect(await deliverStripe(t, stripe)).toEqual([200]);
    const state = await orderState(t, order.id);
    expect(state.order?.status).toBe("paid");
    expect(state.attempts[0]).toMatchObject({
      status: "captured",
      capturedAmount: "698.00",
      providerTxId: session.payment_intent,
    });
    expect(confirmationHeld(state.texts)).toBe(false);
    expect((await new Agent(t.app).get(`/api/orders/by-token/${token}/payment`)).json()).toMatchObject({
      orderStatus: "paid",
      payment: { provider: "stripe", status: "captured" },
    });
  });

  it("a bad signature or a replay changes nothing", async () => {
    const { order, session } = await cardOrder();
    await stripe.pay(session.id);
    const message = stripe.sent.at(-1);
    if (!message) throw new Error("no event");
    const forged = await t.app.inject({
      method: "POST",
      url: "/api/payments/stripe/webhook",
      headers: {
        "content-type": "application/json",
        "stripe-signature": stripeSignature("whsec_wrong", message.body),
      },
      payload: message.body,
    });
    expect(forged.statusCode).toBe(401);
    expect((await orderState(t, order.id)).order?.status).toBe("pending");
    await deliverStripe(t, stripe);
    message.delivered = undefined;
    expect(await deliverStripe(t, stripe)).toEqual([200]);
    expect((await orderState(t, order.id)).history.filter((event) => event.toStatus === "paid")).toHaveLength(
      1,
    );
  });

  it("the shopper comes back without paying: the session is expired on retry and a new one offered", async () => {
    const { order, session, token } = await cardOrder();
    const shopper = new Agent(t.app);
    expect((await shopper.get(`/api/orders/by-token/${token}/payment`)).json()).toMatchObject({
      payment: { status: "created", redirectUrl: session.url },
      canRetry: false,
    });
    const retry = await shopper.post(`/api/orders/by-token/${token}/payment`, {});
    expect(retry.statusCode).toBe(200);
    expect(stripe.sessions.get(session.id)?.status).toBe("expired");
    const next = [...stripe.sessions.values()].at(-1);
    expect(next?.id).not.toBe(session.id);
    await stripe.pay(next?.id ?? "");
    await deliverStripe(t, stripe);
    expect((await orderState(t, order.id)).order?.status).toBe("paid");
  });

  it("cancelling a paid card order refunds it; charge.refunded keeps it refunded", async () => {
    const { seller, order, session } = await cardOrder();
    await stripe.pay(session.id);
    await deliverStripe(t, stripe);
    const response = await seller.agent.patch(`/api/orders/${order.id}/status`, { status: "cancelled" });
    expect(response.statusCode).toBe(200);
    expect(stripe.refunds.filter((refund) => refund.payment_intent === session.payment_intent)).toMatchObject(
      [{ amount: 69800, status: "succeeded" }],
    );
    expect(await deliverStripe(t, stripe)).toEqual([200]);
    expect((await seller.agent.get(`/api/orders/${order.id}`)).json().payment).toMatchObject({
      provider: "stripe",
      status: "refunded",
      capturedAmount: "698.00",
      refundedAmount: "698.00",
    });
  });

  it("fulfilling a card order moves no money (Checkout captured it) and a lost event is found by the poll", async () => {
    const { seller, order, session } = await cardOrder();
    await stripe.pay(session.id);
    for (const message of stripe.sent) message.delivered ??= 0;
    await t.app.paymentWorker.run(new Date(Date.now() + 10_000));
    expect((await orderState(t, order.id)).order?.status).toBe("paid");
    expect(
      (await seller.agent.patch(`/api/orders/${order.id}/status`, { status: "fulfilled" })).statusCode,
    ).toBe(200);
    expect((await orderState(t, order.id)).attempts[0]?.status).toBe("captured");
  });

  it("an unpaid card order expires: its session expired at Stripe, the order cancelled", async () => {
    const { order, session } = await cardOrder();
    await t.app.paymentWorker.run(new Date(Date.now() + 31 * 60_000));
    expect(stripe.sessions.get(session.id)?.status).toBe("expired");
    const state = await orderState(t, order.id);
    expect(state.order?.status).toBe("cancelled");
    expect(state.history.at(-1)?.changedBy).toBe("expiry");
    // The expired event arriving later changes nothing.
    expect(await deliverStripe(t, stripe)).toEqual([200]);
    expect((await orderState(t, order.id)).order?.status).toBe("cancelled");
  });
});

describe("Stripe events out of order, Stripe down, and paying as the order ends", () => {
  /** A signed event as Stripe would send it, for a session as it is now: `type` and `data.object`. */
  function signedEvent(type: string, session: Record<string, unknown>) {
    const body = JSON.stringify({
      id: `evt_test_${Math.random().toString(16).slice(2)}`,
      object: "event",
      account: STRIPE_ACCOUNT,
      api_version: "2026-10-28.endive",
      created: Math.floor(Date.now() / 1000),
      data: { object: session },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    });
    return { type, body, signature: stripeSignature(stripe.webhookSecret, body) };
  }
  const gateway = () => t.app.payments.gateways.stripe as PaymentGateway;

  it("checkout.session.expired after checkout.session.completed never moves the payment or the order back", async () => {
    const { order, session } = await cardOrder();
    await stripe.pay(session.id);
    await deliverStripe(t, stripe);
    expect((await orderState(t, order.id)).order?.status).toBe("paid");
    const { line_items: _lines, account: _account, ...object } = session;
    stripe.sent.push(signedEvent("checkout.session.expired", { ...object, status: "expired", url: null }));
    expect(await deliverStripe(t, stripe)).toEqual([200]);
    const state = await orderState(t, order.id);
    expect(state.order?.status).toBe("paid");
    expect(state.attempts[0]).toMatchObject({ status: "captured", capturedAmount: "698.00" });
  });

  it("a retry's events arriving newest first: the paid session wins, the stopped one stays stopped", async () => {
    const { order, session, token } = await cardOrder();
    for (const message of stripe.sent) message.delivered ??= 0;
    await new Agent(t.app).post(`/api/orders/by-token/${token}/payment`, {});
    const next = [...stripe.sessions.values()].at(-1);
    await stripe.pay(next?.id ?? "");
    // Undelivered: the first session's expired, the second's completed. Newest first:
    const pending = stripe.sent.filter((message) => message.delivered === undefined);
    expect(pending.map((message) => message.type)).toEqual([
      "checkout.session.expired",
      "checkout.session.completed",
    ]);
    pending.reverse();
    for (const message of pending) {
      const response = await t.app.inject({
        method: "POST",
        url: "/api/payments/stripe/webhook",
        headers: { "content-type": "application/json", "stripe-signature": message.signature },
        payload: message.body,
      });
      message.delivered = response.statusCode;
    }
    expect(pending.map((message) => message.delivered)).toEqual([200, 200]);
    const state = await orderState(t, order.id);
    expect(state.order?.status).toBe("paid");
    const bySession = new Map(state.attempts.map((attempt) => [attempt.providerSessionId, attempt.status]));
    expect(bySession.get(session.id)).toBe("cancelled");
    expect(bySession.get(next?.id ?? "")).toBe("captured");
  });

  it("Stripe down at checkout: a clear message, the order kept, the shopper pays later; nothing lost", async () => {
    const { seller, store, mug } = await storeWithChannels(t, [{ provider: "stripe", isLive: true }]);
    stripe.control.down = true;
    let response: Awaited<ReturnType<typeof checkout>>;
    try {
      response = await checkout(t, store.id, mug.id, "stripe");
    } finally {
      stripe.control.down = false;
    }
    expect(response.statusCode).toBe(201);
    const order = response.json();
    expect(order.payment).toMatchObject({ provider: "stripe", status: "failed", redirectUrl: null });
    expect(order.payment.message).toBe(
      "The payment service could not be reached. Your order is saved: you can try paying again from your order page.",
    );
    let state = await orderState(t, order.id);
    expect(state.order).toMatchObject({ status: "pending", totalGross: "698.00" });
    expect(confirmationHeld(state.texts)).toBe(true);
    // The seller sees it waiting, and cannot mark it paid by hand.
    expect((await seller.agent.get(`/api/orders/${order.id}`)).json().payment).toMatchObject({
      provider: "stripe",
      status: "failed",
    });
    expect((await seller.agent.patch(`/api/orders/${order.id}/status`, { status: "paid" })).statusCode).toBe(
      409,
    );

    const token = tokenOf(order.publicUrl);
    const shopper = new Agent(t.app);
    expect((await shopper.get(`/api/orders/by-token/${token}/payment`)).json()).toMatchObject({
      orderStatus: "pending",
      canRetry: true,
    });
    const retry = await shopper.post(`/api/orders/by-token/${token}/payment`, {});
    const session = [...stripe.sessions.values()].at(-1);
    expect(retry.json()).toMatchObject({ provider: "stripe", status: "created", redirectUrl: session?.url });
    expect(session).toMatchObject({ amount_total: 69800, line_items: [{ name: "Mug", quantity: 2 }] });
    await stripe.pay(session?.id ?? "");
    await deliverStripe(t, stripe);
    state = await orderState(t, order.id);
    expect(state.order?.status).toBe("paid");
    expect(state.attempts.map((attempt) => attempt.status).sort()).toEqual(["captured", "failed"]);
    expect(confirmationHeld(state.texts)).toBe(false);
    expect(emailStates(state.emails).map(([, status, held]) => [status, held])).toEqual([
      ["pending", false],
      ["pending", false],
    ]);
  });

  it("paid between the expiry's read and its expire call: the money is the order's, never kept on a cancelled order", async () => {
    const { order, session } = await cardOrder();
    const cancel = gateway().cancel.bind(gateway());
    vi.spyOn(gateway(), "cancel").mockImplementationOnce(async (handle, key) => {
      await stripe.pay(handle.sessionId ?? "");
      return cancel(handle, key);
    });
    await t.app.paymentWorker.run(new Date(Date.now() + 31 * 60_000));
    const state = await orderState(t, order.id);
    // Stripe holds the money: the order is paid (a provider read said so), not cancelled.
    expect(state.attempts[0]).toMatchObject({ status: "captured", capturedAmount: "698.00" });
    expect(state.order?.status).toBe("paid");
    expect(stripe.sessions.get(session.id)?.status).toBe("complete");
    expect(await deliverStripe(t, stripe)).toEqual([200]);
    expect((await orderState(t, order.id)).order?.status).toBe("paid");
  });

  it("paid just as the seller cancels the unpaid order: the card payment is refunded", async () => {
    const { seller, order, session } = await cardOrder();
    const cancel = gateway().cancel.bind(gateway());
    vi.spyOn(gateway(), "cancel").mockImplementationOnce(async (handle, key) => {
      await stripe.pay(handle.sessionId ?? "");
      return cancel(handle, key);
    });
    const response = await seller.agent.patch(`/api/orders/${order.id}/status`, { status: "cancelled" });
    expect(response.statusCode).toBe(200);
    const intent = stripe.sessions.get(session.id)?.payment_intent;
    expect(stripe.refunds.filter((refund) => refund.payment_intent === intent)).toMatchObject([
      { amount: 69800, status: "succeeded" },
    ]);
    const state = await orderState(t, order.id);
    expect(state.order?.status).toBe("cancelled");
    expect(state.attempts[0]).toMatchObject({ status: "refunded", refundedAmount: "698.00" });
    await deliverStripe(t, stripe);
  });
});
