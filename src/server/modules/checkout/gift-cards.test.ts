import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatGiftCardCode } from "../../../shared/gift-card";
import { giftCardRedemptions, giftCards, orderItems, orders } from "../../db/schema";
import { createTestApp, type TestApp } from "../../test/harness";
import { newGiftCardCode } from "../gift-cards";
import {
  addCard,
  addCode,
  address,
  checkoutOf,
  quoteOf,
  sellGiftCards,
  storeForRules,
} from "./price-rules.fixtures";

let t: TestApp;
let checkout: ReturnType<typeof checkoutOf>;
let quote: ReturnType<typeof quoteOf>;
beforeAll(async () => {
  t = await createTestApp({ ORDERS_PER_IP_PER_HOUR: "0" });
  checkout = checkoutOf(t);
  quote = quoteOf(t);
});
afterAll(() => t.close());

const en = { "accept-language": "en" };

async function balanceOf(cardId: string) {
  const [card] = await t.database.db.select().from(giftCards).where(eq(giftCards.id, cardId));
  return card?.balance;
}

describe("gift cards bought in the checkout (decision 0076)", () => {
  it("sells a card of an amount the store offers: no delivery, no VAT, kept apart as gift card sales", async () => {
    const { store, agent } = await storeForRules(t);
    await sellGiftCards(t, store.id);
    const gift = {
      amount: "500",
      recipientName: "Ola",
      recipientEmail: "ola@example.no",
      message: "God jul!",
    };
    const placed = await checkout({ storeId: store.id, items: [{ giftCard: gift }] }, en);
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json()).toMatchObject({
      status: "pending",
      totalGross: "500.00",
      giftCardSales: "500.00",
      discountTotal: "0.00",
      delivery: null,
      vat: [{ rate: 25, amount: "0.00" }],
      items: [
        {
          productId: null,
          title: "Gift card",
          unitPrice: "500.00",
          qty: 1,
          giftCard: { recipientName: "Ola", recipientEmail: "ola@example.no", message: "God jul!" },
        },
      ],
    });
    const [item] = await t.database.db
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, placed.json().id));
    expect(item?.giftCard).toEqual({
      recipientName: "Ola",
      recipientEmail: "ola@example.no",
      message: "God jul!",
    });
    expect((await agent.get(`/api/orders/${placed.json().id}`)).json()).toMatchObject({
      giftCardSales: "500.00",
    });
  });

  it("refuses an amount the store does not offer, and any card from a store that sells none", async () => {
    const { store } = await storeForRules(t);
    const off = await storeForRules(t);
    await sellGiftCards(t, store.id);
    await sellGiftCards(t, off.store.id, false);
    for (const [storeId, amount, status] of [
      [store.id, "250", 201],
      // Within the free range (100–2,000 kr), in whole kroner.
      [store.id, "1234", 201],
      [store.id, "50", 400],
      [store.id, "2500", 400],
      [off.store.id, "250", 400],
    ] as const) {
      const response = await checkout({ storeId, items: [{ giftCard: { amount } }] }, en);
      expect([amount, response.statusCode]).toEqual([amount, status]);
      if (status === 400)
        expect(response.json().message).toBe("This store doesn't sell gift cards of that amount");
    }
  });

  it("never discounts a card bought, and takes VAT only on the goods and delivery", async () => {
    const { store, mug, parcel } = await storeForRules(t);
    await sellGiftCards(t, store.id);
    await addCode(t, store.id, { code: "TI", value: "10" });
    await addCode(t, store.id, { code: "KORT", value: "10", kind: "amount" });
    const body = {
      storeId: store.id,
      deliveryOptionId: parcel.id,
      shipToAddr: address,
      items: [{ productId: mug.id, qty: 1 }, { giftCard: { amount: "250" } }],
    };
    const placed = await checkout({ ...body, discountCode: "ti" });
    expect(placed.json()).toMatchObject({
      // 349 − 34.90 + 99 delivery + 250 card.
      totalGross: "663.10",
      discountTotal: "34.90",
      giftCardSales: "250.00",
      // VAT of 413.10 (goods and delivery after the discount).
      vat: [{ rate: 25, amount: "82.62" }],
    });
    // A code only a card could meet is not for the products.
    const onlyCard = await quote(
      { storeId: store.id, items: [{ giftCard: { amount: "250" } }], discountCode: "kort" },
      en,
    );
    expect(onlyCard.statusCode).toBe(400);
    expect(onlyCard.json().message).toBe("This code isn't for the products in your cart");
  });
});

