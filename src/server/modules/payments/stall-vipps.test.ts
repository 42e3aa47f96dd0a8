import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders, payments, products } from "../../db/schema";
import { type FakeVipps, startFakeVipps } from "../../test/fakes/vipps";
import { createProductVia, createStoreVia } from "../../test/fixtures";
import { createTestApp, signUp, type TestApp } from "../../test/harness";
import { startPayment } from "./service";
import { STALL_ATTEMPT_MS, STALL_UNPAID_SALE_MS } from "./state";
import { checkout, deliverVipps, paymentEnv, VIPPS_MSN } from "./testing";

/**
 * Vipps at the stall (decision 0077), on the payments side: a stall sale's QR or push attempt against
 * the local fake, paid and captured at once from the webhook, ended unpaid (stock back), ended by Torg at
 * the Vipps request's own lifetime, and a capture Vipps could not take retried by the worker.
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

/**
 * A stall sale of the one piece of a stock-1 product waiting for Vipps: placed (taking the stock) on a
 * store with no paying channel, then the store's Vipps channel opened and the order made a stall sale.
 */
async function stallSale() {
  const seller = await signUp(t.app);
  const store = await createStoreVia(seller.agent);
  const vase = await createProductVia(seller.agent, store.id, {
    title: "Vase",
    basePrice: "450",
    stockQty: "1",
  });
  const placed = await checkout(t, store.id, vase.id, undefined, 1);
  expect(placed.statusCode).toBe(201);
  const channel = await seller.agent.post(`/api/stores/${store.id}/payment-channels`, {
    provider: "vipps",
    externalId: VIPPS_MSN,
    isLive: true,
    expectedUpdatedAt: null,
    currentPassword: seller.password,
  });
  expect(channel.statusCode).toBe(201);
  const orderId = placed.json().id as string;
  await t.database.db.update(orders).set({ channel: "stall", buyerEmail: "" }).where(eq(orders.id, orderId));
  return { seller, store, vase, orderId };
}

const pay = (orderId: string, userFlow: Parameters<typeof startPayment>[1]["userFlow"]) =>
  startPayment(t.app.payments, {
    orderId,
    provider: "vipps",
    origin: "http://localhost",
    language: "nb",
    userFlow,
  });

async function state(orderId: string, productId: string) {
  const db = t.database.db;
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  const attempts = await db.select().from(payments).where(eq(payments.orderId, orderId));
  const [product] = await db
    .select({ stockQty: products.stockQty })
    .from(products)
    .where(eq(products.id, productId));
  return { order, attempts, stock: product?.stockQty };
}

const latestReference = () => [...vipps.payments.values()].at(-1)?.reference ?? "";
const capturesOf = (reference: string) =>
  vipps.operations.filter((entry) => entry.reference === reference && entry.kind === "capture");

describe("a stall sale paid by Vipps QR", () => {
  it("asks Vipps for the QR's target URL, is paid by the signed AUTHORIZED webhook and captured at once, once", async () => {
    const { vase, orderId } = await stallSale();
    const started = await pay(orderId, { kind: "qr" });
    const reference = latestReference();
    expect(started).toMatchObject({ provider: "vipps", status: "created" });
    expect(started.redirectUrl).toBe(`${vipps.url}/landing?token=${reference}&msn=${VIPPS_MSN}`);
    expect(vipps.payment(reference)).toMatchObject({
      userFlow: "QR",
      qrFormat: "TEXT/TARGETURL",
      customerInteraction: "CUSTOMER_PRESENT",
      returnUrl: undefined,
      amount: { currency: "NOK", value: 45000 },
    });
    expect((await state(orderId, vase.id)).stock).toBe(0);

    await vipps.approve(reference);
    await deliverVipps(t, vipps);
    const paid = await state(orderId, vase.id);
    expect(paid.order?.status).toBe("paid");
    expect(paid.attempts).toEqual([
      expect.objectContaining({ status: "captured", capturedAmount: "450.00" }),
    ]);
    expect(capturesOf(reference)).toEqual([{ reference, kind: "capture", value: 45000 }]);

    // The AUTHORIZED and CAPTURED events again (Vipps retries): nothing more is taken.
    for (const message of vipps.sent) message.delivered = undefined;
    await deliverVipps(t, vipps);
    expect(capturesOf(reference)).toHaveLength(1);
    expect((await state(orderId, vase.id)).order?.status).toBe("paid");
  });

  it("expired in the app: the attempt ends, the stock goes back, the sale stays payable; a new QR is paid", async () => {
    const { vase, orderId } = await stallSale();
    await pay(orderId, { kind: "qr" });
    const first = latestReference();
    await vipps.expire(first);
    await deliverVipps(t, vipps);
    let now = await state(orderId, vase.id);
    expect(now.order?.status).toBe("pending");
    expect(now.order?.stockReleasedAt).not.toBeNull();
    expect(now.attempts.map((attempt) => attempt.status)).toEqual(["expired"]);
    expect(now.stock).toBe(1);

    await t.app.payments.orders.holdStockAgain(t.database.db, orderId);
    await pay(orderId, { kind: "qr" });
    const second = latestReference();
    expect(second).not.toBe(first);
    expect((await state(orderId, vase.id)).stock).toBe(0);
    await vipps.approve(second);
    await deliverVipps(t, vipps);
    now = await state(orderId, vase.id);
    expect(now.order?.status).toBe("paid");
    expect(now.attempts.map((attempt) => attempt.status).sort()).toEqual(["captured", "expired"]);
  });

  it("rejected in the app (ABORTED): the stock goes back at once", async () => {
    const { vase, orderId } = await stallSale();
    await pay(orderId, { kind: "qr" });
    await vipps.reject(latestReference());
    await deliverVipps(t, vipps);
    const now = await state(orderId, vase.id);
    expect(now.attempts.map((attempt) => attempt.status)).toEqual(["cancelled"]);
    expect(now.stock).toBe(1);
  });
});

