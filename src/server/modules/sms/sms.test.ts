import { randomUUID } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { asc, eq } from "drizzle-orm";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { orders, smsLog, smsOutbox } from "../../db/schema";
import { createProductVia, createStoreVia } from "../../test/fixtures";
import { Agent, createTestApp, signUp, type TestApp } from "../../test/harness";
import { orderSmsText } from "./messages";
import { verifyStorePhone } from "./testing";

/** A stand-in SMS gateway: answers each request with the next status in `script` (then 200). */
async function fakeGateway(script: number[]) {
  const received: { to: string; from: string; message: string }[] = [];
  const server = http.createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => {
      body += chunk;
    });
    request.on("end", () => {
      received.push(JSON.parse(body));
      const status = script.shift() ?? 200;
      response
        .writeHead(status, { "content-type": "application/json" })
        .end(JSON.stringify({ ok: status === 200 }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/sms`,
    received,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

const apps: TestApp[] = [];
afterEach(async () => {
  for (const t of apps.splice(0)) await t.close();
});
afterAll(async () => {
  for (const t of apps.splice(0)) await t.close();
});

async function appWith(env: Record<string, string>) {
  const t = await createTestApp({ SMS_RETRY_BASE_MS: "10", SMS_MAX_ATTEMPTS: "3", ...env });
  apps.push(t);
  return t;
}

interface OrderOptions {
  sellerSms?: boolean;
  /** Prove the store's phone with a texted code before the order. */
  verifyPhone?: boolean;
  storeName?: string;
  locale?: string;
  shipToName?: string;
  shipToPhone?: string;
  headers?: Record<string, string>;
}

async function shopIn(t: TestApp, options: OrderOptions = {}) {
  const { agent } = await signUp(t.app);
  // The URL is chosen apart from the name: it is the one piece of the store's own words a buyer's text carries.
  const store = await createStoreVia(
    agent,
    options.storeName ?? "Glass og Glede",
    `glass-${randomUUID().slice(0, 8)}`,
  );
  await agent.put(`/api/stores/${store.id}`, {
    phone: "+47 900 00 001",
    defaultLocale: options.locale ?? "en",
  });
  if (options.sellerSms) await agent.put("/api/settings", { smsNotifications: true });
  if (options.verifyPhone) await verifyStorePhone(t, agent, store.id);
  const product = await createProductVia(agent, store.id, { title: "Vase", basePrice: "890" });
  return { agent, store, product };
}

async function placeIn(
  t: TestApp,
  shop: Awaited<ReturnType<typeof shopIn>>,
  options: Pick<OrderOptions, "shipToName" | "shipToPhone" | "headers"> = {},
) {
  const response = await new Agent(t.app).request({
    method: "POST",
    url: "/api/orders",
    headers: options.headers,
    payload: {
      storeId: shop.store.id,
      buyerEmail: "kunde@example.no",
      shipToName: options.shipToName ?? "Nora Kunde",
      shipToPhone: options.shipToPhone ?? "912 34 567",
      items: [{ productId: shop.product.id, qty: 1 }],
    },
  });
  expect(response.statusCode).toBe(201);
  return response.json() as { id: string };
}

async function orderIn(t: TestApp, options: OrderOptions = {}) {
  return placeIn(t, await shopIn(t, options), options);
}

const logsOf = (t: TestApp, orderId: string) =>
  t.database.db.select().from(smsLog).where(eq(smsLog.orderId, orderId)).orderBy(asc(smsLog.purpose));

/** Runs the worker until nothing is due, waiting out the (10 ms) backoffs in between. */
async function drainWithRetries(t: TestApp, rounds = 20) {
  for (let round = 0; round < rounds; round++) {
    await t.app.smsOutbox.drain();
    const [pending] = await t.database.db.select().from(smsOutbox).where(eq(smsOutbox.status, "pending"));
    if (!pending) return;
    await new Promise((resolve) => setTimeout(resolve, 30));
  }
}

describe("order SMS", () => {
  it("logs the buyer's confirmation with the default provider, and the seller's when they opted in and verified the phone", async () => {
    const t = await appWith({});
    const order = await orderIn(t, { sellerSms: true, verifyPhone: true });
    await t.app.smsOutbox.drain();
    const logs = await logsOf(t, order.id);
    expect(logs.map((log) => [log.purpose, log.status, log.toNumber])).toEqual([
      ["order_confirmation", "logged", "+4791234567"],
      ["seller_new_order", "logged", "+4790000001"],
    ]);
    // The seller's own verified phone hears the store, the total and what to pack, but not what the buyer wrote.
    expect(logs[1]?.message).toBe(
      `Torg: new order ${order.id.slice(0, 8)} at Glass og Glede, 890 kr: 1 x Vase. See it in Torg.`,
    );
  });

  it("does not text the seller who has SMS notifications off", async () => {
    const t = await appWith({});
    const order = await orderIn(t);
    await t.app.smsOutbox.drain();
    const logs = await t.database.db.select().from(smsLog).where(eq(smsLog.orderId, order.id));
    expect(logs.map((log) => log.purpose)).toEqual(["order_confirmation"]);
  });

  it("retries a failing gateway: two failures, then one sent message; the order was saved at once", async () => {
    const gateway = await fakeGateway([500, 503]);
    try {
      const t = await appWith({ SMS_PROVIDER: "http", SMS_HTTP_URL: gateway.url });
      const order = await orderIn(t);
      const [saved] = await t.database.db.select().from(orders).where(eq(orders.id, order.id));
      expect(saved?.status).toBe("pending");
      await drainWithRetries(t);
      const logs = await t.database.db
        .select()
        .from(smsLog)
        .where(eq(smsLog.orderId, order.id))
        .orderBy(asc(smsLog.attempt));
      expect(logs.map((log) => [log.attempt, log.status])).toEqual([
        [1, "failed"],
        [2, "failed"],
        [3, "sent"],
      ]);
      expect(logs[0]?.error).toContain("500");
      expect(gateway.received).toHaveLength(3);
      expect(gateway.received[2]).toMatchObject({ to: "+4791234567", from: "Torg" });
    } finally {
      await gateway.close();
    }
  });

  it("with the gateway down for good, the order stays and every failure is recorded", async () => {
    const t = await appWith({ SMS_PROVIDER: "http", SMS_HTTP_URL: "http://127.0.0.1:9/unreachable" });
    const order = await orderIn(t);
    await drainWithRetries(t);
    const [saved] = await t.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(saved).toBeDefined();
    const logs = await t.database.db.select().from(smsLog).where(eq(smsLog.orderId, order.id));
    expect(logs).toHaveLength(3);
    expect(logs.every((log) => log.status === "failed" && log.error)).toBe(true);
    const [outbox] = await t.database.db.select().from(smsOutbox).where(eq(smsOutbox.orderId, order.id));
    expect(outbox).toMatchObject({ status: "failed", attempts: 3 });
  });
});

describe("the seller's new-order text names what was ordered", () => {
  it("each line with its quantity and variant, read from the order's items when sent; the buyer's names none", async () => {
    const t = await appWith({});
    const shop = await shopIn(t, { sellerSms: true, verifyPhone: true });
    const sweater = await createProductVia(shop.agent, shop.store.id, { title: "Genser", basePrice: "399" });
    const sizes = await shop.agent.put(`/api/products/${sweater.id}/variants`, {
      options: [{ name: "Size", values: ["S", "M"] }],
      variants: [
        { values: ["S"], stockQty: 2 },
        { values: ["M"], stockQty: 1 },
      ],
    });
    const m = (sizes.json().variants as { id: string; label: string }[]).find((v) => v.label === "Size: M");
    const response = await new Agent(t.app).post("/api/orders", {
      storeId: shop.store.id,
      buyerEmail: "kunde@example.no",
      shipToName: "Nora Kunde",
      shipToPhone: "912 34 567",
      items: [
        { productId: shop.product.id, qty: 2 },
        { productId: sweater.id, variantId: m?.id, qty: 1 },
      ],
    });
    expect(response.statusCode).toBe(201);
    const order = response.json() as { id: string };
    await t.app.smsOutbox.drain();
    const [buyer, seller] = await logsOf(t, order.id);
    expect(seller?.message).toBe(
      `Torg: new order ${order.id.slice(0, 8)} at Glass og Glede, 2,179 kr: 1 x Genser (Size: M), 2 x Vase. See it in Torg.`,
    );
    expect(buyer?.message).not.toMatch(/Genser|Vase|Size/);
  });

  const context = {
    orderId: "1234abcd-0000-4000-8000-000000000000",
    totalGross: "1990.00",
    storeId: "s",
    storeName: "Leirverket",
    storeSlug: "leirverket",
    toVerifiedStorePhone: true,
    deliveryName: null,
    deliveryKind: null,
  };
  const lines = (count: number) =>
    Array.from({ length: count }, (_, n) => ({ title: `Krus ${n + 1}`, variantLabel: null, qty: 1 }));

  it.each([
    ["en", "1,990 kr: 1 x Krus 1, 1 x Krus 2, 1 x Krus 3 + 2 more. See it in Torg."],
    ["nb", "1 990 kr: 1 x Krus 1, 1 x Krus 2, 1 x Krus 3 + 2 til. Se den i Torg."],
    ["sv", "1 990 kr: 1 x Krus 1, 1 x Krus 2, 1 x Krus 3 + 2 till. Se den i Torg."],
    ["da", "1.990 kr: 1 x Krus 1, 1 x Krus 2, 1 x Krus 3 + 2 mere. Se den i Torg."],
  ])("names three lines at most, then how many more (%s)", (storeLocale, end) => {
    const text = orderSmsText("seller_new_order", { ...context, storeLocale, items: lines(5) }, null);
    expect(text.replace(/\s/g, " ")).toMatch(new RegExp(`${end.replace(/[.+()]/g, "\\$&")}$`));
    expect(orderSmsText("seller_new_order", { ...context, storeLocale, items: lines(3) }, null)).not.toMatch(
      /\+/,
    );
  });

  it('cuts a long title or variant short, with "..." ("…" is not in the GSM alphabet)', () => {
    const text = orderSmsText(
      "seller_new_order",
      {
        ...context,
        storeLocale: "en",
        items: [
          {
            title: "Stor håndlaget krus i steintøy med askeglasur fra Lofoten, brent i vedovn",
            variantLabel: "Størrelse: Ekstra stor / Farge: Havblå med hvite prikker",
            qty: 3,
          },
        ],
      },
      null,
    );
    expect(text).toBe(
      "Torg: new order 1234abcd at Leirverket, 1,990 kr: 3 x Stor håndlaget krus i steintøy med... (Størrelse: Ekstra stor / Farge:...). See it in Torg.",
    );
  });
});

describe("the buyer's confirmation goes to any number a shopper types, so it carries no free text", () => {
  const lure = "Vipps: kontoen er sperret, ring 820 12 345";

  it("is the order number and a link to the shop on PUBLIC_URL, in the store's language, without the store's or buyer's words", async () => {
    const t = await appWith({ PUBLIC_URL: "https://torg.example" });
    const shop = await shopIn(t, { storeName: lure, locale: "nb" });
    const order = await placeIn(t, shop, { shipToName: lure });
    await t.app.smsOutbox.drain();
    const [confirmation] = await logsOf(t, order.id);
    expect(confirmation?.message).toBe(
      `Torg: vi har mottatt bestillingen din ${order.id.slice(0, 8)}. Butikken: https://torg.example/s/${shop.store.slug}`,
    );
    expect(confirmation?.message).not.toMatch(/Vipps|sperret|820 12 345/);
  });

  it.each([
    ["en", "Torg: we have received your order"],
    ["sv", "Torg: vi har tagit emot din beställning"],
    ["da", "Torg: vi har modtaget din bestilling"],
  ])("speaks the store's language (%s)", async (locale, start) => {
    const t = await appWith({ PUBLIC_URL: "https://torg.example" });
    const shop = await shopIn(t, { locale });
    const order = await placeIn(t, shop);
    await t.app.smsOutbox.drain();
    const [confirmation] = await logsOf(t, order.id);
    expect(confirmation?.message).toMatch(
      new RegExp(`^${start} ${order.id.slice(0, 8)}\\. .*: https://torg\\.example/s/${shop.store.slug}$`),
    );
  });

  it("without PUBLIC_URL the log provider links to the address the order came to", async () => {
    // A host the site answers to (any other Host is refused before an order is placed).
    const t = await appWith({ ALLOWED_HOSTS: "shop.torg.test" });
    const shop = await shopIn(t);
    const order = await placeIn(t, shop, { headers: { host: "shop.torg.test" } });
    await t.app.smsOutbox.drain();
    const [confirmation] = await logsOf(t, order.id);
    expect(confirmation?.message).toBe(
      `Torg: we have received your order ${order.id.slice(0, 8)}. The shop: http://shop.torg.test/s/${shop.store.slug}`,
    );
  });

  it("a real gateway without PUBLIC_URL sends no link: a Host header is whatever the client wrote", async () => {
    const gateway = await fakeGateway([]);
    try {
      // A host the site answers to (any other is refused before an order is placed, decision 0080).
      const t = await appWith({
        SMS_PROVIDER: "http",
        SMS_HTTP_URL: gateway.url,
        ALLOWED_HOSTS: "torg-login.example",
      });
      const order = await orderIn(t, { headers: { host: "torg-login.example" } });
      await t.app.smsOutbox.drain();
      expect(gateway.received.map((message) => message.message)).toEqual([
        `Torg: we have received your order ${order.id.slice(0, 8)}.`,
      ]);
    } finally {
      await gateway.close();
    }
  });
});

