/**
 * Attacks on the payment providers' events.
 * Item 10: a Stripe signature dated an hour ahead was accepted.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WebhookSignatureError } from "../adapters/payments/payments";
import { createStripeGateway } from "../adapters/payments/stripe";
import { paymentEvents } from "../db/schema";
import {
  checkout,
  orderState,
  paymentEnv,
  STRIPE_ACCOUNT,
  storeWithChannels,
} from "../modules/payments/testing";
import { type FakeStripe, startFakeStripe, stripeSignature } from "../test/fakes/stripe";
import { createTestApp, type TestApp } from "../test/harness";

let t: TestApp;
let stripe: FakeStripe;
beforeAll(async () => {
  stripe = await startFakeStripe();
  t = await createTestApp(paymentEnv(undefined, stripe));
});
afterAll(async () => {
  await t?.close();
  await stripe?.close();
});

/** Posts one signed Stripe event as Stripe would; the answer. */
async function postStripe(body: string, signature = stripeSignature(stripe.webhookSecret, body)) {
  const response = await t.app.inject({
    method: "POST",
    url: "/api/payments/stripe/webhook",
    headers: { "content-type": "application/json", "stripe-signature": signature },
    payload: body,
  });
  return { status: response.statusCode, body: response.json() };
}

/** A shopper's card order in a store on STRIPE_ACCOUNT: its order id and attempt. */
async function cardOrder() {
  const { store, mug } = await storeWithChannels(t, [{ provider: "stripe", isLive: true }]);
  const response = await checkout(t, store.id, mug.id, "stripe", 1);
  expect(response.statusCode).toBe(201);
  const orderId = response.json().id as string;
  const [attempt] = (await orderState(t, orderId)).attempts;
  if (!attempt?.providerSessionId) throw new Error("no Checkout Session");
  return { orderId, attempt };
}

async function eventsOf(paymentId: string) {
  return t.database.db.select().from(paymentEvents).where(eq(paymentEvents.paymentId, paymentId));
}

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
