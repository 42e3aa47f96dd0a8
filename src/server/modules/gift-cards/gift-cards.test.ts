/**
 * Issue 29 items 5, 6 and 8 (decision 0076): a store's gift card offer, the cards its paid orders make
 * (once, with their e-mail held until the buyer's chosen day), the seller's list with void and extend,
 * and the public, rate-limited balance check.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  DEFAULT_GIFT_CARD_SETTINGS,
  formatGiftCardCode,
  GIFT_CARD_ALPHABET,
  giftCardCheckSymbol,
  normalizeGiftCardCode,
} from "../../../shared/gift-card";
import { emailLog, emailOutbox, giftCards, orderItems } from "../../db/schema";
import { createProductVia, createStoreVia } from "../../test/fixtures";
import { Agent, createTestApp, signUp, type TestApp } from "../../test/harness";
import { startTestSmtpServer } from "../email/testing";
import { GIFT_CARD_BALANCE_CHECKS_PER_IP_PER_HOUR } from "./index";

let smtp: Awaited<ReturnType<typeof startTestSmtpServer>>;
let t: TestApp;
beforeAll(async () => {
  smtp = await startTestSmtpServer();
  t = await createTestApp(
    {
      SMTP_URL: smtp.url,
      EMAIL_FROM: "Torg <ordre@torg.test>",
      EMAIL_TIMEOUT_MS: "2000",
      EMAIL_PER_RECIPIENT_PER_HOUR: "0",
      PUBLIC_URL: "https://torg.example.no",
    },
    { level: "error" },
  );
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const buyer = { buyerEmail: "giver@example.no", shipToName: "Kari Giver", shipToPhone: "+47 912 34 567" };
const onSettings = { ...DEFAULT_GIFT_CARD_SETTINGS, enabled: true };

async function sellerWithStore() {
  const seller = await signUp(t.app);
  const store = await createStoreVia(seller.agent);
  const saved = await seller.agent.put(`/api/stores/${store.id}/gift-card-settings`, onSettings);
  expect(saved.statusCode).toBe(200);
  const product = await createProductVia(seller.agent, store.id, { title: "Kopp", stockQty: "5" });
  return { ...seller, store, product };
}

/**
 * An order holding a gift card line, as the checkout writes one (its pricing is the checkout's, issue 29
 * item 5): placed with a product, and the card's line added beside it.
 */
async function orderWithGiftCard(
  storeId: string,
  productId: string,
  wish: { recipientName?: string; recipientEmail?: string; message?: string; sendAt?: string } = {},
) {
  const response = await new Agent(t.app).post("/api/orders", {
    storeId,
    ...buyer,
    items: [{ productId, qty: 1 }],
  });
  expect(response.statusCode).toBe(201);
  const order = response.json() as { id: string };
  const [line] = await t.database.db
    .insert(orderItems)
    .values({ orderId: order.id, title: "Gavekort", unitPrice: "500.00", qty: 1, giftCard: wish })
    .returning();
  return { orderId: order.id, lineId: line?.id as string };
}

const cardsOf = (orderId: string) =>
  t.database.db.select().from(giftCards).where(eq(giftCards.orderId, orderId));
const giftMailsOf = (orderId: string) =>
  t.database.db.select().from(emailOutbox).where(eq(emailOutbox.orderId, orderId));