describe("gift cards paying in the checkout (decision 0076)", () => {
  it("pays part of an order; the rest is paid as usual and VAT follows the goods", async () => {
    const { store, mug, pickup } = await storeForRules(t);
    const card = await addCard(t, store.id, "200");
    const body = { storeId: store.id, deliveryOptionId: pickup.id, items: [{ productId: mug.id, qty: 1 }] };
    // As printed, in lower case, or read out with O for 0: the same card.
    const typed = formatGiftCardCode(card.code).toLowerCase();
    expect((await quote({ ...body, giftCardCode: typed })).json()).toEqual({
      subtotal: "349.00",
      discount: "0.00",
      delivery: "0.00",
      giftCard: "200.00",
      total: "149.00",
      vat: [{ rate: 25, amount: "69.80" }],
      discountCode: null,
      freeDelivery: false,
      giftCardBalance: "0.00",
    });
    expect(await balanceOf(card.id)).toBe("200.00");
    const placed = await checkout({ ...body, giftCardCode: typed });
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json()).toMatchObject({
      status: "pending",
      totalGross: "149.00",
      giftCardTotal: "200.00",
      vat: [{ rate: 25, amount: "69.80" }],
    });
    expect(await balanceOf(card.id)).toBe("0.00");
    const redemptions = await t.database.db
      .select()
      .from(giftCardRedemptions)
      .where(eq(giftCardRedemptions.giftCardId, card.id));
    expect(redemptions).toMatchObject([{ orderId: placed.json().id, amount: "200.00" }]);
    // Used up now.
    const again = await checkout({ ...body, giftCardCode: card.code }, en);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("This gift card has been used up");
  });

  it("pays all of an order, which is then paid at once, and never the cards bought in it", async () => {
    const { store, mug, pickup, agent } = await storeForRules(t);
    await sellGiftCards(t, store.id);
    const card = await addCard(t, store.id, "1000");
    const placed = await checkout({
      storeId: store.id,
      deliveryOptionId: pickup.id,
      items: [{ productId: mug.id, qty: 1 }],
      giftCardCode: card.code,
    });
    expect(placed.json()).toMatchObject({ status: "paid", totalGross: "0.00", giftCardTotal: "349.00" });
    expect(await balanceOf(card.id)).toBe("651.00");
    const read = (await agent.get(`/api/orders/${placed.json().id}`)).json();
    expect(read.history.map((event: { toStatus: string }) => event.toStatus)).toEqual(["pending", "paid"]);

    // With a card bought in the same order: the card pays the mug, the card bought is paid as usual.
    const mixed = await checkout({
      storeId: store.id,
      deliveryOptionId: pickup.id,
      items: [{ productId: mug.id, qty: 1 }, { giftCard: { amount: "250" } }],
      giftCardCode: card.code,
    });
    expect(mixed.json()).toMatchObject({ status: "pending", totalGross: "250.00", giftCardTotal: "349.00" });
    expect(await balanceOf(card.id)).toBe("302.00");
    const onlyCards = await checkout(
      { storeId: store.id, items: [{ giftCard: { amount: "250" } }], giftCardCode: card.code },
      en,
    );
    expect(onlyCards.statusCode).toBe(400);
    expect(onlyCards.json().message).toBe("A gift card can't pay for another gift card");
  });

  it("refuses a mistyped, unknown, another store's, voided, expired or empty card, in the quote alike", async () => {
    const { store, mug, pickup } = await storeForRules(t);
    const other = await storeForRules(t);
    const foreign = await addCard(t, other.store.id, "500");
    const voided = await addCard(t, store.id, "500", { status: "voided", voidedAt: new Date() });
    const expired = await addCard(t, store.id, "500", { expiresAt: new Date(Date.now() - 1000) });
    const empty = await addCard(t, store.id, "500", { balance: "0" });
    const good = await addCard(t, store.id, "500");
    // One symbol changed: the check symbol catches it.
    const typo = `${good.code.slice(0, 3)}${good.code[3] === "A" ? "B" : "A"}${good.code.slice(4)}`;
    const body = { storeId: store.id, deliveryOptionId: pickup.id, items: [{ productId: mug.id, qty: 1 }] };
    const cases: [string, number, string][] = [
      [typo, 400, "Check the code: a character is wrong or missing"],
      [newGiftCardCode(), 400, "We don't know that gift card"],
      [foreign.code, 400, "We don't know that gift card"],
      [voided.code, 400, "This gift card is no longer valid"],
      [expired.code, 400, "This gift card has expired"],
      [empty.code, 409, "This gift card has been used up"],
    ];
    for (const [code, status, message] of cases) {
      for (const call of [checkout, quote]) {
        const response = await call({ ...body, giftCardCode: code }, en);
        expect([code, response.statusCode, response.json().message]).toEqual([code, status, message]);
      }
    }
    const [placed] = await t.database.db.select().from(orders).where(eq(orders.storeId, store.id));
    expect(placed).toBeUndefined();
  });
});
