/**
 * Attacks on the payment providers' events (decision 0055).
 * Item 1: an event signed by the provider, but for another merchant (a seller's own Stripe account or
 * Vipps MSN naming another store's reference) or in another currency, made the victim's order paid.
 * Item 8: every signed event was kept whole and forever, events of no Torg payment (a Stripe
 * `customer.created` with someone's e-mail) too, and erasing a shopper left them.
 * Item 10: a Stripe signature dated an hour ahead was accepted.
 */
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { WebhookSignatureError } from "../adapters/payments/payments";
import { createStripeGateway } from "../adapters/payments/stripe";
import { paymentEvents, payments } from "../db/schema";
import {
  checkout,
  deliverVipps,
  orderState,
  paymentEnv,
  STRIPE_ACCOUNT,
  shopper,
  storeWithChannels,
  VIPPS_MSN,
} from "../modules/payments/testing";
import { collectSellerData } from "../modules/privacy/export";
import { type FakeStripe, startFakeStripe, stripeSignature } from "../test/fakes/stripe";
import { type FakeVipps, startFakeVipps } from "../test/fakes/vipps";
import { createTestApp, type TestApp } from "../test/harness";

let t: TestApp;
let stripe: FakeStripe;
let vipps: FakeVipps;
beforeAll(async () => {
  stripe = await startFakeStripe();
  vipps = await startFakeVipps({ deliver: false });
  t = await createTestApp(paymentEnv(vipps, stripe));
});
afterAll(async () => {
  await t?.close();
  await stripe?.close();
  await vipps?.close();
});
afterEach(() => {
  vi.restoreAllMocks();
  // Whatever a test left undelivered is not the next test's.
  for (const message of [...stripe.sent, ...vipps.sent]) message.delivered ??= 0;
});

const ATTACKER_ACCOUNT = "acct_1SellerOwnAcct99";
const ATTACKER_MSN = "654321";

/** Posts one signed Stripe event as Stripe would; the answer's counts. */
async function postStripe(body: string, signature = stripeSignature(stripe.webhookSecret, body)) {
  const response = await t.app.inject({
    method: "POST",
    url: "/api/payments/stripe/webhook",
    headers: { "content-type": "application/json", "stripe-signature": signature },
    payload: body,
  });
  return { status: response.statusCode, body: response.json() };
}

/** Delivers the Stripe fake's events not delivered yet; their answers. */
async function deliverStripeEvents() {
  const answers = [];
  for (const message of stripe.sent.filter((entry) => entry.delivered === undefined)) {
    const answer = await postStripe(message.body, message.signature);
    message.delivered = answer.status;
    answers.push(answer);
  }
  return answers;
}

/** A Checkout Session made with the Stripe API on `account`, as its holder can make one. */
async function sessionOn(account: string, input: { reference: string; currency: string; amount: number }) {
  const form = new URLSearchParams({
    mode: "payment",
    "line_items[0][quantity]": "1",
    "line_items[0][price_data][currency]": input.currency,
    "line_items[0][price_data][unit_amount]": String(input.amount),
    "line_items[0][price_data][product_data][name]": "Anything",
    client_reference_id: input.reference,
    "metadata[reference]": input.reference,
    success_url: "https://attacker.example/done",
  });
  const response = await fetch(`${stripe.url}/v1/checkout/sessions`, {
    method: "POST",
    headers: {
      authorization: `Bearer ${stripe.secretKey}`,
      "stripe-account": account,
      "content-type": "application/x-www-form-urlencoded",
    },
    body: form,
  });
  expect(response.status).toBe(200);
  return (await response.json()) as { id: string };
}

/** A shopper's card order in a store on STRIPE_ACCOUNT: its order id, attempt and session. */
async function cardOrder(basePrice = "349") {
  const { seller, store, mug } = await storeWithChannels(
    t,
    [{ provider: "stripe", isLive: true }],
    basePrice,
  );
  const response = await checkout(t, store.id, mug.id, "stripe", 1);
  expect(response.statusCode).toBe(201);
  const orderId = response.json().id as string;
  const [attempt] = (await orderState(t, orderId)).attempts;
  if (!attempt?.providerSessionId) throw new Error("no Checkout Session");
  return { seller, store, orderId, attempt, sessionId: attempt.providerSessionId };
}

