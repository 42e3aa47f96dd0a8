import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { giftCards, products, receipts } from "../../db/schema";
import { type FakeVipps, startFakeVipps } from "../../test/fakes/vipps";
import { createTestApp, type TestApp } from "../../test/harness";
import { addCard } from "../checkout/price-rules.fixtures";
import { deliverVipps, paymentEnv, storeWithChannels } from "../payments/testing";
import { createStallSale } from "./testing";

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

describe("a stall sale paid by Vipps (decision 0077)", () => {
  it("waits holding its stock with the QR to show, and is numbered when Vipps says it is paid", async () => {
    const { seller, store, mug } = await storeWithChannels(t, [{ provider: "vipps", isLive: true }]);
    await t.database.db.update(products).set({ stockQty: 1 }).where(eq(products.id, mug.id));
    const sale = await createStallSale(seller.agent, store.id, [{ productId: mug.id, qty: 1 }], {
      payment: { method: "vipps_qr" },
    });
    const reference = lastReference();
    expect(sale).toMatchObject({
      status: "awaiting_payment",
      receiptNumber: null,
      receiptUrl: null,
      total: "349.00",
    });
    expect(sale.payment.qrUrl).toBe(`${vipps.url}/landing?token=${reference}&msn=123456`);
    expect(vipps.payment(reference)).toMatchObject({ amount: { currency: "NOK", value: 34900 } });
    const [held] = await t.database.db.select().from(products).where(eq(products.id, mug.id));
    expect(held?.stockQty).toBe(0);

    await vipps.approve(reference);
    expect((await deliverVipps(t, vipps)).every((status) => status === 200)).toBe(true);
    const paid = (await seller.agent.get(`/api/sales/${sale.id}`)).json();
    expect(paid).toMatchObject({ status: "paid", receiptNumber: 1, payment: { qrUrl: null } });
    expect(paid.receiptUrl).toMatch(/\/r\/[0-9a-f]{64}$/);
    // Settled more than once (webhook and a read), still one receipt.
    const rows = await t.database.db.select().from(receipts).where(eq(receipts.orderId, sale.id));
    expect(rows).toHaveLength(1);
  });

  it("splits the payment: a gift card pays part, Vipps is asked for the rest", async () => {
    const { seller, store, mug } = await storeWithChannels(t, [{ provider: "vipps", isLive: true }]);
    const card = await addCard(t, store.id, "100");
    const sale = await createStallSale(seller.agent, store.id, [{ productId: mug.id, qty: 1 }], {
      giftCardCode: card.code,
      payment: { method: "vipps_qr" },
    });
    const reference = lastReference();
    expect(sale).toMatchObject({ status: "awaiting_payment", giftCardTotal: "100.00", total: "249.00" });
    expect(vipps.payment(reference)).toMatchObject({ amount: { currency: "NOK", value: 24900 } });
    await vipps.approve(reference);
    expect((await deliverVipps(t, vipps)).every((status) => status === 200)).toBe(true);
    const paid = (await seller.agent.get(`/api/sales/${sale.id}`)).json();
    expect(paid).toMatchObject({ status: "paid", giftCardTotal: "100.00", total: "249.00" });
    const [spent] = await t.database.db.select().from(giftCards).where(eq(giftCards.id, card.id));
    expect(spent?.balance).toBe("0.00");
  });

  it("sends a push to the shopper's number and keeps it on the sale", async () => {
    const { seller, store, mug } = await storeWithChannels(t, [{ provider: "vipps", isLive: true }]);
    const sale = await createStallSale(seller.agent, store.id, [{ productId: mug.id, qty: 1 }], {
      payment: { method: "vipps_phone", phone: "912 34 567" },
    });
    expect(sale).toMatchObject({
      status: "awaiting_payment",
      payment: { method: "vipps_phone", phone: "+4791234567", qrUrl: null },
    });
    const missing = await seller.agent.post(`/api/stores/${store.id}/sales`, {
      clientSaleId: "phone-missing-1",
      soldAt: new Date().toISOString(),
      items: [{ productId: mug.id, qty: 1 }],
      payment: { method: "vipps_phone" },
    });
    expect(missing.statusCode).toBe(400);
  });
});
