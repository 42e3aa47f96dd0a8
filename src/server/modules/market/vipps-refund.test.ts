import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SaleView } from "../../../shared/market";
import { payments } from "../../db/schema";
import { type FakeVipps, startFakeVipps } from "../../test/fakes/vipps";
import { createTestApp, type TestApp } from "../../test/harness";
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

describe("a stall sale paid by Vipps, given back (issue 30)", () => {
  it("captures the reservation, then refunds each part through Vipps, once per refund id", async () => {
    const { seller, store, mug } = await storeWithChannels(t, [{ provider: "vipps", isLive: true }]);
    const sale = await createStallSale(seller.agent, store.id, [{ productId: mug.id, qty: 2 }], {
      payment: { method: "vipps_qr" },
    });
    const reference = [...vipps.payments.values()].at(-1)?.reference ?? "";
    await vipps.approve(reference);
    await deliverVipps(t, vipps);
    const line = sale.items[0];
    if (!line) throw new Error("no line");

    const body = { clientRefundId: "vipps-refund-0001", lines: [{ itemId: line.id, qty: 1 }] };
    const first = await seller.agent.post(`/api/sales/${sale.id}/refund`, body);
    expect(first.statusCode, first.body).toBe(200);
    expect((first.json() as SaleView).refunds).toMatchObject([{ amount: "349.00", method: "vipps" }]);
    // The same refund again: Vipps is asked with the same key and Torg writes nothing new.
    const again = await seller.agent.post(`/api/sales/${sale.id}/refund`, body);
    expect((again.json() as SaleView).refunds).toHaveLength(1);
    expect(vipps.operations.filter((op) => op.reference === reference)).toEqual([
      { reference, kind: "capture", value: 69_800 },
      { reference, kind: "refund", value: 34_900 },
    ]);

    const rest = await seller.agent.post(`/api/sales/${sale.id}/refund`, {
      clientRefundId: "vipps-refund-0002",
    });
    expect(rest.json()).toMatchObject({ status: "refunded", refundedTotal: "698.00" });
    const [payment] = await t.database.db.select().from(payments).where(eq(payments.orderId, sale.id));
    expect(payment).toMatchObject({ capturedAmount: "698.00", refundedAmount: "698.00" });
  });

  it("says so when there is no Vipps payment to refund", async () => {
    const { seller, store, mug } = await storeWithChannels(t, [{ provider: "vipps", isLive: true }]);
    const sale = await createStallSale(seller.agent, store.id, [{ productId: mug.id, qty: 1 }], {
      payment: { method: "vipps_qr" },
    });
    // Waiting for the shopper: not paid, nothing to give back.
    const waiting = await seller.agent.post(`/api/sales/${sale.id}/refund`, {
      clientRefundId: "vipps-refund-0003",
    });
    expect(waiting.statusCode).toBe(409);
  });
});