async function eventsOf(paymentId: string) {
  return t.database.db.select().from(paymentEvents).where(eq(paymentEvents.paymentId, paymentId));
}

describe("item 1: a provider event moves a payment only for its own merchant, currency and amount", () => {
  it("Stripe: a seller's own account paying a session that names another store's reference is refused", async () => {
    const victim = await cardOrder();
    await storeWithChannels(t, [{ provider: "stripe", isLive: true, externalId: ATTACKER_ACCOUNT }]);
    const warn = vi.spyOn(t.app.payments.log, "warn");

    const forged = await sessionOn(ATTACKER_ACCOUNT, {
      reference: victim.attempt.reference,
      currency: "nok",
      amount: 34900,
    });
    await stripe.pay(forged.id);
    const [answer] = await deliverStripeEvents();
    expect(answer).toEqual({ status: 200, body: { received: 1, applied: 0, refused: 1 } });

    let state = await orderState(t, victim.orderId);
    expect(state.order?.status).toBe("pending");
    expect(state.attempts[0]).toMatchObject({
      status: "created",
      providerTxId: null,
      capturedAmount: "0.00",
    });
    // The victim's own session is untouched and can still be paid.
    expect(stripe.sessions.get(victim.sessionId)?.status).toBe("open");
    const [recorded] = await eventsOf(victim.attempt.id);
    expect(recorded).toMatchObject({
      name: "checkout.session.completed",
      outcome: "refused",
      refusedReason: "merchant",
    });
    expect(warn).toHaveBeenCalledWith(
      expect.objectContaining({ reason: "merchant", eventMerchant: ATTACKER_ACCOUNT }),
      expect.stringContaining("payment event refused"),
    );

    // Delivered again, it stays refused.
    const replayed = stripe.sent.at(-1);
    if (!replayed) throw new Error("no event");
    expect(await postStripe(replayed.body)).toEqual({
      status: 200,
      body: { received: 1, applied: 0, refused: 0 },
    });
    expect(await eventsOf(victim.attempt.id)).toMatchObject([
      { outcome: "refused", refusedReason: "merchant" },
    ]);
    expect((await orderState(t, victim.orderId)).order?.status).toBe("pending");

    // The shopper's own payment still makes it paid.
    await stripe.pay(victim.sessionId);
    expect((await deliverStripeEvents()).map((entry) => entry.body)).toEqual([
      { received: 1, applied: 1, refused: 0 },
    ]);
    state = await orderState(t, victim.orderId);
    expect(state.order?.status).toBe("paid");
    expect(state.attempts[0]).toMatchObject({ status: "captured", capturedAmount: "349.00" });
  });

  it("Stripe: the same number in another currency (499000 IDR for a 4990 kr order) is refused, by webhook and by read", async () => {
    const victim = await cardOrder("4990");
    expect(victim.attempt.amount).toBe("4990.00");
    // The attempt's own session, as Stripe reports it: 499000 in rupiah, not kroner.
    const session = stripe.sessions.get(victim.sessionId);
    if (!session) throw new Error("no session");
    session.currency = "idr";
    await stripe.pay(victim.sessionId);
    expect(JSON.parse(stripe.sent.at(-1)?.body ?? "{}").data.object).toMatchObject({
      amount_total: 499000,
      currency: "idr",
      client_reference_id: victim.attempt.reference,
    });
    expect((await deliverStripeEvents()).map((entry) => entry.body)).toEqual([
      { received: 1, applied: 0, refused: 1 },
    ]);
    expect((await orderState(t, victim.orderId)).order?.status).toBe("pending");
    expect(await eventsOf(victim.attempt.id)).toMatchObject([
      { outcome: "refused", refusedReason: "currency" },
    ]);

    // The reconciler reads the same session from Stripe: the same rule holds for what the read says.
    await t.app.paymentWorker.run(new Date(Date.now() + 10_000));
    const state = await orderState(t, victim.orderId);
    expect(state.order?.status).toBe("pending");
    expect(state.attempts[0]).toMatchObject({ status: "created", capturedAmount: "0.00" });
  });

  it("Vipps: an event signed for the seller's own MSN that names another store's reference is refused", async () => {
    const { store, mug } = await storeWithChannels(t, [{ provider: "vipps", isLive: true }]);
    const placed = await checkout(t, store.id, mug.id, "vipps");
    expect(placed.statusCode).toBe(201);
    const orderId = placed.json().id as string;
    const [attempt] = (await orderState(t, orderId)).attempts;
    if (!attempt) throw new Error("no attempt");

    // The attacker's store is live on their own MSN: Torg registered a webhook for it.
    const attacker = await storeWithChannels(t, [
      { provider: "vipps", isLive: true, externalId: ATTACKER_MSN },
    ]);
    expect((await checkout(t, attacker.store.id, attacker.mug.id, "vipps")).statusCode).toBe(201);
    expect(vipps.webhooks.some((hook) => hook.msn === ATTACKER_MSN)).toBe(true);
    await deliverVipps(t, vipps);

    // With their own keys they make a payment on their MSN under the victim's reference, and approve it.
    const token = await fetch(`${vipps.url}/accesstoken/get`, {
      method: "POST",
      headers: {
        client_id: vipps.keys.clientId,
        client_secret: vipps.keys.clientSecret,
        "Ocp-Apim-Subscription-Key": vipps.keys.subscriptionKey,
        "Merchant-Serial-Number": ATTACKER_MSN,
      },
    }).then(async (response) => ((await response.json()) as { access_token: string }).access_token);
    const made = await fetch(`${vipps.url}/epayment/v1/payments`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${token}`,
        "Ocp-Apim-Subscription-Key": vipps.keys.subscriptionKey,
        "Merchant-Serial-Number": ATTACKER_MSN,
        "Idempotency-Key": attempt.reference,
        "content-type": "application/json",
      },
      body: JSON.stringify({
        amount: { currency: "NOK", value: 69800 },
        paymentMethod: { type: "WALLET" },
        reference: attempt.reference,
        returnUrl: "https://attacker.example/done",
        userFlow: "WEB_REDIRECT",
      }),
    });
    expect(made.status).toBe(201);
    await vipps.approve(attempt.reference, ATTACKER_MSN);
    const forged = vipps.sent.filter((message) => message.delivered === undefined);
    expect(forged.map((message) => JSON.parse(message.body))).toMatchObject([
      { msn: ATTACKER_MSN, reference: attempt.reference, name: "CREATED" },
      { msn: ATTACKER_MSN, reference: attempt.reference, name: "AUTHORIZED" },
    ]);
    expect(await deliverVipps(t, vipps)).toEqual([200, 200]);

    let state = await orderState(t, orderId);
    expect(state.order?.status).toBe("pending");
    expect(state.attempts[0]?.status).toBe("created");
    const recorded = await eventsOf(attempt.id);
    expect(
      recorded
        .filter((event) => event.outcome === "refused")
        .map((event) => event.name)
        .sort(),
    ).toEqual(["AUTHORIZED", "CREATED"]);
    expect(
      recorded.every((event) => event.outcome === "accepted" || event.refusedReason === "merchant"),
    ).toBe(true);

    // The shopper's own approval on the store's MSN pays it.
    await vipps.approve(attempt.reference, VIPPS_MSN);
    expect(await deliverVipps(t, vipps)).toEqual([200]);
    state = await orderState(t, orderId);
    expect(state.order?.status).toBe("paid");
    expect(state.attempts[0]?.status).toBe("authorized");
  });

  it("Vipps: an event or a read of the payment in another currency moves nothing", async () => {
    const { store, mug } = await storeWithChannels(t, [{ provider: "vipps", isLive: true }]);
    const placed = await checkout(t, store.id, mug.id, "vipps");
    const orderId = placed.json().id as string;
    const [attempt] = (await orderState(t, orderId)).attempts;
    const fake = vipps.payment(attempt?.reference ?? "", VIPPS_MSN);
    if (!attempt || !fake) throw new Error("no payment at the fake");
    // Vipps reports the payment as 69800 in Danish kroner.
    fake.amount = { currency: "DKK", value: fake.amount.value };
    await vipps.approve(fake.reference, VIPPS_MSN);
    expect(await deliverVipps(t, vipps)).toEqual([200, 200]);
    expect((await eventsOf(attempt.id)).map((event) => [event.name, event.refusedReason]).sort()).toEqual([
      ["AUTHORIZED", "currency"],
      ["CREATED", null],
    ]);
    expect((await orderState(t, orderId)).order?.status).toBe("pending");
    await t.app.paymentWorker.run(new Date(Date.now() + 10_000));
    expect((await orderState(t, orderId)).order?.status).toBe("pending");
    expect((await orderState(t, orderId)).attempts[0]?.status).toBe("created");
  });
});

describe("item 8: only Torg's payments' events are kept, without personal fields, for the retention period", () => {
  it("an event of no Torg payment is not stored; a stored event keeps only the fields Torg reads", async () => {
    const customerCreated = JSON.stringify({
      id: "evt_customer_created_1",
      object: "event",
      account: STRIPE_ACCOUNT,
      type: "customer.created",
      created: Math.floor(Date.now() / 1000),
      data: { object: { id: "cus_1", object: "customer", email: "someone@example.no", name: "Some One" } },
    });
    expect(await postStripe(customerCreated)).toMatchObject({ status: 200, body: { received: 1 } });
    const unknown = await t.database.db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.eventId, "evt_customer_created_1"));
    expect(unknown).toEqual([]);

    // A completed session as Stripe sends it, with the buyer's details Checkout collected.
    const victim = await cardOrder();
    await stripe.pay(victim.sessionId);
    const delivered = stripe.sent.at(-1);
    if (!delivered) throw new Error("no event");
    delivered.delivered = 0;
    const event = JSON.parse(delivered.body);
    event.data.object.customer_details = { email: shopper.buyerEmail, name: shopper.shipToName };
    event.data.object.customer_email = shopper.buyerEmail;
    const body = JSON.stringify(event);
    expect(await postStripe(body)).toMatchObject({ status: 200, body: { applied: 1 } });
    const [stored] = await eventsOf(victim.attempt.id);
    expect(JSON.stringify(stored?.payload)).not.toContain(shopper.buyerEmail);
    expect(JSON.stringify(stored?.payload)).not.toContain(shopper.shipToName);
    expect(stored?.payload).toEqual({
      id: event.id,
      type: "checkout.session.completed",
      account: STRIPE_ACCOUNT,
      created: event.created,
      livemode: false,
      data: {
        object: {
          id: victim.sessionId,
          object: "checkout.session",
          status: "complete",
          payment_status: "paid",
          amount_total: 34900,
          currency: "nok",
          client_reference_id: victim.attempt.reference,
          payment_intent: event.data.object.payment_intent,
        },
      },
    });
  });

  it("housekeeping deletes events older than PAYMENT_EVENTS_RETENTION_DAYS; newer ones stay", async () => {
    expect(t.config.retention.paymentEventDays).toBe(365);
    const { attempt } = await cardOrder();
    const ago = (days: number) => new Date(Date.now() - days * 24 * 60 * 60 * 1000);
    const row = (eventId: string, days: number) => ({
      provider: "stripe",
      eventId,
      paymentId: attempt.id,
      name: "checkout.session.expired",
      payload: {},
      receivedAt: ago(days),
    });
    await t.database.db.insert(paymentEvents).values([row("evt_old_366", 366), row("evt_new_364", 364)]);
    await t.app.housekeeping.run();
    expect((await eventsOf(attempt.id)).map((event) => event.eventId)).toEqual(["evt_new_364"]);
  });

  it("erase-shopper deletes the order's payment events (the payment stays); the seller's export lists them", async () => {
    const { seller, store, orderId, attempt, sessionId } = await cardOrder();
    await stripe.pay(sessionId);
    await deliverStripeEvents();
    expect(await eventsOf(attempt.id)).toHaveLength(1);

    const data = await collectSellerData(t.database.db, seller.user.id);
    const exported = (data.orders as { id: string; payments: { events: unknown[] }[] }[]).find(
      (order) => order.id === orderId,
    );
    expect(exported?.payments).toMatchObject([
      {
        reference: attempt.reference,
        status: "captured",
        events: [{ name: "checkout.session.completed", outcome: "accepted", refusedReason: null }],
      },
    ]);

    const erased = await seller.agent.post(`/api/stores/${store.id}/erase-shopper`, {
      email: shopper.buyerEmail,
    });
    expect(erased.json()).toEqual({ orders: 1 });
    expect(await eventsOf(attempt.id)).toEqual([]);
    const [kept] = await t.database.db.select().from(payments).where(eq(payments.id, attempt.id));
    expect(kept).toMatchObject({ status: "captured", capturedAmount: "349.00" });
  });
});

describe("item 10: a Stripe signature beyond the tolerance in either direction is refused", () => {
  const secret = "whsec_tolerance_test";
  const payload = JSON.stringify({
    id: "evt_tolerance",
    object: "event",
    type: "customer.created",
    data: { object: { id: "cus_1", object: "customer" } },
  });
  const nowMs = Date.parse("2026-11-28T12:00:00Z");
  const gateway = createStripeGateway({
    secretKey: "sk_test_unused",
    webhookSecret: secret,
    apiUrl: "http://127.0.0.1:9",
    now: () => nowMs,
  });
  /** Stripe's documented header shape: `t=…,v1=…,v0=…` (the example's v0, which is not checked). */
  const documented = (offsetSeconds: number) =>
    `${stripeSignature(secret, payload, Math.floor(nowMs / 1000) + offsetSeconds)},v0=6ffbb59b2300aae63f272406069a9788598b792a944a07aba816edb039989a39`;
  const parse = (header: string) =>
    gateway.parseWebhook({ rawBody: payload, headers: { "stripe-signature": header }, pathAndQuery: "/" });

  it("an hour ahead, or past the 300 s either way, is refused; within it is accepted", async () => {
    await expect(parse(documented(3600))).rejects.toThrow(WebhookSignatureError);
    await expect(parse(documented(301))).rejects.toThrow(/tolerance/);
    await expect(parse(documented(-301))).rejects.toThrow(/tolerance/);
    await expect(parse(documented(300))).resolves.toHaveLength(1);
    await expect(parse(documented(-300))).resolves.toHaveLength(1);
    await expect(parse(documented(0))).resolves.toHaveLength(1);
  });

  it("the webhook route answers 401 to a call signed an hour ahead and records nothing", async () => {
    const { attempt } = await cardOrder();
    const body = JSON.stringify({
      id: "evt_from_the_future",
      object: "event",
      account: STRIPE_ACCOUNT,
      type: "checkout.session.expired",
      created: Math.floor(Date.now() / 1000),
      data: {
        object: {
          id: attempt.providerSessionId,
          object: "checkout.session",
          status: "expired",
          amount_total: 34900,
          currency: "nok",
          client_reference_id: attempt.reference,
        },
      },
    });
    const ahead = stripeSignature(stripe.webhookSecret, body, Math.floor(Date.now() / 1000) + 3600);
    const answer = await postStripe(body, ahead);
    expect(answer.status).toBe(401);
    expect(await eventsOf(attempt.id)).toEqual([]);
  });
});
