import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SaleView } from "../../../shared/market";
import { payments, products } from "../../db/schema";
import { type FakeVipps, startFakeVipps } from "../../test/fakes/vipps";
import { createTestApp, type TestApp } from "../../test/harness";
import { checkout, deliverVipps, paymentEnv, storeWithChannels } from "../payments/testing";
import { createStallSale } from "./testing";

/**
 * Vipps at the stall end to end (decision 0077), through the API against the local fake: the sale's QR,
 * the shopper's approval, the signed webhook (or Torg's read of Vipps), the capture and the receipt
 * number; expiry, a new QR or push, paying another way after all, giving up, and the race with the web
 * shop for the last piece.
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

const lastReference = () => [...vipps.payments.values()].at(-1)?.reference ?? "";
const referenceOf = (qrUrl: string | null | undefined) =>
  new URL(qrUrl ?? "http://x/").searchParams.get("token") ?? "";

/** A seller with Vipps live and a 349 kr mug of which one is left, and a Vipps QR sale of it. */
async function qrSale() {
  const { seller, store, mug } = await storeWithChannels(t, [{ provider: "vipps", isLive: true }]);
  await t.database.db.update(products).set({ stockQty: 1 }).where(eq(products.id, mug.id));
  const sale = await createStallSale(seller.agent, store.id, [{ productId: mug.id, qty: 1 }], {
    payment: { method: "vipps_qr" },
  });
  return { seller, store, mug, sale };
}

const stockOf = async (productId: string) =>
  (await t.database.db.select().from(products).where(eq(products.id, productId)))[0]?.stockQty;

