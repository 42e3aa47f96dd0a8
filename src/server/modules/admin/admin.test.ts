import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { aiLogs } from "../../db/schema";
import { createProductVia, createStoreVia } from "../../test/fixtures";
import { Agent, createTestApp, signUp, signUpAdmin, type TestApp } from "../../test/harness";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: "https://torg.example.no" });
});
afterAll(() => t.close());

const LISTS = ["stores", "products", "orders", "ai-logs", "qr-codes"] as const;
type List = (typeof LISTS)[number];
type Page = { items: { id: string }[]; total: number };

const shopper = { buyerEmail: "kunde@example.no", shipToName: "Nora Kunde", shipToPhone: "+47 912 34 567" };

async function placeOrder(storeId: string, productId: string) {
  const response = await new Agent(t.app).post("/api/orders", {
    storeId,
    ...shopper,
    shipToAddr: { address: "Storgata 1, 0155 Oslo" },
    items: [{ productId, qty: 1 }],
  });
  if (response.statusCode !== 201) throw new Error(`order failed: ${response.body}`);
  return response.json() as { id: string };
}

async function logAnalysis(userId: string, storeId: string | null) {
  const [log] = await t.database.db
    .insert(aiLogs)
    .values({
      endpoint: "/api/products/analyze",
      prompt: "Describe the product in the photo",
      response: '{"title":"Handmade cup"}',
      responseStatus: 200,
      processingTimeMs: 740,
      tokens: 312,
      userId,
      storeId,
    })
    .returning();
  if (!log) throw new Error("AI log insert returned no row");
  return log;
}

/** A seller with one store holding one product, one order, one AI log and one QR code of each kind. */
async function sellerWithEverything(name: string) {
  const seller = await signUp(t.app);
  const store = await createStoreVia(seller.agent, name);
  const product = await createProductVia(seller.agent, store.id, { title: `${name} mug` });
  const order = await placeOrder(store.id, product.id);
  const storeLog = await logAnalysis(seller.user.id, store.id);
  const ownLog = await logAnalysis(seller.user.id, null);
  const qr = (
    await seller.agent.post("/api/qr-codes", {
      url: `https://torg.example.no/s/${store.slug}`,
      storeId: store.id,
    })
  ).json() as { id: string };
  return {
    ...seller,
    ids: {
      stores: [store.id],
      products: [product.id],
      orders: [order.id],
      "ai-logs": [storeLog.id, ownLog.id],
      "qr-codes": [qr.id],
    } satisfies Record<List, string[]>,
  };
}

