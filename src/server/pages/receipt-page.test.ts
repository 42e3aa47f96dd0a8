import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderItems, orders, receipts, saleRefunds, stores } from "../db/schema";
import { createStoreVia } from "../test/fixtures";
import { createShopTestApp, signUp, type TestApp } from "../test/harness";

let t: TestApp;
beforeAll(async () => {
  t = await createShopTestApp();
});
afterAll(() => t.close());

const page = (url: string, language = "en") =>
  t.app.inject({ url, headers: { accept: "text/html", "accept-language": language } });
const root = (html: string) => /<div id="root">(.*)<\/div>\s*<script/s.exec(html)?.[1] ?? "";
/** React writes text and comments between pieces of one sentence; the reader sees the words. */
const text = (html: string) =>
  root(html)
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, " ");

/** A paid cash sale of the stall with its receipt, as the sale use case writes them (decision 0077). */
async function paidCashSale(storeId: string, number: number) {
  const { db } = t.database;
  const [order] = await db
    .insert(orders)
    .values({
      storeId,
      status: "paid",
      totalGross: "450.00",
      buyerEmail: "",
      shipToName: "",
      shipToPhone: "",
      channel: "stall",
      clientSaleId: `sale-${number}-${Date.now()}`,
      soldAt: new Date("2026-12-05T13:05:00Z"),
      paymentMethod: "cash",
      cashGiven: "500.00",
      discountCode: "JUL",
      discountTotal: "50.00",
      vat: [{ rate: 25, amount: "90.00" }],
    })
    .returning();
  if (!order) throw new Error("no order");
  const items = await db
    .insert(orderItems)
    .values([
      { orderId: order.id, title: "Krus", variantLabel: "Grønn", unitPrice: "200.00", qty: 2 },
      { orderId: order.id, title: "Annet", unitPrice: "100.00", qty: 1 },
    ])
    .returning();
  const [receipt] = await db
    .insert(receipts)
    .values({ storeId, number, kind: "sale", orderId: order.id, issuedAt: new Date("2026-12-05T13:05:10Z") })
    .returning();
  return { order, items, receipt: receipt as typeof receipts.$inferSelect };
}

describe("/r/{token}: a stall receipt (decision 0077)", () => {
  it("shows the seller, the lines, the VAT and the cash given back, in the buyer's language", async () => {
    const { agent } = await signUp(t.app);
    const store = await createStoreVia(agent, "Leirverkstedet");
    await t.database.db
      .update(stores)
      .set({
        vatRate: 25,
        legalName: "Leirverkstedet Hansen",
        orgNumber: "974760673",
        address: "Storgata 1, 0155 Oslo",
      })
      .where(eq(stores.id, store.id));
    const { receipt } = await paidCashSale(store.id, 1);

    const response = await page(`/r/${receipt.publicToken}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("no-store");
    expect(response.headers["x-robots-tag"]).toBe("noindex");
    expect(response.body).toContain("<title>Receipt 1 from Leirverkstedet Hansen</title>");
    const shown = text(response.body);
    expect(shown).toContain("Sales receipt");
    expect(shown).toContain("Receipt no. 1");
    expect(shown).toContain("Organisation number 974 760 673 MVA");
    expect(shown).toContain("5 December 2026 at 14:05");
    expect(shown).toContain("Krus (Grønn)");
    expect(shown).toContain("2 × 200.00 kr");
    expect(shown).toContain("Discount JUL");
    expect(shown).toContain("Total 450.00 kr");
    expect(shown).toContain("Of which MVA 25 % 90.00 kr");
    expect(shown).toContain("Cash given 500.00 kr");
    expect(shown).toContain("Change 50.00 kr");

    // A Norwegian phone reads it in Norwegian; the page's texts file is the receipt's own.
    const norwegian = await page(`/r/${receipt.publicToken}`, "nb-NO,nb;q=0.9");
    expect(text(norwegian.body)).toContain("Salgskvittering");
    expect(text(norwegian.body)).toContain("Veksel");
    expect(norwegian.body).toMatch(/\/shop-texts\/nb-receipt\.[0-9a-f]{16}\.json/);
  });

  it("is a sales document with the buyer, and a refund receipt names its sale", async () => {
    const { agent } = await signUp(t.app);
    const store = await createStoreVia(agent, "Vevstua");
    const { order, items, receipt } = await paidCashSale(store.id, 1);
    const { db } = t.database;
    // Not registered for MVA: the number stands alone.
    await db.update(stores).set({ orgNumber: "974760673" }).where(eq(stores.id, store.id));
    await db
      .update(orders)
      .set({ shipToName: "Kari Nordmann", buyerAddress: "Fjordveien 2\n5003 Bergen" })
      .where(eq(orders.id, order.id));
    const sale = text((await page(`/r/${receipt.publicToken}`)).body);
    expect(sale).toContain("Sales document");
    expect(sale).toContain("Kari Nordmann");
    expect(sale).toContain("Organisation number 974 760 673");
    expect(sale).not.toContain("974 760 673 MVA");

    const line = items[0];
    if (!line) throw new Error("no line");
    const [refund] = await db
      .insert(saleRefunds)
      .values({
        orderId: order.id,
        storeId: store.id,
        amount: "180.00",
        method: "cash",
        lines: [{ orderItemId: line.id, qty: 1, amount: "180.00" }],
      })
      .returning();
    const [refundReceipt] = await db
      .insert(receipts)
      .values({ storeId: store.id, number: 2, kind: "refund", orderId: order.id, refundId: refund?.id })
      .returning();
    const body = (await page(`/r/${refundReceipt?.publicToken}`)).body;
    expect(text(body)).toContain("Refund receipt");
    expect(text(body)).toContain("Refunded 180.00 kr");
    expect(text(body)).toContain("Krus (Grønn) 1 × 200.00 kr 180.00 kr");
    expect(root(body)).toContain(`href="/r/${receipt.publicToken}"`);
    expect(text(body)).toContain("For receipt no. 1 of 5 December 2026");
  });

  it("is the usual 404 page for a token that opens no receipt", async () => {
    const missing = await page(`/r/${"0".repeat(64)}`);
    expect(missing.statusCode).toBe(404);
    expect(text(missing.body)).toContain("Receipt not found");
    expect((await page("/r/not-a-token")).statusCode).toBe(404);
  });
});
