import { discountCodes, giftCardSettings, giftCards } from "../../db/schema";
import { createProductVia, createStoreVia } from "../../test/fixtures";
import { Agent, signUp, type TestApp } from "../../test/harness";
import { newGiftCardCode } from "../gift-cards";

/** Test helpers for the price rules (decision 0076): codes and cards written straight to their tables. */

export const shopper = {
  buyerEmail: "kunde@example.no",
  shipToName: "Nora Kunde",
  shipToPhone: "+47 912 34 567",
};
export const address = { street: "Storgata 1", post: "0155", city: "Oslo" };

/** A seller's store (25 % VAT) with a mug, a vase (stock given), a pickup and a parcel option. */
export async function storeForRules(t: TestApp, { vaseStock = "" } = {}) {
  const seller = await signUp(t.app);
  const store = await createStoreVia(seller.agent);
  const mug = await createProductVia(seller.agent, store.id, { title: "Mug", basePrice: "349" });
  const vase = await createProductVia(seller.agent, store.id, {
    title: "Vase",
    basePrice: "500",
    stockQty: vaseStock,
  });
  await seller.agent.put(`/api/stores/${store.id}`, { vatRate: 25 });
  const saved = await seller.agent.put(`/api/stores/${store.id}/delivery-options`, [
    { name: "Hent", kind: "pickup", price: "0" },
    { name: "Pakke", kind: "parcel", price: "99", freeAbove: "1000" },
  ]);
  const [pickup, parcel] = saved.json() as { id: string }[];
  if (!pickup || !parcel) throw new Error("options not saved");
  return { ...seller, store, mug, vase, pickup, parcel };
}

let codes = 0;
/** A discount code of the store; an active 10 % code unless told otherwise. */
export async function addCode(
  t: TestApp,
  storeId: string,
  fields: Partial<typeof discountCodes.$inferInsert> = {},
) {
  const [row] = await t.database.db
    .insert(discountCodes)
    .values({ storeId, code: `Kode${++codes}`, kind: "percent", value: "10", ...fields })
    .returning();
  if (!row) throw new Error("code not written");
  return row;
}

/** An active gift card of the store worth `amount`, valid for a year unless told otherwise. */
export async function addCard(
  t: TestApp,
  storeId: string,
  amount: string,
  fields: Partial<typeof giftCards.$inferInsert> = {},
) {
  const [row] = await t.database.db
    .insert(giftCards)
    .values({
      storeId,
      code: newGiftCardCode(),
      initialAmount: amount,
      balance: amount,
      expiresAt: new Date(Date.now() + 365 * 86_400_000),
      ...fields,
    })
    .returning();
  if (!row) throw new Error("card not written");
  return row;
}

/** The store sells cards of 250 and 500 kr, and a free amount from 100 to 2,000 kr. */
export async function sellGiftCards(t: TestApp, storeId: string, enabled = true) {
  await t.database.db
    .insert(giftCardSettings)
    .values({ storeId, enabled, amounts: ["250.00", "500.00"], customMin: "100.00", customMax: "2000.00" });
}

export const checkoutOf =
  (t: TestApp) =>
  (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
    new Agent(t.app).request({
      method: "POST",
      url: "/api/orders",
      payload: { ...shopper, ...body },
      headers,
    });

export const quoteOf =
  (t: TestApp) =>
  (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
    new Agent(t.app).request({ method: "POST", url: "/api/orders/quote", payload: body, headers });
