import { randomUUID } from "node:crypto";
import { Writable } from "node:stream";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders, products } from "../../db/schema";
import { createProductVia, createStoreVia } from "../../test/fixtures";
import { Agent, createTestApp, signUp, type TestApp } from "../../test/harness";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let validationShop: Awaited<ReturnType<typeof sellerWithProducts>> | undefined;
const shopper = { buyerEmail: "kunde@example.no", shipToName: "Nora Kunde", shipToPhone: "+47 912 34 567" };

async function sellerWithProducts() {
  const seller = await signUp(t.app);
  const store = await createStoreVia(seller.agent);
  const mug = await createProductVia(seller.agent, store.id, { title: "Mug", basePrice: "349" });
  const bowl = await createProductVia(seller.agent, store.id, { title: "Bowl", basePrice: "199" });
  // A price with øre (quick-create takes them; Add product does not), to check orders sum them exactly.
  await t.database.db.update(products).set({ basePrice: "199.50" }).where(eq(products.id, bowl.id));
  return { ...seller, store, mug, bowl };
}

let shoppers = 0;
/** Each call is another shopper on their own network address, as on the real internet. */
const shopperAddress = () => `10.0.${Math.floor(++shoppers / 250)}.${(shoppers % 250) + 1}`;

async function placeOrder(
  storeId: string,
  items: { productId: string; qty: number }[],
  key?: string,
  app = t.app,
  remoteAddress = shopperAddress(),
) {
  return new Agent(app).request({
    method: "POST",
    url: "/api/orders",
    remoteAddress,
    headers: key ? { "idempotency-key": key } : {},
    payload: { storeId, ...shopper, shipToAddr: { address: "Storgata 1, 0155 Oslo" }, items },
  });
}

describe("POST /api/orders (public)", () => {
  it("computes prices and the total on the server, whatever the client sends", async () => {
    const { store, mug, bowl } = await sellerWithProducts();
    const response = await new Agent(t.app).post("/api/orders", {
      storeId: store.id,
      ...shopper,
      totalGross: "1.00",
      items: [
        { productId: mug.id, qty: 2, unitPrice: "0.01" },
        { productId: bowl.id, qty: 1, price: 0 },
        { productId: mug.id, qty: 1 },
      ],
    });
    expect(response.statusCode).toBe(201);
    const order = response.json();
    expect(order).toMatchObject({
      status: "pending",
      totalGross: "1246.50",
      currencyCode: "NOK",
      storeName: store.name,
    });
    expect(order.items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ title: "Mug", unitPrice: "349.00", qty: 3 }),
        expect.objectContaining({ title: "Bowl", unitPrice: "199.50", qty: 1 }),
      ]),
    );
  });

  it("returns the first order for a repeated Idempotency-Key and refuses the key for another order", async () => {
    const { store, mug } = await sellerWithProducts();
    const key = randomUUID();
    const first = await placeOrder(store.id, [{ productId: mug.id, qty: 1 }], key);
    const again = await placeOrder(store.id, [{ productId: mug.id, qty: 1 }], key);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(first.json().id);
    const [count] = await t.database.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(orders)
      .where(sql`${orders.idempotencyKey} = ${key}`);
    expect(count?.n).toBe(1);
    const different = await placeOrder(store.id, [{ productId: mug.id, qty: 5 }], key);
    expect(different.statusCode).toBe(409);
  });

  it("answers the shopper with their own order page at an unguessable address, the same on a replay", async () => {
    const { store, mug } = await sellerWithProducts();
    const key = randomUUID();
    const first = (await placeOrder(store.id, [{ productId: mug.id, qty: 1 }], key)).json();
    const again = (await placeOrder(store.id, [{ productId: mug.id, qty: 1 }], key)).json();
    const other = (await placeOrder(store.id, [{ productId: mug.id, qty: 1 }])).json();
    const page = new URL(first.publicUrl);
    expect(page.pathname).toMatch(new RegExp(`^/s/${store.slug}/order/[0-9a-f]{64}$`));
    expect(again.publicUrl).toBe(first.publicUrl);
    expect(other.publicUrl).not.toBe(first.publicUrl);
    const [stored] = await t.database.db
      .select({ token: orders.publicToken })
      .from(orders)
      .where(eq(orders.id, first.id));
    expect(page.pathname.endsWith(`/${stored?.token}`)).toBe(true);
  });

  it("refuses an empty cart, inactive products and products of another store", async () => {
    const { agent, store, mug } = await sellerWithProducts();
    const other = await sellerWithProducts();
    const empty = await placeOrder(store.id, []);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe("Cannot place order");
    const foreign = await placeOrder(store.id, [{ productId: other.mug.id, qty: 1 }]);
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toMatchObject({
      message: "Mug is not sold by this store",
      productId: other.mug.id,
    });
    await agent.put(`/api/products/${mug.id}`, { isActive: false });
    const inactive = await placeOrder(store.id, [{ productId: mug.id, qty: 1 }]);
    expect(inactive.json()).toMatchObject({ message: "Mug is no longer available" });
    const tooMany = await placeOrder(store.id, [{ productId: mug.id, qty: 1000 }]);
    expect(tooMany.statusCode).toBe(400);
  });

  it.each([
    [{ shipToName: "N" }, "Name must be at least 2 characters"],
    [{ shipToName: "  " }, "Name is required"],
    [{ buyerEmail: "nope" }, "Valid email is required"],
    [{ shipToPhone: "" }, "Phone number is required"],
    [
      { shipToPhone: "123" },
      "This phone number is too short. Enter the whole number, with the country code if it is not Norwegian.",
    ],
    [{ shipToPhone: "00000000" }, "Enter a valid phone number, for example +47 912 34 567"],
    [{ shipToPhone: "12345678x" }, "Enter a valid phone number, for example +47 912 34 567"],
  ])("validates checkout %o with %s", async (override, message) => {
    // One store for every case: a sign-up each would run into the sign-up limit.
    validationShop ??= await sellerWithProducts();
    const { store, mug } = validationShop;
    const response = await new Agent(t.app).post("/api/orders", {
      storeId: store.id,
      ...shopper,
      ...override,
      items: [{ productId: mug.id, qty: 1 }],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
    // One message per field: the first thing wrong with it, not "required" and "too short" at once.
    expect(response.json().issues).toEqual([{ path: Object.keys(override)[0], message }]);
  });
});