describe("a Vipps QR sale", () => {
  it("shows the QR until Vipps says it is paid: then paid, captured and numbered", async () => {
    const { seller, sale } = await qrSale();
    const reference = referenceOf(sale.payment.qrUrl);
    expect(reference).toBe(lastReference());
    const expiresAt = Date.parse(sale.payment.expiresAt ?? "");
    // The Vipps request's own lifetime (10 minutes), not the web order's time to pay.
    expect(expiresAt - Date.now()).toBeGreaterThan(9 * 60_000);
    expect(expiresAt - Date.now()).toBeLessThanOrEqual(10 * 60_000);

    await vipps.approve(reference);
    await deliverVipps(t, vipps);
    const paid = (await seller.agent.get(`/api/sales/${sale.id}`)).json() as SaleView;
    expect(paid).toMatchObject({ status: "paid", payment: { qrUrl: null, expiresAt: null } });
    expect(paid.receiptNumber).toEqual(expect.any(Number));
    const [attempt] = await t.database.db.select().from(payments).where(eq(payments.orderId, sale.id));
    expect(attempt).toMatchObject({ status: "captured", capturedAmount: "349.00" });
    expect(vipps.operations.filter((entry) => entry.reference === reference)).toEqual([
      { reference, kind: "capture", value: 34900 },
    ]);
  });

  it("turns paid from Torg's read of Vipps when the webhook does not come", async () => {
    const { seller, sale } = await qrSale();
    await vipps.approve(referenceOf(sale.payment.qrUrl));
    // No webhook delivered: the screen's next read asks Vipps.
    const read = (await seller.agent.get(`/api/sales/${sale.id}`)).json() as SaleView;
    expect(read.status).toBe("paid");
    expect(read.receiptNumber).toEqual(expect.any(Number));
  });

  it("expired: stock back and payment_failed; a new QR takes the stock again and is paid", async () => {
    const { seller, mug, sale } = await qrSale();
    await vipps.expire(referenceOf(sale.payment.qrUrl));
    await deliverVipps(t, vipps);
    const failed = (await seller.agent.get(`/api/sales/${sale.id}`)).json() as SaleView;
    expect(failed).toMatchObject({ status: "payment_failed", receiptNumber: null, payment: { qrUrl: null } });
    expect(await stockOf(mug.id)).toBe(1);

    const again = await seller.agent.post(`/api/sales/${sale.id}/vipps`, { method: "vipps_qr" });
    expect(again.statusCode).toBe(200);
    const retried = again.json() as SaleView;
    expect(retried.status).toBe("awaiting_payment");
    const second = referenceOf(retried.payment.qrUrl);
    expect(second).not.toBe(referenceOf(sale.payment.qrUrl));
    expect(await stockOf(mug.id)).toBe(0);
    await vipps.approve(second);
    await deliverVipps(t, vipps);
    expect((await seller.agent.get(`/api/sales/${sale.id}`)).json()).toMatchObject({ status: "paid" });
  });

  it("a new QR while one is showing cancels the first at Vipps", async () => {
    const { seller, sale } = await qrSale();
    const first = referenceOf(sale.payment.qrUrl);
    const again = (await seller.agent.post(`/api/sales/${sale.id}/vipps`, { method: "vipps_qr" })).json();
    expect(vipps.payment(first)?.state).toBe("TERMINATED");
    expect(referenceOf(again.payment.qrUrl)).not.toBe(first);
    expect(again.status).toBe("awaiting_payment");
  });

  it("switched to a push to another number: the push goes there and the sale keeps the number", async () => {
    const { seller, sale } = await qrSale();
    const pushed = await seller.agent.post(`/api/sales/${sale.id}/vipps`, {
      method: "vipps_phone",
      phone: "+47 480 00 000",
    });
    expect(pushed.statusCode).toBe(200);
    expect(pushed.json()).toMatchObject({
      status: "awaiting_payment",
      payment: { method: "vipps_phone", phone: "+4748000000", qrUrl: null },
    });
    const inbox = (await (await fetch(`${vipps.url}/_fake/push-inbox?phoneNumber=4748000000`)).json()) as {
      reference: string;
    }[];
    expect(inbox.map((entry) => entry.reference)).toContain(lastReference());
    await vipps.approve(lastReference());
    await deliverVipps(t, vipps);
    expect((await seller.agent.get(`/api/sales/${sale.id}`)).json()).toMatchObject({ status: "paid" });
  });

  it("refuses a new request for a paid sale and a push without a valid number", async () => {
    const { seller, sale } = await qrSale();
    expect(
      (await seller.agent.post(`/api/sales/${sale.id}/vipps`, { method: "vipps_phone", phone: "12345678x" }))
        .statusCode,
    ).toBe(400);
    await vipps.approve(referenceOf(sale.payment.qrUrl));
    await deliverVipps(t, vipps);
    const paidAgain = await seller.agent.post(`/api/sales/${sale.id}/vipps`, { method: "vipps_qr" });
    expect(paidAgain.statusCode).toBe(409);
  });
});

describe("Vipps cannot be reached when the sale is made", () => {
  it("the sale shows payment_failed with its stock back, and a new QR works once Vipps answers", async () => {
    const { seller, store, mug } = await storeWithChannels(t, [{ provider: "vipps", isLive: true }]);
    await t.database.db.update(products).set({ stockQty: 1 }).where(eq(products.id, mug.id));
    // The webhook registration first, while Vipps answers: then Vipps goes down.
    await createStallSale(seller.agent, store.id, [{ title: "Kort", unitPrice: "10", qty: 1 }], {
      payment: { method: "vipps_qr" },
    });
    vipps.control.down = true;
    let sale: SaleView;
    try {
      sale = await createStallSale(seller.agent, store.id, [{ productId: mug.id, qty: 1 }], {
        payment: { method: "vipps_qr" },
      });
    } finally {
      vipps.control.down = false;
    }
    expect(sale).toMatchObject({ status: "payment_failed", payment: { qrUrl: null } });
    expect(await stockOf(mug.id)).toBe(1);
    const again = (await seller.agent.post(`/api/sales/${sale.id}/vipps`, { method: "vipps_qr" })).json();
    expect(again.status).toBe("awaiting_payment");
    expect(await stockOf(mug.id)).toBe(0);
  });
});

