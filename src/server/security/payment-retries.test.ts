/**
 * The shopper's order page payment endpoints, as an anonymous visitor with the order's link can use them.
 *
 * Item 2: `POST /api/orders/by-token/{token}/payment` (try again) started a new attempt every time, and
 * every new attempt kept the order alive: posting every few seconds held a stock-1 order pending past
 * PAYMENT_EXPIRY_MINUTES while every other buyer got 409, each retry creating and cancelling a payment
 * at the provider. The time to pay now counts from the order's placement whatever the retries, a retry
 * after it is refused (410) and revives nothing, and retries are limited per order and per address.
 *
 * Item 10 (part): `GET …/payment` read the provider on every call while an attempt was open; it now
 * reads it at most once per PROVIDER_READ_INTERVAL_MS per attempt and answers from the database between.
 */
import { eq } from "drizzle-orm";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders, payments, products } from "../db/schema";
import {
  PAYMENT_RETRIES_PER_ADDRESS_PER_HOUR,
  PAYMENT_RETRIES_PER_ORDER,
  PROVIDER_READ_INTERVAL_MS,
} from "../modules/payments/service";
import { deliverVipps, paymentEnv, shopper, storeWithChannels, tokenOf } from "../modules/payments/testing";
import { type FakeVipps, startFakeVipps } from "../test/fakes/vipps";
import { createProductVia } from "../test/fixtures";
import { createTestApp, type TestApp } from "../test/harness";
import { advanceThrottleClock } from "./scenario";

let t: TestApp;
let vipps: FakeVipps;
beforeAll(async () => {
  vipps = await startFakeVipps({ deliver: false });
  // The audit's setting: one minute to pay.
  t = await createTestApp({ ...paymentEnv(vipps), PAYMENT_EXPIRY_MINUTES: "1" });
});
afterAll(async () => {
  await t.close();
  await vipps.close();
});

let addresses = 0;
/** Each test asks from an address of its own, so the per-address count is the test's. */
const newAddress = () => `203.0.113.${++addresses}`;

function send(address: string, options: InjectOptions) {
  return t.app.inject({ ...options, remoteAddress: address });
}

/** A one-of-a-kind piece (stock 1, 300 kr) in a store taking Vipps. */
async function onePiece() {
  const { seller, store } = await storeWithChannels(t, [{ provider: "vipps", isLive: true }]);
  const vase = await createProductVia(seller.agent, store.id, {
    title: "Vase",
    basePrice: "300",
    stockQty: "1",
  });
  return { seller, storeId: store.id, productId: vase.id };
}

async function buy(address: string, storeId: string, productId: string) {
  return send(address, {
    method: "POST",
    url: "/api/orders",
    payload: { storeId, ...shopper, items: [{ productId, qty: 1 }], paymentProvider: "vipps" },
  });
}

const retry = (address: string, token: string) =>
  send(address, { method: "POST", url: `/api/orders/by-token/${token}/payment`, payload: {} });

async function setPlacedAt(orderId: string, placedAt: Date) {
  await t.database.db.update(orders).set({ placedAt }).where(eq(orders.id, orderId));
}

const attemptsOf = (orderId: string) =>
  t.database.db.select().from(payments).where(eq(payments.orderId, orderId));