describe("orders under concurrency", () => {
  it("50 concurrent orders make exactly 50 orders with correct totals", async () => {
    const { store, mug, bowl } = await sellerWithProducts();
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, n) =>
        placeOrder(store.id, [
          { productId: mug.id, qty: (n % 3) + 1 },
          { productId: bowl.id, qty: 1 },
        ]),
      ),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(Array(50).fill(201));
    const rows = await t.database.db.select().from(orders).where(sql`${orders.storeId} = ${store.id}`);
    expect(rows).toHaveLength(50);
    for (const [n, response] of responses.entries()) {
      const expected = (349 * ((n % 3) + 1) + 199.5).toFixed(2);
      expect(response.json().totalGross).toBe(expected);
      expect(rows.find((row) => row.id === response.json().id)?.totalGross).toBe(expected);
    }
  });

  it("the same Idempotency-Key sent 10 times at once makes one order", async () => {
    const { store, mug } = await sellerWithProducts();
    const key = randomUUID();
    const responses = await Promise.all(
      Array.from({ length: 10 }, () => placeOrder(store.id, [{ productId: mug.id, qty: 1 }], key)),
    );
    const ids = new Set(responses.map((r) => r.json().id));
    expect(ids.size).toBe(1);
    expect(responses.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(responses.filter((r) => r.statusCode === 200)).toHaveLength(9);
  });
});

describe("orders per network address", () => {
  it("refuses the order over the hourly limit with a message and Retry-After, and saves nothing for it", async () => {
    const limited = await createTestApp({ ORDERS_PER_IP_PER_HOUR: "3" });
    try {
      const seller = await signUp(limited.app);
      const store = await createStoreVia(seller.agent);
      const mug = await createProductVia(seller.agent, store.id, { title: "Mug", basePrice: "349" });
      const items = [{ productId: mug.id, qty: 1 }];
      for (let n = 0; n < 3; n++) {
        expect((await placeOrder(store.id, items, undefined, limited.app, "203.0.113.7")).statusCode).toBe(
          201,
        );
      }
      const refused = await placeOrder(store.id, items, undefined, limited.app, "203.0.113.7");
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({
        message: "Too many orders from your network. Please try again in 60 minutes.",
      });
      expect(Number(refused.headers["retry-after"])).toBeGreaterThan(3500);
      // Another address orders as usual; the refused one left no order behind.
      expect((await placeOrder(store.id, items, undefined, limited.app, "203.0.113.8")).statusCode).toBe(201);
      const [row] = await limited.database.db
        .select({ count: sql<number>`count(*)::int` })
        .from(orders)
        .where(sql`${orders.storeId} = ${store.id}`);
      expect(row?.count).toBe(4);
    } finally {
      await limited.close();
    }
  });

  it("tells the operator to trust the proxy when a private address reaches the limit", async () => {
    const lines: string[] = [];
    const log = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const limited = await createTestApp({ ORDERS_PER_IP_PER_HOUR: "1" }, { level: "warn", stream: log });
    try {
      const seller = await signUp(limited.app);
      const store = await createStoreVia(seller.agent);
      const mug = await createProductVia(seller.agent, store.id, { title: "Mug", basePrice: "349" });
      const items = [{ productId: mug.id, qty: 1 }];
      const addresses = ["198.51.100.4", "10.0.0.2", "::ffff:127.0.0.1"];
      for (const address of [...addresses, ...addresses]) {
        await placeOrder(store.id, items, undefined, limited.app, address);
      }
      // Each address's second order is refused. A public address over the limit is a shopper (or a
      // script); a private or loopback one is probably a proxy Torg was not told to trust.
      const warned = lines
        .filter((line) => line.includes("TRUST_PROXY"))
        .map((line) => (JSON.parse(line) as { ip: string }).ip);
      expect(warned).toEqual(["10.0.0.2", "::ffff:127.0.0.1"]);
    } finally {
      await limited.close();
    }
  });
});