describe("paying another way after all, or giving up", () => {
  it("cash instead: the QR is cancelled at Vipps, the sale paid in cash with its receipt number", async () => {
    const { seller, mug, sale } = await qrSale();
    const tooLittle = await seller.agent.post(`/api/sales/${sale.id}/pay`, {
      method: "cash",
      amountGiven: "300",
    });
    expect(tooLittle.statusCode).toBe(400);
    const paid = await seller.agent.post(`/api/sales/${sale.id}/pay`, { method: "cash", amountGiven: "400" });
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toMatchObject({
      status: "paid",
      payment: { method: "cash", amountGiven: "400.00", change: "51.00", qrUrl: null },
    });
    expect(paid.json().receiptNumber).toEqual(expect.any(Number));
    expect(vipps.payment(referenceOf(sale.payment.qrUrl))?.state).toBe("TERMINATED");
    expect(await stockOf(mug.id)).toBe(0);
  });

  it("the card terminal after an expired QR takes the stock again", async () => {
    const { seller, mug, sale } = await qrSale();
    await vipps.expire(referenceOf(sale.payment.qrUrl));
    await deliverVipps(t, vipps);
    expect(await stockOf(mug.id)).toBe(1);
    const paid = await seller.agent.post(`/api/sales/${sale.id}/pay`, {
      method: "card_terminal",
      terminalRef: "SumUp 4411",
    });
    expect(paid.json()).toMatchObject({
      status: "paid",
      payment: { method: "card_terminal", terminalRef: "SumUp 4411" },
    });
    expect(await stockOf(mug.id)).toBe(0);
  });

  it("cash when the shopper had just approved in Vipps: 409, and the sale is Vipps-paid", async () => {
    const { seller, sale } = await qrSale();
    await vipps.approve(referenceOf(sale.payment.qrUrl));
    const cash = await seller.agent.post(`/api/sales/${sale.id}/pay`, { method: "cash" });
    expect(cash.statusCode).toBe(409);
    expect((await seller.agent.get(`/api/sales/${sale.id}`)).json()).toMatchObject({
      status: "paid",
      payment: { method: "vipps_qr" },
    });
  });

  it("giving up: cancelled at Vipps, the stock back, the sale cancelled", async () => {
    const { seller, mug, sale } = await qrSale();
    const cancelled = await seller.agent.post(`/api/sales/${sale.id}/cancel-payment`);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: "cancelled", receiptNumber: null });
    expect(vipps.payment(referenceOf(sale.payment.qrUrl))?.state).toBe("TERMINATED");
    expect(await stockOf(mug.id)).toBe(1);
    expect((await seller.agent.post(`/api/sales/${sale.id}/cancel-payment`)).statusCode).toBe(409);
  });
});

describe("a Vipps sale and a web order racing for the last piece", () => {
  it("the stall holds it while the QR shows; once the QR expires the web wins it, and a new QR is a 409 naming it", async () => {
    const { seller, store, mug, sale } = await qrSale();
    const webWhileHeld = await checkout(t, store.id, mug.id, "vipps", 1);
    expect(webWhileHeld.statusCode).toBe(409);
    expect(webWhileHeld.json().message).toContain("Mug");

    await vipps.expire(referenceOf(sale.payment.qrUrl));
    await deliverVipps(t, vipps);
    const web = await checkout(t, store.id, mug.id, "vipps", 1);
    expect(web.statusCode).toBe(201);

    const again = await seller.agent.post(`/api/sales/${sale.id}/vipps`, { method: "vipps_qr" });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toContain("Mug");
    expect(await stockOf(mug.id)).toBe(0);
  });
});

describe("who may touch a sale's payment", () => {
  it("another seller gets 404 on every route, and nothing moves", async () => {
    const { sale } = await qrSale();
    const other = await storeWithChannels(t, []);
    for (const [url, body] of [
      [`/api/sales/${sale.id}/vipps`, { method: "vipps_qr" }],
      [`/api/sales/${sale.id}/pay`, { method: "cash" }],
      [`/api/sales/${sale.id}/cancel-payment`, undefined],
    ] as const) {
      const response = await other.seller.agent.post(url, body);
      expect(response.statusCode).toBe(404);
    }
    expect(vipps.payment(referenceOf(sale.payment.qrUrl))?.state).toBe("CREATED");
  });
});