describe("the store's phone gets orders' texts only once the seller verified it", () => {
  it("an unverified store phone gets no new-order text, even with SMS notifications on", async () => {
    const t = await appWith({});
    const order = await orderIn(t, { sellerSms: true });
    await t.app.smsOutbox.drain();
    expect((await logsOf(t, order.id)).map((log) => log.purpose)).toEqual(["order_confirmation"]);
  });

  it("a changed phone loses its verification and its texts", async () => {
    const t = await appWith({});
    const shop = await shopIn(t, { sellerSms: true, verifyPhone: true });
    const changed = await shop.agent.put(`/api/stores/${shop.store.id}`, { phone: "+47 900 00 002" });
    expect(changed.json()).toMatchObject({ phone: "+4790000002", phoneVerified: false });
    const order = await placeIn(t, shop);
    await t.app.smsOutbox.drain();
    expect((await logsOf(t, order.id)).map((log) => log.purpose)).toEqual(["order_confirmation"]);
  });

  it("a new-order text queued before the phone changed is not sent to the new number", async () => {
    const t = await appWith({});
    const shop = await shopIn(t, { sellerSms: true, verifyPhone: true });
    const order = await placeIn(t, shop);
    await shop.agent.put(`/api/stores/${shop.store.id}`, { phone: "+47 900 00 002" });
    await t.app.smsOutbox.drain();
    const logs = await logsOf(t, order.id);
    expect(logs.map((log) => [log.purpose, log.status])).toEqual([
      ["order_confirmation", "logged"],
      ["seller_new_order", "refused"],
    ]);
    expect(logs[1]?.error).toContain("not verified");
  });
});

