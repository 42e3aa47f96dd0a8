import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { discountCodes, discountRedemptions, giftCardRedemptions, giftCards } from "../../db/schema";
import { createTestApp, type TestApp } from "../../test/harness";
import { addCard, addCode, checkoutOf, sellGiftCards, storeForRules } from "../checkout/price-rules.fixtures";
import { newGiftCardCode } from "../gift-cards";

let t: TestApp;
let checkout: ReturnType<typeof checkoutOf>;
beforeAll(async () => {
  t = await createTestApp({ ORDERS_PER_IP_PER_HOUR: "0" });
  checkout = checkoutOf(t);
});
afterAll(() => t.close());

const en = { "accept-language": "en" };

async function codeState(codeId: string) {
  const [code] = await t.database.db.select().from(discountCodes).where(eq(discountCodes.id, codeId));
  const rows = await t.database.db
    .select()
    .from(discountRedemptions)
    .where(eq(discountRedemptions.discountCodeId, codeId));
  return { uses: code?.uses, orders: rows.map((row) => row.orderId).sort() };
}

async function cardState(cardId: string) {
  const [card] = await t.database.db.select().from(giftCards).where(eq(giftCards.id, cardId));
  const rows = await t.database.db
    .select()
    .from(giftCardRedemptions)
    .where(eq(giftCardRedemptions.giftCardId, cardId));
  return { balance: card?.balance, status: card?.status, redemptions: rows.length };
}

describe("cancelling and reopening an order with price rules (decision 0076)", () => {
  it("gives the code's use back on cancel; a reopen takes it again, or is refused when none is left", async () => {
    const { store, mug, pickup, agent } = await storeForRules(t);
    const code = await addCode(t, store.id, { code: "EN", maxUses: 1 });
    const body = {
      storeId: store.id,
      deliveryOptionId: pickup.id,
      items: [{ productId: mug.id, qty: 1 }],
      discountCode: "en",
    };
    const first = (await checkout({ ...body, buyerEmail: "a@example.no" })).json();
    expect(await codeState(code.id)).toEqual({ uses: 1, orders: [first.id] });
    const cancel = await agent.patch(`/api/orders/${first.id}/status`, { status: "cancelled" });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(await codeState(code.id)).toEqual({ uses: 0, orders: [] });

    // The use went to another order: the first cannot be reopened with a discount it has no use for.
    const second = (await checkout({ ...body, buyerEmail: "b@example.no" })).json();
    expect(second.discountTotal).toBe("34.90");
    const refused = await agent.request({
      method: "PATCH",
      url: `/api/orders/${first.id}/status`,
      payload: { status: "pending" },
      headers: en,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/discount code has no use left/);
    expect(await codeState(code.id)).toEqual({ uses: 1, orders: [second.id] });

    // The second cancelled: the first is reopened and holds the use again.
    await agent.patch(`/api/orders/${second.id}/status`, { status: "cancelled" });
    const reopened = await agent.patch(`/api/orders/${first.id}/status`, { status: "pending" });
    expect(reopened.statusCode, reopened.body).toBe(200);
    expect(await codeState(code.id)).toEqual({ uses: 1, orders: [first.id] });
  });

  it("puts what a gift card paid back on the card; such an order is not reopened", async () => {
    const { store, mug, pickup, agent } = await storeForRules(t);
    const card = await addCard(t, store.id, "500");
    const placed = (
      await checkout({
        storeId: store.id,
        deliveryOptionId: pickup.id,
        items: [{ productId: mug.id, qty: 1 }],
        giftCardCode: card.code,
      })
    ).json();
    expect(placed).toMatchObject({ status: "paid", giftCardTotal: "349.00" });
    expect(await cardState(card.id)).toEqual({ balance: "151.00", status: "active", redemptions: 1 });
    const cancel = await agent.patch(`/api/orders/${placed.id}/status`, { status: "cancelled" });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(await cardState(card.id)).toEqual({ balance: "500.00", status: "active", redemptions: 0 });
    const refused = await agent.request({
      method: "PATCH",
      url: `/api/orders/${placed.id}/status`,
      payload: { status: "paid" },
      headers: en,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/gift card money it used/);
    expect(await cardState(card.id)).toEqual({ balance: "500.00", status: "active", redemptions: 0 });
  });

  it("voids the cards the order bought that were never used, and leaves a used one valid", async () => {
    const { store, agent } = await storeForRules(t);
    await sellGiftCards(t, store.id);
    const placed = (
      await checkout({
        storeId: store.id,
        items: [{ giftCard: { amount: "250" } }, { giftCard: { amount: "500" } }],
      })
    ).json();
    // The cards as the paid order made them (gift card issuing is its own step).
    const [unused, spent] = await Promise.all([
      addCard(t, store.id, "250", {
        orderId: placed.id,
        orderItemId: placed.items[0].id,
        code: newGiftCardCode(),
      }),
      addCard(t, store.id, "500", { orderId: placed.id, orderItemId: placed.items[1].id, balance: "120" }),
    ]);
    const cancel = await agent.patch(`/api/orders/${placed.id}/status`, { status: "cancelled" });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(await cardState(unused.id)).toMatchObject({ balance: "250.00", status: "voided" });
    expect(await cardState(spent.id)).toMatchObject({ balance: "120.00", status: "active" });
    const refused = await agent.patch(`/api/orders/${placed.id}/status`, { status: "pending" });
    expect(refused.statusCode).toBe(409);
  });
});
