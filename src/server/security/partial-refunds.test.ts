/**
 * Item 6: a partial refund ended the payment. The shopper paid 300 kr, the seller refunded 10 kr in
 * Stripe's dashboard: the payment became `refunded`, cancelling the order then refunded nothing more, and
 * both sides read "refunded". A payment is now `refunded` only when all that was captured went back; a
 * partial refund keeps it captured with the amount refunded (øre-exact), both sides are told how much of
 * what, and cancelling refunds the rest, read from the provider first. Vipps the same.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Catalogue, translate } from "../../shared/i18n";
import { formatKr } from "../../shared/money";
import { type Refund, refundOf } from "../../shared/payment";
import ordersEn from "../../web/locales/orders/en.json";
import ordersNb from "../../web/locales/orders/nb.json";
import storefrontEn from "../../web/locales/storefront/en.json";
import storefrontNb from "../../web/locales/storefront/nb.json";
import { payments } from "../db/schema";
import {
  deliverStripe,
  deliverVipps,
  paymentEnv,
  STRIPE_ACCOUNT,
  shopper,
  storeWithChannels,
  tokenOf,
  VIPPS_MSN,
} from "../modules/payments/testing";
import { type FakeStripe, startFakeStripe } from "../test/fakes/stripe";
import { type FakeVipps, startFakeVipps } from "../test/fakes/vipps";
import { createProductVia } from "../test/fixtures";
import { Agent, createTestApp, type TestApp } from "../test/harness";

let t: TestApp;
let vipps: FakeVipps;
let stripe: FakeStripe;
beforeAll(async () => {
  vipps = await startFakeVipps({ deliver: false });
  stripe = await startFakeStripe();
  t = await createTestApp(paymentEnv(vipps, stripe));
});
afterAll(async () => {
  await t.close();
  await vipps.close();
  await stripe.close();
});

/** A 300 kr order paid online, as the issue tells it. */
async function paidOrder(provider: "vipps" | "stripe") {
  const { seller, store } = await storeWithChannels(t, [{ provider, isLive: true }]);
  const vase = await createProductVia(seller.agent, store.id, { title: "Vase", basePrice: "300" });
  const response = await new Agent(t.app).post("/api/orders", {
    storeId: store.id,
    ...shopper,
    items: [{ productId: vase.id, qty: 1 }],
    paymentProvider: provider,
  });
  expect(response.statusCode).toBe(201);
  const order = response.json();
  const token = tokenOf(order.publicUrl);
  if (provider === "stripe") {
    const session = [...stripe.sessions.values()].at(-1);
    await stripe.pay(session?.id ?? "");
    await deliverStripe(t, stripe);
    return { seller, order, token, paymentIntent: session?.payment_intent ?? "", reference: "" };
  }
  const reference = [...vipps.payments.values()].at(-1)?.reference ?? "";
  await vipps.approve(reference);
  await deliverVipps(t, vipps);
  // Vipps reserves; fulfilling captures the 300 kr.
  expect(
    (await seller.agent.patch(`/api/orders/${order.id}/status`, { status: "fulfilled" })).statusCode,
  ).toBe(200);
  await deliverVipps(t, vipps);
  return { seller, order, token, paymentIntent: "", reference };
}

/** The seller refunds part of a card payment in Stripe's dashboard: `POST /v1/refunds` with `amount`. */
async function refundInStripeDashboard(paymentIntent: string, amountOre: number) {
  const response = await fetch(`${stripe.url}/v1/refunds`, {
    method: "POST",
    headers: {
      authorization: `Bearer ${stripe.secretKey}`,
      "stripe-account": STRIPE_ACCOUNT,
      "content-type": "application/x-www-form-urlencoded",
    },
    body: new URLSearchParams({ payment_intent: paymentIntent, amount: String(amountOre) }).toString(),
  });
  expect(response.status).toBe(200);
}

/** The seller refunds part of a Vipps payment in the portal: ePayment `…/refund` with `modificationAmount`. */
async function refundInVippsPortal(reference: string, amountOre: number) {
  const keys = vipps.keys;
  const token = await fetch(`${vipps.url}/accesstoken/get`, {
    method: "POST",
    headers: {
      client_id: keys.clientId,
      client_secret: keys.clientSecret,
      "Ocp-Apim-Subscription-Key": keys.subscriptionKey,
      "Merchant-Serial-Number": VIPPS_MSN,
    },
  }).then((response) => response.json() as Promise<{ access_token: string }>);
  const response = await fetch(`${vipps.url}/epayment/v1/payments/${reference}/refund`, {
    method: "POST",
    headers: {
      authorization: `Bearer ${token.access_token}`,
      "Ocp-Apim-Subscription-Key": keys.subscriptionKey,
      "Merchant-Serial-Number": VIPPS_MSN,
      "Idempotency-Key": `portal-${Math.random().toString(36).slice(2)}`,
      "content-type": "application/json",
    },
    body: JSON.stringify({ modificationAmount: { currency: "NOK", value: amountOre } }),
  });
  expect(response.status).toBe(200);
}

async function attemptOf(orderId: string) {
  const [row] = await t.database.db.select().from(payments).where(eq(payments.orderId, orderId));
  return row;
}

async function bothSides(made: {
  seller: Awaited<ReturnType<typeof paidOrder>>["seller"];
  order: { id: string };
  token: string;
}) {
  const seller = (await made.seller.agent.get(`/api/orders/${made.order.id}`)).json();
  const shopperSide = (await new Agent(t.app).get(`/api/orders/by-token/${made.token}/payment`)).json();
  return { seller, shopper: shopperSide };
}

