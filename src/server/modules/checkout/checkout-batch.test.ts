import { inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailOutbox, smsOutbox } from "../../db/schema";
import { HttpError } from "../../lib/http-error";
import { createProductVia, createStoreVia } from "../../test/fixtures";
import { createTestApp, signUp, type TestApp } from "../../test/harness";
import { placeOrder } from "./place-order";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let shoppers = 0;

/**
 * Places an order from its own shopper, with an Idempotency-Key when one is given; a request sent again
 * names the shopper it repeats.
 */
function order(storeId: string, items: { productId: string; qty: number }[], key?: string, n = ++shoppers) {
  const input = {
    storeId,
    buyerEmail: `kunde${n}@example.no`,
    shipToName: "Nora Kunde",
    shipToPhone: "+4791234567",
    items,
  };
  return placeOrder(t.database, input, key);
}

async function sellerWith(title: string, basePrice: string) {
  const seller = await signUp(t.app);
  const store = await createStoreVia(seller.agent);
  const product = await createProductVia(seller.agent, store.id, { title, basePrice });
  return { email: seller.user.email, store, product };
}

describe("checkouts written together by one statement (decision 0046)", () => {
  it("gives each order of a batch its own store, lines, total and messages, and refuses a bad one alone", async () => {
    const vases = await sellerWith("Vase", "300");
    const cups = await sellerWith("Kopp", "120");
    const suffix = String(Date.now());
    const repeated = ++shoppers;
    // Called at once, without waiting: the first checkouts start their transactions (one on PGlite, two
    // on PostgreSQL), and the rest, both stores' orders among them, wait for them and go as one batch.
    const outcomes = await Promise.allSettled([
      order(vases.store.id, [{ productId: vases.product.id, qty: 2 }], `vases-${suffix}`),
      order(cups.store.id, [{ productId: cups.product.id, qty: 1 }]),
      order(vases.store.id, [{ productId: cups.product.id, qty: 1 }]),
      order(cups.store.id, [{ productId: cups.product.id, qty: 3 }], `cups-${suffix}`, repeated),
      order(cups.store.id, [{ productId: cups.product.id, qty: 3 }], `cups-${suffix}`, repeated),
      order(vases.store.id, [{ productId: vases.product.id, qty: 1 }]),
    ]);
    const [vasesTwo, cupOne, wrongStore, cupsFirst, cupsSecond, vaseOne] = outcomes.map((outcome) =>
      outcome.status === "fulfilled" ? outcome.value : undefined,
    );
    // Another store's product: this order is refused, the others of its batch are placed.
    const refusal = outcomes[2]?.status === "rejected" ? outcomes[2].reason : undefined;
    expect(wrongStore).toBeUndefined();
    expect(refusal).toBeInstanceOf(HttpError);
    expect((refusal as HttpError).statusCode).toBe(400);
    // One request sent twice with its Idempotency-Key: one order, placed once and answered twice.
    expect([cupsFirst?.replayed, cupsSecond?.replayed].sort()).toEqual([false, true]);
    expect(cupsSecond?.order.id).toBe(cupsFirst?.order.id);

    const placed = [
      { placement: vasesTwo, seller: vases, total: "600.00", title: "Vase", qty: 2 },
      { placement: cupOne, seller: cups, total: "120.00", title: "Kopp", qty: 1 },
      { placement: cupsFirst, seller: cups, total: "360.00", title: "Kopp", qty: 3 },
      { placement: vaseOne, seller: vases, total: "300.00", title: "Vase", qty: 1 },
    ].map(({ placement, seller, total, title, qty }) => {
      expect(placement?.order).toMatchObject({
        storeId: seller.store.id,
        storeName: seller.store.name,
        totalGross: total,
        items: [{ title, qty }],
      });
      const order = placement?.order;
      return { id: order?.id ?? "", buyer: order?.buyerEmail ?? "", seller: seller.email };
    });
    expect(new Set(placed.map((order) => order.buyer)).size).toBe(4);

    // Each order's receipt goes to its own shopper, its new-order e-mail to its own store's seller.
    const ids = placed.map((order) => order.id);
    const emails = await t.database.db.select().from(emailOutbox).where(inArray(emailOutbox.orderId, ids));
    const texts = await t.database.db.select().from(smsOutbox).where(inArray(smsOutbox.orderId, ids));
    for (const { id, buyer, seller } of placed) {
      const mine = emails.filter((row) => row.orderId === id);
      expect(mine.map((row) => `${row.purpose} ${row.toAddress}`).sort()).toEqual([
        `order_confirmation ${buyer}`,
        `seller_new_order ${seller}`,
      ]);
      expect(texts.filter((row) => row.orderId === id).map((row) => row.purpose)).toEqual([
        "order_confirmation",
      ]);
    }
  });
});