describe("seller order routes", () => {
  it("lists orders per store and status, opens one with history, and changes the status", async () => {
    const { agent, user, store, mug } = await sellerWithProducts();
    const placed = (await placeOrder(store.id, [{ productId: mug.id, qty: 2 }])).json();

    const all = (await agent.get("/api/orders")).json();
    expect(all.map((o: { id: string }) => o.id)).toEqual([placed.id]);
    expect((await agent.get("/api/orders/recent")).json()).toHaveLength(1);
    expect((await agent.get(`/api/stores/${store.id}/orders`)).json()).toHaveLength(1);
    expect((await agent.get(`/api/orders?storeId=${store.id}&status=pending`)).json()).toHaveLength(1);
    expect((await agent.get("/api/orders?status=paid")).json()).toEqual([]);

    const changed = await agent.patch(`/api/orders/${placed.id}/status`, { status: "paid" });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().status).toBe("paid");
    const same = await agent.patch(`/api/orders/${placed.id}/status`, { status: "paid" });
    expect(same.statusCode).toBe(409);
    expect(same.json().message).toBe("Status is already set to paid");
    const bad = await agent.patch(`/api/orders/${placed.id}/status`, { status: "shipped" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe("Status must be pending, paid, fulfilled or cancelled");

    const detail = (await agent.get(`/api/orders/${placed.id}`)).json();
    expect(detail.items).toEqual([expect.objectContaining({ title: "Mug", unitPrice: "349.00", qty: 2 })]);
    expect(detail.history).toEqual([
      expect.objectContaining({ fromStatus: null, toStatus: "pending", changedBy: null }),
      expect.objectContaining({
        fromStatus: "pending",
        toStatus: "paid",
        changedBy: { id: user.id, fullName: user.fullName },
      }),
    ]);
  });

  it("pages the lists on the server and counts the whole filtered list in X-Total-Count", async () => {
    const { agent, store, mug } = await sellerWithProducts();
    const second = await createStoreVia(agent);
    const cup = await createProductVia(agent, second.id, { title: "Cup", basePrice: "99" });
    const placed = [];
    for (let i = 0; i < 5; i++)
      placed.push((await placeOrder(store.id, [{ productId: mug.id, qty: 1 }])).json());
    for (let i = 0; i < 2; i++) await placeOrder(second.id, [{ productId: cup.id, qty: 1 }]);
    for (const order of placed.slice(0, 3))
      await agent.patch(`/api/orders/${order.id}/status`, { status: "paid" });
    const ids = (response: { json(): { id: string }[] }) => response.json().map((order) => order.id);
    const newestFirst = placed.map((order) => order.id).reverse();

    const firstPage = await agent.get(`/api/stores/${store.id}/orders?limit=2&offset=0`);
    expect(firstPage.headers["x-total-count"]).toBe("5");
    expect(ids(firstPage)).toEqual(newestFirst.slice(0, 2));
    const lastPage = await agent.get(`/api/stores/${store.id}/orders?limit=2&offset=4`);
    expect(lastPage.headers["x-total-count"]).toBe("5");
    expect(ids(lastPage)).toEqual(newestFirst.slice(4));
    const pastTheEnd = await agent.get(`/api/stores/${store.id}/orders?limit=2&offset=10`);
    expect(pastTheEnd.json()).toEqual([]);
    expect(pastTheEnd.headers["x-total-count"]).toBe("5");

    const all = await agent.get("/api/orders?limit=3");
    expect(all.headers["x-total-count"]).toBe("7");
    expect(all.json()).toHaveLength(3);
    const paid = await agent.get(`/api/orders?storeId=${store.id}&status=paid&limit=2&offset=2`);
    expect(paid.headers["x-total-count"]).toBe("3");
    expect(ids(paid)).toEqual([placed[0].id]);
    const storePending = await agent.get(`/api/stores/${store.id}/orders?status=pending`);
    expect(storePending.headers["x-total-count"]).toBe("2");
    expect(storePending.json()).toHaveLength(2);
    const otherStore = await agent.get(`/api/orders?storeId=${second.id}`);
    expect(otherStore.headers["x-total-count"]).toBe("2");
    const none = await agent.get("/api/orders?status=cancelled");
    expect(none.headers["x-total-count"]).toBe("0");
    expect(none.json()).toEqual([]);
  });

  it("refuses a page out of range with a 400 and its message", async () => {
    const { agent, store } = await sellerWithProducts();
    for (const query of ["limit=0", "limit=201", "limit=abc", "offset=-1", "offset=1.5", "offset=1000001"]) {
      const response = await agent.get(`/api/stores/${store.id}/orders?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().message, query).toEqual(expect.any(String));
      expect(response.headers["x-total-count"], query).toBeUndefined();
    }
    const badStatus = await agent.get("/api/orders?status=shipped");
    expect(badStatus.statusCode).toBe(400);
  });

  it("keeps item snapshots when the product is deleted", async () => {
    const { agent, store, mug } = await sellerWithProducts();
    const placed = (await placeOrder(store.id, [{ productId: mug.id, qty: 1 }])).json();
    await agent.delete(`/api/products/${mug.id}`);
    const detail = (await agent.get(`/api/orders/${placed.id}`)).json();
    expect(detail.items[0]).toMatchObject({ title: "Mug", unitPrice: "349.00", productId: null });
  });

  it("another seller sees none of it (404), anonymous gets 401", async () => {
    const { store, mug } = await sellerWithProducts();
    const placed = (await placeOrder(store.id, [{ productId: mug.id, qty: 1 }])).json();
    const { agent: other } = await signUp(t.app);
    expect((await other.get(`/api/orders/${placed.id}`)).statusCode).toBe(404);
    expect((await other.patch(`/api/orders/${placed.id}/status`, { status: "paid" })).statusCode).toBe(404);
    expect((await other.get(`/api/stores/${store.id}/orders`)).statusCode).toBe(404);
    const named = await other.get(`/api/orders?storeId=${store.id}`);
    expect(named.statusCode).toBe(404);
    // Not even the size of another seller's list.
    expect(named.headers["x-total-count"]).toBeUndefined();
    const own = await other.get("/api/orders");
    expect(own.json()).toEqual([]);
    expect(own.headers["x-total-count"]).toBe("0");
    const anonymous = new Agent(t.app);
    expect((await anonymous.get("/api/orders")).statusCode).toBe(401);
    expect((await anonymous.get(`/api/orders/${placed.id}`)).statusCode).toBe(401);
    expect((await anonymous.patch(`/api/orders/${placed.id}/status`, { status: "paid" })).statusCode).toBe(
      401,
    );
  });
});

describe("dashboard and notifications", () => {
  it("summarises stores, the orders that need the seller and this month's paid revenue; lists them", async () => {
    const { agent, store, mug, bowl } = await sellerWithProducts();
    const empty = (await agent.get("/api/dashboard/summary")).json();
    expect(empty).toMatchObject({ activeStores: 1, newOrders: 0, monthRevenue: "0.00" });

    const paid = (await placeOrder(store.id, [{ productId: mug.id, qty: 2 }])).json();
    const fulfilled = (await placeOrder(store.id, [{ productId: bowl.id, qty: 1 }])).json();
    const cancelled = (await placeOrder(store.id, [{ productId: mug.id, qty: 5 }])).json();
    await placeOrder(store.id, [{ productId: bowl.id, qty: 3 }]);
    await agent.patch(`/api/orders/${paid.id}/status`, { status: "paid" });
    await agent.patch(`/api/orders/${fulfilled.id}/status`, { status: "fulfilled" });
    await agent.patch(`/api/orders/${cancelled.id}/status`, { status: "cancelled" });
    // An order paid last month does not count this month.
    const old = (await placeOrder(store.id, [{ productId: mug.id, qty: 1 }])).json();
    await agent.patch(`/api/orders/${old.id}/status`, { status: "paid" });
    await t.database.db.execute(
      sql`update orders set placed_at = now() - interval '45 days' where id = ${old.id}`,
    );

    // Needing the seller (decision 0061): the paid one, the one placed (no online payment) and last
    // month's paid one, never sent; not the fulfilled nor the cancelled one.
    const summary = (await agent.get("/api/dashboard/summary")).json();
    expect(summary).toEqual({ activeStores: 1, newOrders: 3, monthRevenue: "897.50" });

    const notifications = (await agent.get("/api/notifications")).json();
    expect(notifications.unseenCount).toBe(3);
    expect(notifications.items).toHaveLength(3);
    await agent.post("/api/notifications/seen");
    expect((await agent.get("/api/notifications")).json().unseenCount).toBe(0);
    expect((await new Agent(t.app).get("/api/notifications")).statusCode).toBe(401);
    expect((await new Agent(t.app).get("/api/dashboard/summary")).statusCode).toBe(401);
  });
});
