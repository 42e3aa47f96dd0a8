import { eq } from "drizzle-orm";
import { emailOutbox, orderStatusEvents, orders, payments, smsOutbox } from "../../db/schema";
import type { FakeStripe } from "../../test/fakes/stripe";
import type { FakeVipps } from "../../test/fakes/vipps";
import { createProductVia, createStoreVia } from "../../test/fixtures";
import { Agent, signUp, type TestApp } from "../../test/harness";

/** Test helpers for the payment suites: a store with live channels, checkout, webhook delivery. */
export const shopper = {
  buyerEmail: "kunde@example.no",
  shipToName: "Nora Kunde",
  shipToPhone: "+47 912 34 567",
};

export const VIPPS_MSN = "123456";
export const STRIPE_ACCOUNT = "acct_1TorgTest0001";

export function paymentEnv(vipps?: FakeVipps, stripe?: FakeStripe): Record<string, string> {
  return {
    ...(vipps
      ? {
          VIPPS_API_URL: vipps.url,
          VIPPS_CLIENT_ID: vipps.keys.clientId,
          VIPPS_CLIENT_SECRET: vipps.keys.clientSecret,
          VIPPS_SUBSCRIPTION_KEY: vipps.keys.subscriptionKey,
        }
      : {}),
    ...(stripe
      ? {
          STRIPE_API_URL: stripe.url,
          STRIPE_SECRET_KEY: stripe.secretKey,
          STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
        }
      : {}),
    ORDERS_PER_IP_PER_HOUR: "0",
    // Every test signs up a seller of its own, all from one address.
    SIGNUPS_PER_IP_PER_HOUR: "1000",
  };
}

/**
 * A seller's store with a 349 kr mug (or `basePrice`) and the given channels, on the test merchant
 * (VIPPS_MSN, STRIPE_ACCOUNT) unless a channel names its own `externalId`.
 */
export async function storeWithChannels(
  t: TestApp,
  channels: { provider: "vipps" | "stripe"; isLive: boolean; externalId?: string }[],
  basePrice = "349",
) {
  const seller = await signUp(t.app);
  const store = await createStoreVia(seller.agent);
  const mug = await createProductVia(seller.agent, store.id, { title: "Mug", basePrice });
  for (const channel of channels) {
    const response = await seller.agent.post(`/api/stores/${store.id}/payment-channels`, {
      provider: channel.provider,
      externalId: channel.externalId ?? (channel.provider === "vipps" ? VIPPS_MSN : STRIPE_ACCOUNT),
      isLive: channel.isLive,
      expectedUpdatedAt: null,
      currentPassword: seller.password,
    });
    if (response.statusCode !== 201) throw new Error(`channel: ${response.statusCode} ${response.body}`);
  }
  return { seller, store, mug };
}

export async function checkout(
  t: TestApp,
  storeId: string,
  productId: string,
  paymentProvider?: "vipps" | "stripe",
  qty = 2,
) {
  return new Agent(t.app).post("/api/orders", {
    storeId,
    ...shopper,
    items: [{ productId, qty }],
    ...(paymentProvider ? { paymentProvider } : {}),
  });
}

/** Delivers the Vipps fake's webhooks not delivered yet to the app, as Vipps would POST them. */
export async function deliverVipps(t: TestApp, fake: FakeVipps, pick = (all: FakeVipps["sent"]) => all) {
  const statuses: number[] = [];
  for (const message of pick(fake.sent.filter((entry) => entry.delivered === undefined))) {
    const url = new URL(message.url);
    const response = await t.app.inject({
      method: "POST",
      url: url.pathname + url.search,
      headers: message.headers,
      payload: message.body,
    });
    message.delivered = response.statusCode;
    statuses.push(response.statusCode);
  }
  return statuses;
}

export async function deliverStripe(t: TestApp, fake: FakeStripe) {
  const statuses: number[] = [];
  for (const message of fake.sent.filter((entry) => entry.delivered === undefined)) {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/payments/stripe/webhook",
      headers: { "content-type": "application/json", "stripe-signature": message.signature },
      payload: message.body,
    });
    message.delivered = response.statusCode;
    statuses.push(response.statusCode);
  }
  return statuses;
}

export async function orderState(t: TestApp, orderId: string) {
  const db = t.database.db;
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  const attempts = await db.select().from(payments).where(eq(payments.orderId, orderId));
  const history = await db.select().from(orderStatusEvents).where(eq(orderStatusEvents.orderId, orderId));
  const texts = await db.select().from(smsOutbox).where(eq(smsOutbox.orderId, orderId));
  const emails = await db.select().from(emailOutbox).where(eq(emailOutbox.orderId, orderId));
  return { order, attempts, history, texts, emails };
}

/**
 * The order's receipt and new-order e-mails as [purpose, status, held] sorted by purpose: held is
 * next_attempt_at in year 9999, waiting for the online payment (decision 0034).
 */
export function emailStates(emails: (typeof emailOutbox.$inferSelect)[]) {
  return emails
    .map((email) => [email.purpose, email.status, email.nextAttemptAt.getUTCFullYear() === 9999] as const)
    .sort((a, b) => a[0].localeCompare(b[0]));
}

/** The buyer's confirmation text is held (next_attempt_at in 9999) until the order is paid. */
export function confirmationHeld(texts: (typeof smsOutbox.$inferSelect)[]) {
  const text = texts.find((entry) => entry.purpose === "order_confirmation");
  return text ? text.nextAttemptAt.getUTCFullYear() === 9999 : undefined;
}

export function tokenOf(publicUrl: string) {
  return publicUrl.split("/order/")[1] ?? "";
}