describe("item 2: a retry cannot hold a one-of-a-kind piece past the time to pay", () => {
  it("retries before the deadline work; after placed_at + PAYMENT_EXPIRY_MINUTES they are refused (410), start nothing at the provider, and the expiry frees the piece", async () => {
    const address = newAddress();
    const { storeId, productId } = await onePiece();
    const placed = await buy(address, storeId, productId);
    expect(placed.statusCode).toBe(201);
    const order = placed.json();
    const token = tokenOf(order.publicUrl);

    // The shopper retries within the minute: each is a new attempt.
    for (let n = 0; n < 2; n++) expect((await retry(address, token)).statusCode).toBe(200);
    // Another buyer: the piece is held by the pending order.
    expect((await buy(newAddress(), storeId, productId)).statusCode).toBe(409);

    // The minute since placement has run out; the latest attempt is only seconds old.
    await setPlacedAt(order.id, new Date(Date.now() - 61_000));
    const before = vipps.payments.size;
    const late = await retry(address, token);
    expect(late.statusCode).toBe(410);
    expect(late.json().message).toBe(
      "The time to pay for this order has run out, so it will be cancelled. Place a new order to buy the items.",
    );
    expect(vipps.payments.size).toBe(before);
    // The refusal itself changes nothing: the order still waits for the worker, its stock still held.
    const [stillHeld] = await t.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(stillHeld?.status).toBe("pending");
    const stock = async () =>
      (await t.database.db.select().from(products).where(eq(products.id, productId)))[0]?.stockQty;
    expect(await stock()).toBe(0);

    // The worker's pass (the attempt no longer fresh) cancels it and returns the piece.
    await t.app.paymentWorker.run(new Date(Date.now() + 10_000));
    const [expired] = await t.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(expired?.status).toBe("cancelled");
    expect(await stock()).toBe(1);
    expect((await attemptsOf(order.id)).every((attempt) => attempt.status !== "created")).toBe(true);

    // Another buyer gets it; the expired order cannot be revived by a retry.
    expect((await buy(newAddress(), storeId, productId)).statusCode).toBe(201);
    expect((await retry(address, token)).statusCode).toBe(409);
    expect(await stock()).toBe(0);
    const [after] = await t.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(after?.status).toBe("cancelled");
    for (const entry of vipps.sent) entry.delivered ??= 0;
  });

  it("the order page stops offering 'try again' once the time to pay has run out", async () => {
    const address = newAddress();
    const { storeId, productId } = await onePiece();
    const order = (await buy(address, storeId, productId)).json();
    const token = tokenOf(order.publicUrl);
    await vipps.reject([...vipps.payments.values()].at(-1)?.reference ?? "");
    await deliverVipps(t, vipps);
    const read = () => send(address, { method: "GET", url: `/api/orders/by-token/${token}/payment` });
    expect((await read()).json()).toMatchObject({ orderStatus: "pending", canRetry: true });
    await setPlacedAt(order.id, new Date(Date.now() - 61_000));
    expect((await read()).json()).toMatchObject({ orderStatus: "pending", canRetry: false });
  });

  it(`an order may be retried ${PAYMENT_RETRIES_PER_ORDER} times; the next is a 429 that touches nothing, from any address`, async () => {
    const { storeId, productId } = await onePiece();
    const order = (await buy(newAddress(), storeId, productId)).json();
    const token = tokenOf(order.publicUrl);
    for (let n = 0; n < PAYMENT_RETRIES_PER_ORDER; n++) {
      // Spread over addresses: the limit is the order's.
      expect((await retry(newAddress(), token)).statusCode).toBe(200);
    }
    const attempts = (await attemptsOf(order.id)).length;
    const open = [...vipps.payments.values()].at(-1);
    const refused = await retry(newAddress(), token);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(
      "Payment has been started too many times for this order. Finish the payment already started, or contact the shop.",
    );
    // Nothing stopped or started: the attempt under way can still be paid.
    expect((await attemptsOf(order.id)).length).toBe(attempts);
    expect(vipps.payment(open?.reference ?? "")?.state).toBe("CREATED");
    for (const entry of vipps.sent) entry.delivered ??= 0;
  });

  it(`one address may retry ${PAYMENT_RETRIES_PER_ADDRESS_PER_HOUR} times an hour over all its orders; then 429 with the wait`, async () => {
    const address = newAddress();
    const tokens: string[] = [];
    const { seller, storeId } = await onePiece();
    const bowl = await createProductVia(seller.agent, storeId, { title: "Bowl", basePrice: "120" });
    const ordersNeeded = Math.ceil(PAYMENT_RETRIES_PER_ADDRESS_PER_HOUR / PAYMENT_RETRIES_PER_ORDER) + 1;
    for (let n = 0; n < ordersNeeded; n++) {
      tokens.push(tokenOf((await buy(address, storeId, bowl.id)).json().publicUrl));
    }
    let allowed = 0;
    let refused: Awaited<ReturnType<typeof retry>> | undefined;
    for (const token of tokens) {
      for (let n = 0; n < PAYMENT_RETRIES_PER_ORDER && !refused; n++) {
        const response = await retry(address, token);
        if (response.statusCode === 200) allowed += 1;
        else refused = response;
      }
    }
    expect(allowed).toBe(PAYMENT_RETRIES_PER_ADDRESS_PER_HOUR);
    expect(refused?.statusCode).toBe(429);
    expect(refused?.json().message).toMatch(
      /^Too many payment attempts from your network\. Please try again in \d+ minutes\.$/,
    );
    expect(Number(refused?.headers["retry-after"])).toBeGreaterThan(0);
    // Another address is not held back by this one.
    const other = await buy(newAddress(), storeId, bowl.id);
    expect((await retry(newAddress(), tokenOf(other.json().publicUrl))).statusCode).toBe(200);
    for (const entry of vipps.sent) entry.delivered ??= 0;
  });
});

describe("item 10 (part): the order page's payment read asks the provider at most once per interval", () => {
  it("ten reads in a row ask Vipps once; after the interval the next read asks again; a webhook shows at once", async () => {
    const address = newAddress();
    const { storeId, productId } = await onePiece();
    const order = (await buy(address, storeId, productId)).json();
    const token = tokenOf(order.publicUrl);
    const reference = [...vipps.payments.values()].at(-1)?.reference ?? "";
    const providerReads = () =>
      vipps.requests.filter((call) => call.method === "GET" && call.path.endsWith(`/payments/${reference}`))
        .length;
    const read = () => send(address, { method: "GET", url: `/api/orders/by-token/${token}/payment` });

    for (let n = 0; n < 10; n++) {
      const response = await read();
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ orderStatus: "pending", payment: { status: "created" } });
    }
    expect(providerReads()).toBe(1);

    await advanceThrottleClock(t, PROVIDER_READ_INTERVAL_MS);
    await read();
    expect(providerReads()).toBe(2);

    // The shopper pays; the webhook is what the database knows, and the next read shows it unasked.
    await vipps.approve(reference);
    await deliverVipps(t, vipps);
    expect((await read()).json()).toMatchObject({ orderStatus: "paid", payment: { status: "authorized" } });
    expect(providerReads()).toBe(2);
  });
});