async function list(agent: Agent, name: List, query = ""): Promise<Page> {
  const response = await agent.get(`/api/admin/${name}${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const idsOf = (page: Page) => page.items.map((item) => item.id);

describe("admin lists", () => {
  it("show a seller only their own stores' rows, and a platform admin everyone's", async () => {
    const a = await sellerWithEverything("Alfa Keramikk");
    const b = await sellerWithEverything("Beta Vev");
    const admin = await signUpAdmin(t);
    for (const name of LISTS) {
      const seenByA = idsOf(await list(a.agent, name));
      const seenByB = idsOf(await list(b.agent, name));
      expect(seenByA.sort(), `${name} of A`).toEqual([...a.ids[name]].sort());
      expect(seenByB.sort(), `${name} of B`).toEqual([...b.ids[name]].sort());
      const seenByAdmin = idsOf(await list(admin.agent, name, "?limit=100"));
      expect(seenByAdmin, `${name} of the admin`).toEqual(
        expect.arrayContaining([...a.ids[name], ...b.ids[name]]),
      );
    }
  });

  it("show a store's real product count, and the rows that lists show", async () => {
    const { agent } = await signUp(t.app);
    const full = await createStoreVia(agent, "Fullt Lager");
    const empty = await createStoreVia(agent, "Tomt Lager");
    await createProductVia(agent, full.id, { title: "Vase" });
    const hidden = await createProductVia(agent, full.id, { title: "Bowl" });
    await agent.put(`/api/products/${hidden.id}`, { isActive: false });

    const stores = await list(agent, "stores");
    expect(stores.total).toBe(2);
    expect(stores.items).toEqual([
      { id: empty.id, name: "Tomt Lager", slug: empty.slug, productCount: 0, createdAt: expect.any(String) },
      { id: full.id, name: "Fullt Lager", slug: full.slug, productCount: 2, createdAt: expect.any(String) },
    ]);
    const products = await list(agent, "products");
    expect(products.items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          title: "Bowl",
          isActive: false,
          currencyCode: "NOK",
          store: expect.objectContaining({ name: "Fullt Lager" }),
        }),
      ]),
    );
  });

  it("leave out deleted stores with their products and orders, for sellers and the platform admin", async () => {
    const seller = await sellerWithEverything("Gone Tomorrow");
    const admin = await signUpAdmin(t);
    const [storeId] = seller.ids.stores;
    expect((await seller.agent.delete(`/api/stores/${storeId}`)).statusCode).toBe(200);
    for (const name of ["stores", "products", "orders"] as const) {
      expect((await list(seller.agent, name)).total, name).toBe(0);
      expect(idsOf(await list(admin.agent, name, "?limit=100")), name).not.toEqual(
        expect.arrayContaining(seller.ids[name]),
      );
    }
    // The QR code stays with its owner, unassigned (decision 0014).
    expect((await list(seller.agent, "qr-codes")).items).toEqual([
      expect.objectContaining({ id: seller.ids["qr-codes"][0], storeId: null, store: null }),
    ]);
  });

  it("page with limit and offset, and count every row", async () => {
    const { agent, user } = await signUp(t.app);
    const stores = [];
    for (const name of ["One", "Two", "Three"]) stores.push(await createStoreVia(agent, `Page ${name}`));
    for (const store of stores) {
      const product = await createProductVia(agent, store.id);
      await placeOrder(store.id, product.id);
      await logAnalysis(user.id, store.id);
      await agent.post("/api/qr-codes", { url: "https://example.no/flyer", storeId: store.id });
    }
    for (const name of LISTS) {
      const first = await list(agent, name, "?limit=2");
      const second = await list(agent, name, "?limit=2&offset=2");
      const beyond = await list(agent, name, "?limit=2&offset=10");
      expect([first.total, second.total, beyond.total], name).toEqual([3, 3, 3]);
      expect([first.items.length, second.items.length, beyond.items.length], name).toEqual([2, 1, 0]);
      const all = idsOf(await list(agent, name));
      expect(all, name).toHaveLength(3);
      expect([...idsOf(first), ...idsOf(second)], name).toEqual(all);
    }
  });

  it("answer 20 rows unless asked otherwise", async () => {
    const { agent, user } = await signUp(t.app);
    for (let n = 0; n < 21; n++) await logAnalysis(user.id, null);
    const page = await list(agent, "ai-logs");
    expect(page.items).toHaveLength(20);
    expect(page.total).toBe(21);
    expect((await list(agent, "ai-logs", "?limit=100")).items).toHaveLength(21);
  });

  it("need a signed-in user and a sensible page", async () => {
    const { agent } = await signUp(t.app);
    for (const name of LISTS) {
      const signedOut = await new Agent(t.app).get(`/api/admin/${name}`);
      expect(signedOut.statusCode, name).toBe(401);
      expect(signedOut.json(), name).toEqual({ message: expect.any(String) });
      for (const query of ["limit=0", "limit=101", "limit=abc", "limit=2.5", "offset=-1"]) {
        const response = await agent.get(`/api/admin/${name}?${query}`);
        expect(response.statusCode, `${name}?${query}`).toBe(400);
        expect(response.json().message, `${name}?${query}`).toBe("The request is not valid");
      }
    }
    const norwegian = await agent.request({
      method: "GET",
      url: "/api/admin/stores?limit=500",
      headers: { "accept-language": "nb" },
    });
    expect(norwegian.json().message).toBe("Forespørselen er ikke gyldig");
  });
});
