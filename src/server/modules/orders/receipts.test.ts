import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { receiptCounters, receipts } from "../../db/schema";
import { createTestApp, type TestApp } from "../../test/harness";
import { storeForRules } from "../checkout/price-rules.fixtures";
import { createStallSale } from "../market/testing";
import { issueReceipt } from "./receipts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ ORDERS_PER_IP_PER_HOUR: "0" });
});
afterAll(() => t.close());

describe("receipt numbers (decision 0077)", () => {
  it("a rolled-back transaction gives its number back; a sale is numbered once", async () => {
    const { store, agent, mug } = await storeForRules(t);
    const sale = await createStallSale(agent, store.id, [{ productId: mug.id, qty: 1 }]);
    expect(sale.receiptNumber).toBe(1);
    const db = t.database.db;
    await expect(
      db.transaction(async (tx) => {
        const issued = await issueReceipt(tx, { storeId: store.id, orderId: sale.id, kind: "refund" });
        expect(issued?.number).toBe(2);
        throw new Error("the refund failed after its receipt was numbered");
      }),
    ).rejects.toThrow("the refund failed");
    // The sale has its receipt already: asked again, nothing is counted.
    expect(
      await db.transaction((tx) => issueReceipt(tx, { storeId: store.id, orderId: sale.id, kind: "sale" })),
    ).toBe(undefined);
    const refund = await db.transaction((tx) =>
      issueReceipt(tx, { storeId: store.id, orderId: sale.id, kind: "refund" }),
    );
    expect(refund?.number).toBe(2);
    expect(refund?.public_token).toMatch(/^[0-9a-f]{64}$/);
    const [counter] = await db.select().from(receiptCounters).where(eq(receiptCounters.storeId, store.id));
    expect(counter?.lastNumber).toBe(2);
    const rows = await db.select().from(receipts).where(eq(receipts.storeId, store.id));
    expect(rows.map((row) => [row.number, row.kind]).sort()).toEqual([
      [1, "sale"],
      [2, "refund"],
    ]);
  });
});