describe("item 6: a partial refund leaves the payment captured, says how much, and a cancel refunds the rest", () => {
  it("Stripe: 10 kr of 300 kr refunded in the dashboard (charge.refunded, `refunded: false`) is shown as such; cancelling refunds the other 290 kr", async () => {
    const made = await paidOrder("stripe");
    await refundInStripeDashboard(made.paymentIntent, 1000);
    const event = JSON.parse(stripe.sent.at(-1)?.body ?? "{}");
    expect(event.data.object).toMatchObject({ amount_refunded: 1000, refunded: false });
    expect(await deliverStripe(t, stripe)).toEqual([200]);

    expect(await attemptOf(made.order.id)).toMatchObject({
      status: "captured",
      capturedAmount: "300.00",
      refundedAmount: "10.00",
    });
    let sides = await bothSides(made);
    expect(sides.seller.status).toBe("paid");
    expect(sides.seller.payment).toMatchObject({
      status: "captured",
      capturedAmount: "300.00",
      refundedAmount: "10.00",
    });
    expect(sides.shopper).toMatchObject({
      orderStatus: "paid",
      payment: { status: "captured" },
      refund: { refunded: "10.00", of: "300.00", rest: "290.00", inFull: false },
    });

    // The words each side's screen makes of it, from its catalogue, amounts by formatKr.
    const words = (language: "en" | "nb", catalogue: Catalogue, key: string, refund: Refund | null) =>
      refund &&
      translate(language, catalogue, catalogue, key, {
        refunded: formatKr(refund.refunded, language),
        of: formatKr(refund.of, language),
      });
    const sellerRefund = refundOf(sides.seller.payment);
    expect(words("en", ordersEn, "orders.payment.refundedOf", sellerRefund)).toBe("Refunded 10 kr of 300 kr");
    expect(words("nb", ordersNb, "orders.payment.refundedOf", sellerRefund)).toBe(
      "Refundert 10 kr av 300 kr",
    );
    expect(words("en", storefrontEn, "payment.refundedOf", sides.shopper.refund)).toBe(
      "Refunded 10 kr of 300 kr",
    );
    expect(words("nb", storefrontNb, "payment.refundedOf", sides.shopper.refund)).toBe(
      "Refundert 10 kr av 300 kr",
    );

    // A Vipps order here was fulfilled: the seller says the piece is back (decision 0067).
    const cancel = await made.seller.agent.patch(`/api/orders/${made.order.id}/status`, {
      status: "cancelled",
      restock: true,
    });
    expect(cancel.statusCode).toBe(200);
    expect(
      stripe.refunds.filter((refund) => refund.payment_intent === made.paymentIntent).map((r) => r.amount),
    ).toEqual([1000, 29000]);
    await deliverStripe(t, stripe);
    sides = await bothSides(made);
    expect(sides.seller.payment).toMatchObject({ status: "refunded", refundedAmount: "300.00" });
    expect(sides.shopper).toMatchObject({
      orderStatus: "cancelled",
      payment: { status: "refunded" },
      refund: { refunded: "300.00", of: "300.00", rest: "0.00", inFull: true },
    });
  });

  it("Stripe: the dashboard refund's event is lost; cancelling reads Stripe first and refunds only the rest", async () => {
    const made = await paidOrder("stripe");
    await refundInStripeDashboard(made.paymentIntent, 1000);
    for (const message of stripe.sent) message.delivered ??= 0; // never arrives
    // A Vipps order here was fulfilled: the seller says the piece is back (decision 0067).
    const cancel = await made.seller.agent.patch(`/api/orders/${made.order.id}/status`, {
      status: "cancelled",
      restock: true,
    });
    expect(cancel.statusCode).toBe(200);
    expect(
      stripe.refunds.filter((refund) => refund.payment_intent === made.paymentIntent).map((r) => r.amount),
    ).toEqual([1000, 29000]);
    expect(await attemptOf(made.order.id)).toMatchObject({ status: "refunded", refundedAmount: "300.00" });
  });

  it("Vipps: two partial refunds in the portal add up (aggregate.refundedAmount); cancelling refunds the rest with modificationAmount", async () => {
    const made = await paidOrder("vipps");
    await refundInVippsPortal(made.reference, 1000);
    expect(await deliverVipps(t, vipps)).toEqual([200]);
    expect(await attemptOf(made.order.id)).toMatchObject({ status: "captured", refundedAmount: "10.00" });
    await refundInVippsPortal(made.reference, 2000);
    expect(await deliverVipps(t, vipps)).toEqual([200]);
    expect(await attemptOf(made.order.id)).toMatchObject({ status: "captured", refundedAmount: "30.00" });
    const sides = await bothSides(made);
    expect(sides.seller.payment).toMatchObject({ status: "captured", refundedAmount: "30.00" });
    expect(sides.shopper.refund).toEqual({ refunded: "30.00", of: "300.00", rest: "270.00", inFull: false });

    // A Vipps order here was fulfilled: the seller says the piece is back (decision 0067).
    const cancel = await made.seller.agent.patch(`/api/orders/${made.order.id}/status`, {
      status: "cancelled",
      restock: true,
    });
    expect(cancel.statusCode).toBe(200);
    expect(vipps.operations.filter((op) => op.reference === made.reference)).toEqual([
      { reference: made.reference, kind: "capture", value: 30000 },
      { reference: made.reference, kind: "refund", value: 1000 },
      { reference: made.reference, kind: "refund", value: 2000 },
      { reference: made.reference, kind: "refund", value: 27000 },
    ]);
    await deliverVipps(t, vipps);
    expect(await attemptOf(made.order.id)).toMatchObject({ status: "refunded", refundedAmount: "300.00" });
  });
});
