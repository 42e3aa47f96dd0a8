import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, inArray } from "drizzle-orm";
import * as tar from "tar";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { maskGiftCardCode } from "../../../shared/gift-card";
import {
  discountCodes,
  giftCards,
  orderItems,
  orders,
  smsLog,
  storeMembers,
  userSettings,
  users,
} from "../../db/schema";
import { validOrder } from "../../security/scenario";
import { createProductVia, createStoreVia } from "../../test/fixtures";
import { Agent, createTestApp, signUp, type TestApp } from "../../test/harness";
import { newGiftCardCode } from "../gift-cards";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

/** Unpacks an export and returns its JSON files by name (without .json). */
async function unpack(body: Buffer): Promise<Record<string, unknown>> {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "torg-export-test-"));
  try {
    const file = path.join(folder, "export.tar.gz");
    fs.writeFileSync(file, body);
    await tar.extract({ file, cwd: folder });
    const data: Record<string, unknown> = {};
    for (const name of fs.readdirSync(path.join(folder, "torg-data"))) {
      data[name.replace(/\.json$/, "")] = JSON.parse(
        fs.readFileSync(path.join(folder, "torg-data", name), "utf8"),
      );
    }
    return data;
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
}

async function placeOrder(
  storeId: string,
  productId: string,
  buyer: Partial<ReturnType<typeof validOrder>> = {},
) {
  const response = await t.app.inject({
    method: "POST",
    url: "/api/orders",
    payload: { ...validOrder(storeId, productId), ...buyer },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id as string;
}

async function sellerWithShop(agent?: Agent) {
  const seller = agent ? undefined : await signUp(t.app, { fullName: "Ingrid Seller" });
  const who = agent ?? (seller as { agent: Agent }).agent;
  const store = await createStoreVia(who);
  const product = await createProductVia(who, store.id);
  return { seller, agent: who, store, product };
}

describe("data export", () => {
  it("gives a seller one archive with their account, stores, products, orders and logs", async () => {
    const { seller, agent, store, product } = await sellerWithShop();
    const orderId = await placeOrder(store.id, product.id);
    await t.app.smsOutbox.drain();
    expect((await agent.patch(`/api/orders/${orderId}/status`, { status: "paid" })).statusCode).toBe(200);
    expect((await agent.put("/api/settings", { theme: "dark" })).statusCode).toBe(200);
    const qr = await agent.post("/api/qr-codes", { url: "https://example.no/x", storeId: store.id });
    expect(qr.statusCode, qr.body).toBe(201);

    const response = await agent.get("/api/me/export");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/gzip");
    expect(response.headers["content-disposition"]).toMatch(
      /^attachment; filename="torg-data-\d{4}-\d\d-\d\d\.tar\.gz"$/,
    );
    const data = await unpack(response.rawPayload);

    expect(Object.keys(data).sort()).toEqual(
      [
        "account",
        "ai-logs",
        "discount-codes",
        "gift-cards",
        "orders",
        "payment-channels",
        "products",
        "qr-codes",
        "settings",
        "sms-logs",
        "stores",
      ].sort(),
    );
    expect(data.account).toMatchObject({
      id: seller?.user.id,
      email: seller?.user.email,
      fullName: "Ingrid Seller",
    });
    expect(JSON.stringify(data)).not.toMatch(/passwordHash|\$argon2/);
    expect(data.settings).toMatchObject({ theme: "dark" });
    expect(data.stores).toMatchObject([
      {
        id: store.id,
        name: store.name,
        myRole: "owner",
        members: [{ fullName: "Ingrid Seller", role: "owner" }],
      },
    ]);
    expect(data.products).toMatchObject([{ id: product.id, title: product.title }]);
    expect(data.orders).toMatchObject([
      {
        id: orderId,
        status: "paid",
        buyerEmail: "kunde@example.no",
        items: [{ productId: product.id, qty: 1 }],
        history: [{ toStatus: "pending" }, { toStatus: "paid" }],
      },
    ]);
    expect(data["qr-codes"]).toMatchObject([{ id: qr.json().id }]);
    expect(data["sms-logs"]).toMatchObject([{ orderId, purpose: "order_confirmation" }]);
  });

  it("holds nothing of another seller's", async () => {
    const first = await sellerWithShop();
    const firstOrder = await placeOrder(first.store.id, first.product.id);
    const { agent } = await signUp(t.app);
    const data = await unpack((await agent.get("/api/me/export")).rawPayload);
    const text = JSON.stringify(data);
    for (const id of [first.store.id, first.product.id, firstOrder, first.seller?.user.id ?? ""]) {
      expect(text).not.toContain(id);
    }
    expect(data.stores).toEqual([]);
    expect(data.orders).toEqual([]);
  });

  it("needs a session", async () => {
    const response = await t.app.inject({ url: "/api/me/export" });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toHaveProperty("message");
  });
});

describe("account deletion", () => {
  const remove = (agent: Agent, password: unknown) =>
    agent.request({ method: "DELETE", url: "/api/me", payload: { password } as Record<string, unknown> });

  it("refuses a wrong password with a message, and deletes nothing", async () => {
    const { seller, agent, store } = await sellerWithShop();
    const response = await remove(agent, "not-my-password");
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBeTruthy();
    expect((await remove(agent, "")).statusCode).toBe(400);
    expect((await agent.get("/api/me")).json().user.email).toBe(seller?.user.email);
    expect((await t.app.inject({ url: `/api/stores/slug/${store.slug}` })).statusCode).toBe(200);
  });

  it("is throttled like a password change: past the limit even the right password waits", async () => {
    const { seller, agent } = await sellerWithShop();
    for (let i = 0; i < t.config.loginMaxAttempts; i += 1)
      expect((await remove(agent, "wrong")).statusCode).toBe(400);
    const response = await remove(agent, seller?.password);
    expect(response.statusCode).toBe(429);
    expect(response.json().message).toBeTruthy();
    expect((await agent.get("/api/me")).statusCode).toBe(200);
  });

  it("takes the seller's own shops off the web, keeps their orders, erases the account and ends its sessions", async () => {
    const { seller, agent, store, product } = await sellerWithShop();
    const orderId = await placeOrder(store.id, product.id);
    const qr = await agent.post("/api/qr-codes", { url: "https://example.no/x", storeId: store.id });
    expect(qr.statusCode, qr.body).toBe(201);
    // A shop run together with another owner stays theirs.
    const partner = await signUp(t.app);
    const shared = await createStoreVia(partner.agent);
    await t.database.db
      .insert(storeMembers)
      .values({ storeId: shared.id, userId: seller?.user.id ?? "", role: "owner" });
    const secondSession = new Agent(t.app);
    expect(
      (await secondSession.post("/api/login", { email: seller?.user.email, password: seller?.password }))
        .statusCode,
    ).toBe(200);

    const response = await remove(agent, seller?.password);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ ok: true, deletedStores: 1 });
    expect(response.cookies.find((cookie) => cookie.name === "torg_session")?.value).toBe("");

    // Signed out everywhere, and the old e-mail and password open nothing.
    expect((await agent.get("/api/me")).statusCode).toBe(401);
    expect((await secondSession.get("/api/me")).statusCode).toBe(401);
    const login = await new Agent(t.app).post("/api/login", {
      email: seller?.user.email,
      password: seller?.password,
    });
    expect(login.statusCode).toBe(401);
    // Their shop is gone from the web; the shared one is the partner's still.
    expect((await t.app.inject({ url: `/api/stores/slug/${store.slug}` })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/stores/slug/${shared.slug}` })).statusCode).toBe(200);
    expect((await partner.agent.get(`/api/stores/${shared.id}`)).statusCode).toBe(200);
    // Its QR code no longer sends anyone there.
    expect((await t.app.inject({ url: `/q/${qr.json().code}` })).statusCode).not.toBe(302);

    const db = t.database.db;
    const [row] = await db
      .select()
      .from(users)
      .where(eq(users.id, seller?.user.id ?? ""));
    expect(row).toMatchObject({
      email: `deleted-${seller?.user.id}@deleted.invalid`,
      fullName: "",
      authMeta: {},
    });
    expect(
      await db
        .select()
        .from(userSettings)
        .where(eq(userSettings.userId, seller?.user.id ?? "")),
    ).toEqual([]);
    expect(
      await db
        .select()
        .from(storeMembers)
        .where(eq(storeMembers.userId, seller?.user.id ?? "")),
    ).toEqual([]);
    // The order stays for the books, with its buyer until the retention period ends.
    const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
    expect(order).toMatchObject({ storeId: store.id, buyerEmail: "kunde@example.no" });
    // The address is free for a new account.
    expect((await signUp(t.app, { email: seller?.user.email })).user.email).toBe(seller?.user.email);
  });

  it("needs a session", async () => {
    const response = await t.app.inject({ method: "DELETE", url: "/api/me", payload: { password: "x" } });
    expect(response.statusCode).toBe(401);
  });
});

describe("erasing one shopper", () => {
  it("erases the shopper's details from that store's orders and texts, and says how many orders changed", async () => {
    const { agent, store, product } = await sellerWithShop();
    const first = await placeOrder(store.id, product.id);
    const second = await placeOrder(store.id, product.id, { buyerEmail: "Kunde@Example.no" });
    const someoneElse = await placeOrder(store.id, product.id, {
      buyerEmail: "annen@example.no",
      shipToName: "Ola Annen",
    });
    const otherStore = await createStoreVia(agent);
    const otherProduct = await createProductVia(agent, otherStore.id);
    const elsewhere = await placeOrder(otherStore.id, otherProduct.id);
    await t.app.smsOutbox.drain();

    const response = await agent.post(`/api/stores/${store.id}/erase-shopper`, {
      email: " KUNDE@example.no ",
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ orders: 2 });

    for (const id of [first, second]) {
      const order = (await agent.get(`/api/orders/${id}`)).json();
      expect(order).toMatchObject({ buyerEmail: "", shipToName: "", shipToPhone: "", shipToAddr: null });
      expect(order.items).toHaveLength(1);
    }
    expect((await agent.get(`/api/orders/${someoneElse}`)).json()).toMatchObject({ shipToName: "Ola Annen" });
    expect((await agent.get(`/api/orders/${elsewhere}`)).json()).toMatchObject({
      buyerEmail: "kunde@example.no",
    });
    const texts = await t.database.db
      .select({ orderId: smsLog.orderId, toNumber: smsLog.toNumber, message: smsLog.message })
      .from(smsLog)
      .where(inArray(smsLog.orderId, [first, second, someoneElse]));
    expect(texts.filter((row) => row.orderId !== someoneElse).map((row) => row.toNumber)).toEqual(["", ""]);
    expect(texts.find((row) => row.orderId === someoneElse)?.toNumber).toBe("+4791345678");

    // Nothing left to erase.
    expect(
      (await agent.post(`/api/stores/${store.id}/erase-shopper`, { email: "kunde@example.no" })).json(),
    ).toEqual({
      orders: 0,
    });
  });

  it("refuses an address that is not one, with a message", async () => {
    const { agent, store } = await sellerWithShop();
    const response = await agent.post(`/api/stores/${store.id}/erase-shopper`, { email: "not an address" });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBeTruthy();
  });

  it("is for the store's members only", async () => {
    const { store, product } = await sellerWithShop();
    const orderId = await placeOrder(store.id, product.id);
    const { agent: stranger } = await signUp(t.app);
    const response = await stranger.post(`/api/stores/${store.id}/erase-shopper`, {
      email: "kunde@example.no",
    });
    expect(response.statusCode).toBe(404);
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order?.buyerEmail).toBe("kunde@example.no");
  });
});

describe("gift cards and discount codes (decision 0076)", () => {
  /** A card as the order that bought it would have made it, for this test's store. */
  async function giftCardOf(
    storeId: string,
    orderId: string | null,
    people: Partial<typeof giftCards.$inferInsert>,
  ) {
    const [card] = await t.database.db
      .insert(giftCards)
      .values({
        storeId,
        orderId,
        code: newGiftCardCode(),
        initialAmount: "500.00",
        balance: "320.00",
        expiresAt: new Date(Date.now() + 1_000 * 86_400_000),
        ...people,
      })
      .returning();
    return card as typeof giftCards.$inferSelect;
  }

  it("erasing a shopper erases the people their gift cards name, and the cards stay spendable", async () => {
    const { agent, store, product } = await sellerWithShop();
    const bought = await placeOrder(store.id, product.id);
    const bySomeoneElse = await placeOrder(store.id, product.id, { buyerEmail: "annen@example.no" });
    const theirs = await giftCardOf(store.id, bought, {
      buyerName: "Kari Kunde",
      buyerEmail: "kunde@example.no",
      recipientName: "Per",
      recipientEmail: "per@example.no",
      message: "Gratulerer!",
    });
    const received = await giftCardOf(store.id, bySomeoneElse, {
      buyerName: "Ola Annen",
      buyerEmail: "annen@example.no",
      recipientName: "Kari",
      recipientEmail: "Kunde@example.no",
      message: "Til deg",
    });
    const untouched = await giftCardOf(store.id, bySomeoneElse, { recipientEmail: "tredje@example.no" });
    await t.database.db
      .update(orderItems)
      .set({ giftCard: { recipientName: "Per", recipientEmail: "per@example.no" } })
      .where(eq(orderItems.orderId, bought));

    const response = await agent.post(`/api/stores/${store.id}/erase-shopper`, { email: "kunde@example.no" });
    expect(response.json()).toEqual({ orders: 1 });

    const cards = await t.database.db
      .select()
      .from(giftCards)
      .where(inArray(giftCards.id, [theirs.id, received.id, untouched.id]));
    const byId = new Map(cards.map((card) => [card.id, card]));
    expect(byId.get(theirs.id)).toMatchObject({
      buyerName: null,
      buyerEmail: null,
      recipientName: null,
      recipientEmail: null,
      message: null,
      code: theirs.code,
      balance: "320.00",
      status: "active",
    });
    expect(byId.get(received.id)).toMatchObject({
      recipientName: null,
      recipientEmail: null,
      message: null,
      buyerName: "Ola Annen",
      code: received.code,
    });
    expect(byId.get(untouched.id)?.recipientEmail).toBe("tredje@example.no");
    const [line] = await t.database.db.select().from(orderItems).where(eq(orderItems.orderId, bought));
    expect(line?.giftCard).toEqual({});
  });

  it("the export holds the store's discount codes and its gift cards with their codes masked", async () => {
    const { agent, store } = await sellerWithShop();
    await t.database.db
      .insert(discountCodes)
      .values({ storeId: store.id, code: "JUL25", kind: "percent", value: "25" });
    const card = await giftCardOf(store.id, null, { buyerEmail: "kunde@example.no" });
    const data = await unpack((await agent.get("/api/me/export")).rawPayload);
    expect(data["discount-codes"]).toMatchObject([{ code: "JUL25", kind: "percent", value: "25.00" }]);
    expect(data["gift-cards"]).toMatchObject([
      { id: card.id, code: maskGiftCardCode(card.code), balance: "320.00" },
    ]);
    expect(JSON.stringify(data)).not.toContain(card.code);
  });
});