describe("gift card settings", () => {
  it("answers the default (off) until saved, and saves a valid offer", async () => {
    const seller = await signUp(t.app);
    const store = await createStoreVia(seller.agent);
    const first = await seller.agent.get(`/api/stores/${store.id}/gift-card-settings`);
    expect(first.json()).toEqual(DEFAULT_GIFT_CARD_SETTINGS);
    const saved = await seller.agent.put(`/api/stores/${store.id}/gift-card-settings`, {
      enabled: true,
      amounts: ["1000", "250", "250.00"],
      customMin: "100",
      customMax: "2000",
      validityMonths: 48,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({
      enabled: true,
      amounts: ["250.00", "1000.00"],
      customMin: "100.00",
      customMax: "2000.00",
      validityMonths: 48,
    });
    expect((await seller.agent.get(`/api/stores/${store.id}/gift-card-settings`)).json()).toEqual(
      saved.json(),
    );
  });

  it.each([
    [{ validityMonths: 24 }, "36 to 120 months"],
    [{ amounts: ["20"] }, "from 50 to 20,000 kr"],
    [{ amounts: [], customMin: null, customMax: null }, "Choose at least one amount"],
    [{ customMin: "100", customMax: null }, "lowest and a highest"],
    [{ customMin: "900", customMax: "100" }, "lowest and a highest"],
  ])("refuses %j", async (change, message) => {
    const seller = await signUp(t.app);
    const store = await createStoreVia(seller.agent);
    const response = await seller.agent.put(`/api/stores/${store.id}/gift-card-settings`, {
      ...onSettings,
      ...change,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(message);
  });
});

describe("issuing a card when its order is paid", () => {
  it("makes one card when the seller marks the order paid, and no second when it is paid again", async () => {
    const { agent, store, product } = await sellerWithStore();
    const { orderId, lineId } = await orderWithGiftCard(store.id, product.id);
    expect(await cardsOf(orderId)).toHaveLength(0);
    expect((await agent.patch(`/api/orders/${orderId}/status`, { status: "paid" })).statusCode).toBe(200);
    const [card, ...others] = await cardsOf(orderId);
    expect(others).toHaveLength(0);
    expect(card).toMatchObject({
      storeId: store.id,
      orderItemId: lineId,
      initialAmount: "500.00",
      balance: "500.00",
      status: "active",
      buyerEmail: buyer.buyerEmail,
      recipientEmail: null,
    });
    expect(normalizeGiftCardCode(card?.code ?? "")).toBe(card?.code);
    // Three years on, to the day (the store's default validity).
    const expiry = card?.expiresAt as Date;
    const created = card?.createdAt as Date;
    expect(expiry.getUTCFullYear() - created.getUTCFullYear()).toBe(3);

    await agent.patch(`/api/orders/${orderId}/status`, { status: "fulfilled" });
    await agent.patch(`/api/orders/${orderId}/status`, { status: "paid" });
    expect(await cardsOf(orderId)).toHaveLength(1);
    expect((await giftMailsOf(orderId)).filter((m) => m.purpose === "gift_card")).toHaveLength(1);
  });

  it("makes the card when the payment provider marks the order paid", async () => {
    const { store, product } = await sellerWithStore();
    const { orderId } = await orderWithGiftCard(store.id, product.id);
    await t.app.payments.orders.changeOrderStatus(t.database.db, orderId, "paid", null, {
      by: "provider",
      onlyFrom: "pending",
    });
    expect(await cardsOf(orderId)).toHaveLength(1);
  });

  it("uses the store's validity", async () => {
    const { agent, store, product } = await sellerWithStore();
    await agent.put(`/api/stores/${store.id}/gift-card-settings`, { ...onSettings, validityMonths: 60 });
    const { orderId } = await orderWithGiftCard(store.id, product.id);
    await agent.patch(`/api/orders/${orderId}/status`, { status: "paid" });
    const [card] = await cardsOf(orderId);
    const years = (card?.expiresAt.getTime() ?? 0) - (card?.createdAt.getTime() ?? 0);
    expect(Math.round(years / (365.25 * 86_400_000))).toBe(5);
  });

  it("e-mails a gift to its recipient, with the code, amount, expiry, message and balance link", async () => {
    const { agent, store, product } = await sellerWithStore();
    const { orderId } = await orderWithGiftCard(store.id, product.id, {
      recipientName: "Ola Mottaker",
      recipientEmail: "ola@example.no",
      message: "Gratulerer med dagen! Se https://evil.example",
    });
    await agent.patch(`/api/orders/${orderId}/status`, { status: "paid" });
    await t.app.emailOutbox.drain();
    const [card] = await cardsOf(orderId);
    const mail = smtp.received.find((m) => m.to && JSON.stringify(m.to).includes("ola@example.no"));
    expect(mail?.subject).toContain(store.name);
    const text = mail?.text ?? "";
    expect(text).toContain(formatGiftCardCode(card?.code ?? ""));
    expect(text).toContain("Kari Giver");
    expect(text).toContain("Gratulerer med dagen!");
    // The buyer's words carry no link a mail program would make (decision 0058).
    expect(text).not.toContain("https://evil.example");
    expect(text).toContain(`https://torg.example.no/s/${store.slug}/gift-card`);
    expect(text).toMatch(/500[.,]00/);
    // Answers go to the seller, as the shopper's other e-mails do.
    expect(JSON.stringify(mail?.replyTo)).toContain("@example.no");
  });

  it("holds a gift's e-mail until its chosen day", async () => {
    const { agent, store, product } = await sellerWithStore();
    const sendAt = new Date(Date.now() + 5 * 86_400_000).toISOString();
    const { orderId } = await orderWithGiftCard(store.id, product.id, {
      recipientName: "Ola",
      recipientEmail: "later@example.no",
      sendAt,
    });
    await agent.patch(`/api/orders/${orderId}/status`, { status: "paid" });
    await t.app.emailOutbox.drain();
    const [mail] = (await giftMailsOf(orderId)).filter((m) => m.purpose === "gift_card");
    expect(mail?.status).toBe("pending");
    expect(mail?.nextAttemptAt.toISOString()).toBe(sendAt);
    expect(mail?.toAddress).toBe("later@example.no");
    const logged = await t.database.db
      .select()
      .from(emailLog)
      .where(eq(emailLog.outboxId, mail?.id as string));
    expect(logged).toHaveLength(0);
    const [card] = await cardsOf(orderId);
    expect(card?.sendAt?.toISOString()).toBe(sendAt);
  });

  it("never sends a waiting gift's e-mail once its card is voided, by the order's cancel or by the seller", async () => {
    const { agent, store, product } = await sellerWithStore();
    const sendAt = new Date(Date.now() + 5 * 86_400_000).toISOString();
    const gift = { recipientName: "Ola", recipientEmail: "later@example.no", sendAt };
    const cancelled = await orderWithGiftCard(store.id, product.id, gift);
    const voided = await orderWithGiftCard(store.id, product.id, gift);
    const kept = await orderWithGiftCard(store.id, product.id, gift);
    for (const { orderId } of [cancelled, voided, kept])
      await agent.patch(`/api/orders/${orderId}/status`, { status: "paid" });

    await agent.patch(`/api/orders/${cancelled.orderId}/status`, { status: "cancelled" });
    const [card] = await cardsOf(voided.orderId);
    expect((await agent.put(`/api/gift-cards/${card?.id}`, { action: "void" })).statusCode).toBe(200);

    const giftMail = async (orderId: string) =>
      (await giftMailsOf(orderId)).find((mail) => mail.purpose === "gift_card");
    expect(await giftMail(cancelled.orderId)).toMatchObject({ status: "cancelled" });
    expect(await giftMail(voided.orderId)).toMatchObject({ status: "cancelled" });
    expect(await giftMail(kept.orderId)).toMatchObject({ status: "pending" });
  });
});

describe("the seller's cards", () => {
  it("lists them masked and newest first, voids one and extends another", async () => {
    const { agent, store, product } = await sellerWithStore();
    for (const name of ["First", "Second"]) {
      const { orderId } = await orderWithGiftCard(store.id, product.id, {
        recipientName: name,
        recipientEmail: `${name.toLowerCase()}@example.no`,
      });
      await agent.patch(`/api/orders/${orderId}/status`, { status: "paid" });
    }
    const list = await agent.get(`/api/stores/${store.id}/gift-cards`);
    expect(list.statusCode).toBe(200);
    expect(list.headers["x-total-count"]).toBe("2");
    const cards = list.json() as { id: string; code: string; recipientName: string; expiresAt: string }[];
    expect(cards.map((c) => c.recipientName)).toEqual(["Second", "First"]);
    expect(cards[0]?.code).toMatch(/^••••-••••-[0-9A-Z]{4}$/);
    expect(cards[0]).toMatchObject({ uses: 0, balance: "500.00", status: "active", buyerName: "Kari Giver" });
    const [second, first] = cards as [(typeof cards)[0], (typeof cards)[0]];

    const voided = await agent.put(`/api/gift-cards/${second.id}`, { action: "void" });
    expect(voided.json()).toMatchObject({ status: "voided" });
    expect((await agent.put(`/api/gift-cards/${second.id}`, { action: "void" })).statusCode).toBe(409);

    const later = new Date(Date.parse(first.expiresAt) + 365 * 86_400_000).toISOString();
    const extended = await agent.put(`/api/gift-cards/${first.id}`, { action: "extend", expiresAt: later });
    expect(extended.statusCode).toBe(200);
    expect(extended.json().expiresAt).toBe(later);
    const earlier = new Date(Date.parse(first.expiresAt) - 86_400_000).toISOString();
    const refused = await agent.put(`/api/gift-cards/${first.id}`, { action: "extend", expiresAt: earlier });
    expect(refused.statusCode).toBe(400);
  });

  it("does not exist for another seller", async () => {
    const { agent, store, product } = await sellerWithStore();
    const { orderId } = await orderWithGiftCard(store.id, product.id);
    await agent.patch(`/api/orders/${orderId}/status`, { status: "paid" });
    const [card] = await cardsOf(orderId);
    const other = await signUp(t.app);
    expect((await other.agent.get(`/api/stores/${store.id}/gift-cards`)).statusCode).toBe(404);
    expect((await other.agent.get(`/api/stores/${store.id}/gift-card-settings`)).statusCode).toBe(404);
    const change = await other.agent.put(`/api/gift-cards/${card?.id}`, { action: "void" });
    expect(change.statusCode).toBe(404);
    expect((await cardsOf(orderId))[0]?.status).toBe("active");
  });
});

describe("the balance check", () => {
  let ips = 0;
  const check = (storeId: string, code: string, ip = `10.9.0.${++ips % 250}`) =>
    t.app.inject({
      method: "GET",
      url: `/api/stores/${storeId}/gift-cards/balance?code=${encodeURIComponent(code)}`,
      remoteAddress: ip,
    });

  async function paidCard() {
    const { agent, store, product } = await sellerWithStore();
    const { orderId } = await orderWithGiftCard(store.id, product.id);
    await agent.patch(`/api/orders/${orderId}/status`, { status: "paid" });
    const [card] = await cardsOf(orderId);
    return { agent, store, card: card as typeof giftCards.$inferSelect };
  }

  it("answers the balance and expiry of a good code, however it is typed", async () => {
    const { store, card } = await paidCard();
    const typed = formatGiftCardCode(card.code).toLowerCase().replaceAll("0", "o");
    const response = await check(store.id, typed);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ balance: "500.00", expiresAt: card.expiresAt.toISOString() });
  });

  it("refuses a code whose check symbol fails, unknown codes, other stores' codes, voided and expired cards", async () => {
    const { agent, store, card } = await paidCard();
    const wrong = GIFT_CARD_ALPHABET[(GIFT_CARD_ALPHABET.indexOf(card.code[11] ?? "") + 1) % 32];
    const mistyped = await check(store.id, card.code.slice(0, 11) + wrong);
    expect(mistyped.statusCode).toBe(400);
    expect(mistyped.json().message).toContain("Check the code");

    const payload = "ABCDEFGHJKM";
    const unknown = await check(store.id, payload + giftCardCheckSymbol(payload));
    expect(unknown.statusCode).toBe(404);
    const other = await sellerWithStore();
    expect((await check(other.store.id, card.code)).statusCode).toBe(404);

    await t.database.db
      .update(giftCards)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(giftCards.id, card.id));
    const expired = await check(store.id, card.code);
    expect(expired.statusCode).toBe(410);
    expect(expired.json().message).toContain("expired");

    await agent.put(`/api/gift-cards/${card.id}`, { action: "void" });
    const voided = await check(store.id, card.code);
    expect(voided.statusCode).toBe(410);
    expect(voided.json().message).toContain("no longer valid");
  });

  it(`lets one address check ${GIFT_CARD_BALANCE_CHECKS_PER_IP_PER_HOUR} codes an hour`, async () => {
    const { store, card } = await paidCard();
    for (let n = 0; n < GIFT_CARD_BALANCE_CHECKS_PER_IP_PER_HOUR; n++)
      expect((await check(store.id, card.code, "10.8.8.8")).statusCode).toBe(200);
    const refused = await check(store.id, card.code, "10.8.8.8");
    expect(refused.statusCode).toBe(429);
    expect(refused.headers["retry-after"]).toBeDefined();
    expect((await check(store.id, card.code, "10.8.8.9")).statusCode).toBe(200);
  });
});
