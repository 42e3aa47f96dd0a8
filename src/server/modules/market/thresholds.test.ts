import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GRUNNBELOP, type ThresholdsView } from "../../../shared/stall-thresholds";
import { orders, saleRefunds, stores } from "../../db/schema";
import { createStoreVia } from "../../test/fixtures";
import { createTestApp, signUp, type TestApp } from "../../test/harness";
import { getStoreThresholds, osloToday } from "./thresholds";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A stall sale as the sale use case writes one (decision 0077): paid, its VAT kept per rate. */
async function stallSale(
  storeId: string,
  soldAt: string,
  total: string,
  vat: string | null,
  status = "paid",
) {
  const [row] = await t.database.db
    .insert(orders)
    .values({
      storeId,
      status,
      totalGross: total,
      buyerEmail: "",
      shipToName: "",
      shipToPhone: "",
      channel: "stall",
      soldAt: new Date(soldAt),
      placedAt: new Date(soldAt),
      paymentMethod: "cash",
      vat: vat ? [{ rate: 25, amount: vat }] : [],
    })
    .returning({ id: orders.id });
  return row?.id as string;
}

describe("the cash-register rules and the MVA threshold (issue 30)", () => {
  it("counts this year's stall sales excluding VAT, less refunds, and only the seller sees them", async () => {
    const seller = await signUp(t.app);
    const store = await createStoreVia(seller.agent);
    const { db } = t.database;
    await db.update(stores).set({ vatRate: 25 }).where(eq(stores.id, store.id));
    const now = new Date("2026-11-29T12:00:00Z");
    // 37 500 kr incl. 25 % VAT = 30 000 kr excl.; a refund of 1 250 kr (250 VAT) takes 1 000 kr off.
    const sale = await stallSale(store.id, "2026-06-01T10:00:00Z", "37500.00", "7500.00");
    await db.insert(saleRefunds).values({
      orderId: sale,
      storeId: store.id,
      amount: "1250.00",
      method: "cash",
      lines: [],
      vat: [{ rate: 25, amount: "250.00" }],
    });
    // Not counted: last year (New Year's Eve in Oslo), a cancelled sale, a web order.
    await stallSale(store.id, "2025-12-31T22:30:00Z", "10000.00", "2000.00");
    await stallSale(store.id, "2026-07-01T10:00:00Z", "50000.00", "10000.00", "cancelled");
    // 00:30 on 1 January in Oslo is this year's.
    await stallSale(store.id, "2025-12-31T23:30:00Z", "12500.00", "2500.00");
    const view = await getStoreThresholds(db, { id: store.id, vatRate: 25, stallFullDocuments: false }, now);
    expect(view.year).toBe(2026);
    expect(view.thresholds.map((x) => x.kind)).toEqual(["cashSalesExemption", "occasionalSalesExemption"]);
    expect(view.thresholds[0]).toMatchObject({ amount: "39000.00", limit: "50000.00", level: "ok" });
    expect(view.thresholds[1]?.limit).toBe(`${3 * GRUNNBELOP.amount}.00`);

    const response = await seller.agent.get(`/api/stores/${store.id}/thresholds`);
    expect(response.statusCode, response.body).toBe(200);
    expect((response.json() as ThresholdsView).vatRegistered).toBe(true);
    const stranger = await signUp(t.app);
    expect((await stranger.agent.get(`/api/stores/${store.id}/thresholds`)).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: "GET", url: `/api/stores/${store.id}/thresholds` })).statusCode,
    ).toBe(401);
  });

  it("warns a store without MVA before its sales of any 12 months pass 50 000 kr", async () => {
    const seller = await signUp(t.app);
    const store = await createStoreVia(seller.agent);
    const today = osloToday();
    const sold = new Date(Date.now() - 40 * 86_400_000).toISOString();
    await stallSale(store.id, sold, "30000.00", null);
    await stallSale(store.id, sold, "12000.00", null);
    const view = await getStoreThresholds(t.database.db, {
      id: store.id,
      vatRate: null,
      stallFullDocuments: true,
    });
    const vat = view.thresholds.find((x) => x.kind === "vatRegistration");
    expect(vat).toMatchObject({ amount: "42000.00", level: "approaching", to: today });
    expect(vat?.textKey).toBe("marketReceipts.thresholds.vatRegistration.approaching");
    expect(view.fullDocuments).toBe(true);
  });

  it("saves the store's choice to make every stall sale a full sales document", async () => {
    const seller = await signUp(t.app);
    const store = await createStoreVia(seller.agent);
    const saved = await seller.agent.put(`/api/stores/${store.id}`, { stallFullDocuments: true });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().stallFullDocuments).toBe(true);
    const view = (await seller.agent.get(`/api/stores/${store.id}/thresholds`)).json() as ThresholdsView;
    expect(view.fullDocuments).toBe(true);
    const refused = await seller.agent.put(`/api/stores/${store.id}`, { stallFullDocuments: "yes" });
    expect(refused.statusCode).toBe(400);
  });
});