describe("a stall sale paid by a push to the shopper's phone", () => {
  it("pushes to the number in MSISDN form, answers no URL, and is paid and captured from the app", async () => {
    const { vase, orderId } = await stallSale();
    const started = await pay(orderId, { kind: "push_message", phone: "+4791234567" });
    expect(started).toMatchObject({ status: "created", redirectUrl: null });
    const inbox = (await (await fetch(`${vipps.url}/_fake/push-inbox?phoneNumber=4791234567`)).json()) as {
      reference: string;
      url: string;
    }[];
    const pushed = inbox.find((entry) => entry.reference === latestReference());
    expect(pushed).toBeDefined();
    // The shopper approves in the app (the fake's landing page, as the push opens it).
    const approved = await fetch(`${pushed?.url.replace("/landing?", "/landing/approve?")}`, {
      method: "POST",
    });
    expect(await approved.text()).toContain("Paid");
    await deliverVipps(t, vipps);
    const now = await state(orderId, vase.id);
    expect(now.order?.status).toBe("paid");
    expect(now.attempts[0]?.status).toBe("captured");
  });
});

describe("a stall attempt's own deadline (the Vipps request's lifetime, not the web order's)", () => {
  it("the worker ends a stall attempt after 11 minutes, cancelling it at Vipps and giving the stock back", async () => {
    const { vase, orderId } = await stallSale();
    await pay(orderId, { kind: "qr" });
    const reference = latestReference();
    // Before its deadline the worker only reads it.
    await t.app.paymentWorker.run(new Date(Date.now() + STALL_ATTEMPT_MS - 30_000));
    expect((await state(orderId, vase.id)).attempts[0]?.status).toBe("created");

    await t.app.paymentWorker.run(new Date(Date.now() + STALL_ATTEMPT_MS + 1_000));
    const now = await state(orderId, vase.id);
    expect(vipps.payment(reference)?.state).toBe("TERMINATED");
    expect(now.attempts[0]?.status).toBe("expired");
    expect(now.order?.status).toBe("pending");
    expect(now.stock).toBe(1);
  });

  it("a sale left unpaid an hour after its last attempt started is cancelled by the worker", async () => {
    const { orderId } = await stallSale();
    await pay(orderId, { kind: "qr" });
    await vipps.expire(latestReference());
    await deliverVipps(t, vipps);
    await t.app.paymentWorker.run(new Date(Date.now() + STALL_UNPAID_SALE_MS - 60_000));
    expect((await state(orderId, "00000000-0000-0000-0000-000000000000")).order?.status).toBe("pending");
    await t.app.paymentWorker.run(new Date(Date.now() + STALL_UNPAID_SALE_MS + 60_000));
    expect((await state(orderId, "00000000-0000-0000-0000-000000000000")).order?.status).toBe("cancelled");
  });
});

describe("capture when Vipps cannot be reached at the moment of approval", () => {
  it("the sale is paid from the webhook; the worker captures it once Vipps answers again", async () => {
    const { vase, orderId } = await stallSale();
    await pay(orderId, { kind: "qr" });
    const reference = latestReference();
    await vipps.approve(reference);
    vipps.control.down = true;
    try {
      await deliverVipps(t, vipps);
    } finally {
      vipps.control.down = false;
    }
    let now = await state(orderId, vase.id);
    expect(now.order?.status).toBe("paid");
    expect(now.attempts[0]?.status).toBe("authorized");

    const pass = await t.app.paymentWorker.run();
    expect(pass.captured).toBeGreaterThanOrEqual(1);
    now = await state(orderId, vase.id);
    expect(now.attempts[0]?.status).toBe("captured");
    expect(capturesOf(reference)).toHaveLength(1);
  });
});

describe("only Vipps takes the stall's flows", () => {
  it("a QR asked of Stripe is refused before any attempt is written", async () => {
    const { orderId } = await stallSale();
    await expect(
      startPayment(t.app.payments, {
        orderId,
        provider: "stripe",
        origin: "http://localhost",
        language: "en",
        userFlow: { kind: "qr" },
      }),
    ).rejects.toMatchObject({ statusCode: 400 });
  });
});