describe("hourly limits per number and per store", () => {
  // One pass sends its batch in parallel, so which text is the one over the limit is not fixed.
  it("a number over its hourly limit gets no more texts; the orders are all placed, and the log says why", async () => {
    const t = await appWith({ SMS_PER_NUMBER_PER_HOUR: "2" });
    const shop = await shopIn(t);
    const placed = [await placeIn(t, shop), await placeIn(t, shop), await placeIn(t, shop)];
    await t.app.smsOutbox.drain();
    const saved = await t.database.db.select().from(orders).where(eq(orders.storeId, shop.store.id));
    expect(saved).toHaveLength(3);
    const logs = [];
    for (const order of placed) logs.push(...(await logsOf(t, order.id)));
    expect(logs.map((log) => log.status).sort()).toEqual(["logged", "logged", "rate_limited"]);
    const limited = logs.find((log) => log.status === "rate_limited");
    expect(limited?.error).toBe("Not sent: over 2 texts to this number per hour");
    const held = await t.database.db.select().from(smsOutbox).where(eq(smsOutbox.status, "rate_limited"));
    expect(held.map((row) => row.orderId)).toEqual([limited?.orderId]);
  });

  it("a store over its hourly limit causes no more texts, whoever the numbers belong to", async () => {
    const t = await appWith({ SMS_PER_STORE_PER_HOUR: "2" });
    const shop = await shopIn(t);
    const placed = [];
    for (const phone of ["912 34 567", "912 34 568", "912 34 569"]) {
      placed.push(await placeIn(t, shop, { shipToPhone: phone }));
    }
    await t.app.smsOutbox.drain();
    const logs = [];
    for (const order of placed) logs.push(...(await logsOf(t, order.id)));
    expect(logs.map((log) => log.status).sort()).toEqual(["logged", "logged", "rate_limited"]);
    expect(logs.find((log) => log.status === "rate_limited")?.error).toBe(
      "Not sent: over 2 texts for this store per hour",
    );
  });

  it("retries of one text count once", async () => {
    const gateway = await fakeGateway([500, 500]);
    try {
      const t = await appWith({
        SMS_PROVIDER: "http",
        SMS_HTTP_URL: gateway.url,
        SMS_PER_NUMBER_PER_HOUR: "1",
      });
      const order = await orderIn(t);
      await drainWithRetries(t);
      expect((await logsOf(t, order.id)).map((log) => log.status)).toEqual(["failed", "failed", "sent"]);
    } finally {
      await gateway.close();
    }
  });
});

describe("numbers Torg does not text", () => {
  it("a queued text to a premium-rate or foreign number is refused when sent, not delivered", async () => {
    const t = await appWith({});
    const order = await orderIn(t);
    await t.app.smsOutbox.drain();
    const [queued] = await t.database.db.select().from(smsOutbox).where(eq(smsOutbox.orderId, order.id));
    await t.database.db.insert(smsOutbox).values([
      {
        orderId: order.id,
        storeId: queued?.storeId,
        toNumber: "+998901234567",
        purpose: "order_confirmation",
      },
      { orderId: order.id, storeId: queued?.storeId, toNumber: "+4782012345", purpose: "order_confirmation" },
    ]);
    await t.app.smsOutbox.drain();
    const refused = (await logsOf(t, order.id)).filter((log) => log.status === "refused");
    expect(refused.map((log) => [log.toNumber, log.error])).toEqual(
      expect.arrayContaining([
        ["+998901234567", "Not sent: a number in UZ, which Torg does not text"],
        ["+4782012345", "Not sent: a premium-rate or service number"],
      ]),
    );
  });
});
