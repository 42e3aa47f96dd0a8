import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { STOREFRONT_PAGE_SIZE } from "../../../shared/catalogue-paging";
import type { ShopState } from "../../../web/features/shop/state";
import { PAGE_STATE_ELEMENT_ID } from "../../../web/lib/page-state";
import { products } from "../../db/schema";
import { createProductVia, createStoreVia } from "../../test/fixtures";
import { Agent, createShopTestApp, signUp, type TestApp } from "../../test/harness";

/**
 * A big store's products a page at a time, and search within a store (decision 0040): the public API,
 * the seller's side of the same route, and the server-rendered storefront pages.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createShopTestApp();
});
afterAll(async () => {
  await t.close();
});

const visitor = () => new Agent(t.app);

/**
 * A store with `count` active products "Piece 1" .. "Piece n" in that order, one photo product first
 * made through the API (the rest straight into the table: photos do not matter to paging), and
 * `inactive` hidden products after them.
 */
async function storeWith(count: number, inactive = 0, titles: string[] = []) {
  const { agent } = await signUp(t.app);
  const store = await createStoreVia(agent, "Leire og lys");
  await createProductVia(agent, store.id, { title: "Piece 1" });
  const rows = [
    ...Array.from({ length: count - 1 }, (_, n) => ({ title: `Piece ${n + 2}`, isActive: true })),
    ...titles.map((title) => ({ title, isActive: true })),
    ...Array.from({ length: inactive }, (_, n) => ({ title: `Draft ${n + 1}`, isActive: false })),
  ];
  if (rows.length > 0) {
    await t.database.db.insert(products).values(
      rows.map((row, n) => ({
        storeId: store.id,
        title: row.title,
        blurb: "Dreid og glassert for hånd.",
        basePrice: "200",
        isActive: row.isActive,
        position: n + 1,
      })),
    );
  }
  return { agent, store };
}

const titlesOf = (body: string) => (JSON.parse(body) as { title: string }[]).map((product) => product.title);
const pieces = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, n) => `Piece ${from + n}`);

function shopState(html: string): ShopState {
  const json = new RegExp(
    `<script type="application/json" id="${PAGE_STATE_ELEMENT_ID}">(.*?)</script>`,
  ).exec(html)?.[1];
  if (!json) throw new Error("The page carries no shop state");
  return JSON.parse(json) as ShopState;
}

describe("GET /api/stores/{id}/products, paged", () => {
  it("answers the storefront's first page without paging parameters, with the whole list's size", async () => {
    const { store } = await storeWith(30, 2);
    const response = await visitor().get(`/api/stores/${store.id}/products`);
    expect(response.statusCode).toBe(200);
    expect(titlesOf(response.body)).toEqual(pieces(1, STOREFRONT_PAGE_SIZE));
    expect(response.headers["x-total-count"]).toBe("30");
  });

  it("pages with limit and offset, the same from the public cache as fresh", async () => {
    const { store } = await storeWith(30);
    for (let round = 0; round < 2; round++) {
      const second = await visitor().get(`/api/stores/${store.id}/products?offset=24`);
      expect(titlesOf(second.body)).toEqual(pieces(25, 30));
      expect(second.headers["x-total-count"]).toBe("30");
    }
    const odd = await visitor().get(`/api/stores/${store.id}/products?limit=5&offset=3`);
    expect(titlesOf(odd.body)).toEqual(pieces(4, 8));
    expect(odd.headers["x-total-count"]).toBe("30");
    const past = await visitor().get(`/api/stores/${store.id}/products?offset=48`);
    expect(past.json()).toEqual([]);
    expect(past.headers["x-total-count"]).toBe("30");
  });

  it("refuses pages larger than the public may ask for, and nonsense paging, in the caller's language", async () => {
    const { store } = await storeWith(1);
    for (const query of [
      "limit=49",
      "limit=0",
      "offset=-1",
      "limit=abc",
      `q=${"a".repeat(101)}`,
      "ids=nope",
    ]) {
      const response = await t.app.inject({
        method: "GET",
        url: `/api/stores/${store.id}/products?${query}`,
        headers: { "accept-language": "nb" },
      });
      expect(response.statusCode, query).toBe(400);
      expect(response.json().message, query).toBe("Forespørselen er ikke gyldig");
    }
  });

  it("gives a store's members all their products, hidden ones too, with the same paging", async () => {
    const { agent, store } = await storeWith(20, 10);
    const response = await agent.get(`/api/stores/${store.id}/products?limit=12&offset=24`);
    expect(titlesOf(response.body)).toEqual([
      "Draft 5",
      "Draft 6",
      "Draft 7",
      "Draft 8",
      "Draft 9",
      "Draft 10",
    ]);
    expect(response.headers["x-total-count"]).toBe("30");
    const found = await agent.get(`/api/stores/${store.id}/products?q=draft`);
    expect(found.headers["x-total-count"]).toBe("10");
  });

  it("answers a cart's products by id, whatever page they are on", async () => {
    const { agent, store } = await storeWith(40);
    const all = (await agent.get(`/api/stores/${store.id}/products?limit=48`)).json() as { id: string }[];
    const ids = [all[0]?.id, all[39]?.id].join(",");
    const response = await visitor().get(`/api/stores/${store.id}/products?ids=${ids}`);
    expect(titlesOf(response.body)).toEqual(["Piece 1", "Piece 40"]);
  });
});

describe("search within a store", () => {
  it("finds Norwegian and English words by their stem, best match first", async () => {
    const { store } = await storeWith(3, 0, [
      "Kopp i steintøy",
      "Blue mug",
      "Fat med kopper på",
      "Glassert skål",
    ]);
    const search = async (q: string) => {
      const response = await visitor().get(`/api/stores/${store.id}/products?q=${encodeURIComponent(q)}`);
      expect(response.statusCode).toBe(200);
      return { titles: titlesOf(response.body), total: response.headers["x-total-count"] };
    };
    expect((await search("kopper")).titles.sort()).toEqual(["Fat med kopper på", "Kopp i steintøy"]);
    expect((await search("mugs")).titles).toEqual(["Blue mug"]);
    // The last word is matched as a beginning too: someone still typing.
    expect((await search("stein")).titles).toEqual(["Kopp i steintøy"]);
    // Every word must match; a word's case and the spaces around it do not count.
    expect((await search("  KOPP   steintøy ")).titles).toEqual(["Kopp i steintøy"]);
    // The blurb counts, below a title: the one titled so comes first, though it is last in the store.
    const glazed = await search("glassert");
    expect(glazed.total).toBe("6");
    expect(glazed.titles[0]).toBe("Glassert skål");
    expect(await search("teapot")).toEqual({ titles: [], total: "0" });
  });

  it("takes any text as words only: quotes, operators and SQL change nothing", async () => {
    const { store } = await storeWith(2, 0, ["Kopp i steintøy"]);
    for (const q of [
      "'; drop table products; --",
      "kopp' | 'x",
      "!!! & | :* ()",
      "\\",
      "kopp:*",
      "<b>kopp</b>",
    ]) {
      const response = await visitor().get(`/api/stores/${store.id}/products?q=${encodeURIComponent(q)}`);
      expect(response.statusCode, q).toBe(200);
    }
    const response = await visitor().get(
      `/api/stores/${store.id}/products?q=${encodeURIComponent("kopp' | 'x")}`,
    );
    expect(titlesOf(response.body)).toEqual([]);
    const still = await visitor().get(`/api/stores/${store.id}/products`);
    expect(still.headers["x-total-count"]).toBe("3");
  });

  it("searches one store only", async () => {
    const mine = await storeWith(1, 0, ["Kopp i steintøy"]);
    await storeWith(1, 0, ["Kopp i porselen"]);
    const response = await visitor().get(`/api/stores/${mine.store.id}/products?q=kopp`);
    expect(titlesOf(response.body)).toEqual(["Kopp i steintøy"]);
  });

  it("sees a product's new title at once", async () => {
    const { agent, store } = await storeWith(1);
    const [product] = (await agent.get(`/api/stores/${store.id}/products`)).json() as { id: string }[];
    await agent.put(`/api/products/${product?.id}`, { title: "Vase i rakubrent leire" });
    const response = await visitor().get(`/api/stores/${store.id}/products?q=vaser`);
    expect(titlesOf(response.body)).toEqual(["Vase i rakubrent leire"]);
  });
});

describe("server-rendered storefront pages", () => {
  it("renders the first page with a link to the next, and page 2 with its own products and links", async () => {
    const { store } = await storeWith(30);
    const first = await visitor().get(`/s/${store.slug}`);
    expect(first.statusCode).toBe(200);
    const firstState = shopState(first.body);
    expect(firstState.page.page === "storefront" && firstState.page.products.length).toBe(
      STOREFRONT_PAGE_SIZE,
    );
    expect(firstState.page.page === "storefront" && firstState.page.listing).toEqual({
      page: 1,
      total: 30,
      q: "",
    });
    expect(first.body).toContain(`href="/s/${store.slug}?page=2"`);
    expect(first.body).toContain(`<link rel="canonical" href="https://torg.example.no/s/${store.slug}">`);

    const second = await visitor().get(`/s/${store.slug}?page=2`);
    expect(second.statusCode).toBe(200);
    const state = shopState(second.body);
    if (state.page.page !== "storefront") throw new Error("not a storefront");
    expect(state.page.products.map((product) => product.title)).toEqual(pieces(25, 30));
    expect(second.body).toContain(`href="/s/${store.slug}"`);
    expect(second.body).not.toContain(`?page=3`);
    expect(second.body).toContain(
      `<link rel="canonical" href="https://torg.example.no/s/${store.slug}?page=2">`,
    );
    // The page's ItemList numbers on from the first page's.
    expect(second.body).toMatch(/"position":25,"url":"https:\/\/torg\.example\.no\/products\//);
  });

  it("sends ?page=1 to the store's own address, and says 'not found' past the last page or for no page", async () => {
    const { store } = await storeWith(30);
    const one = await visitor().get(`/s/${store.slug}?page=1`);
    expect(one.statusCode).toBe(301);
    expect(one.headers.location).toBe(`/s/${store.slug}`);
    for (const page of ["3", "0", "abc", "2.5", "99999999"]) {
      const response = await visitor().get(`/s/${store.slug}?page=${page}`);
      expect(response.statusCode, page).toBe(404);
    }
  });

  it("keeps the pages a store has in the public cache, but never a page past the end or a search", async () => {
    const { store } = await storeWith(30);
    expect((await visitor().get(`/s/${store.slug}?page=2`)).statusCode).toBe(200);
    expect((await visitor().get(`/s/${store.slug}?page=3`)).statusCode).toBe(404);
    expect(titlesOf((await visitor().get(`/api/stores/${store.id}/products?q=vase`)).body)).toEqual([]);
    expect((await visitor().get(`/s/${store.slug}?q=vase`)).body).toContain("No products match");
    // Rows written behind the application's back: nothing clears the cache, so what changes is what
    // was read fresh.
    await t.database.db.insert(products).values(
      Array.from({ length: 24 }, (_, n) => ({
        storeId: store.id,
        title: `Vase ${n + 1}`,
        position: 100 + n,
      })),
    );
    expect((await visitor().get(`/s/${store.slug}?page=3`)).statusCode).toBe(200);
    expect((await visitor().get(`/api/stores/${store.id}/products?q=vase`)).headers["x-total-count"]).toBe(
      "24",
    );
    const searched = shopState((await visitor().get(`/s/${store.slug}?q=vase`)).body);
    expect(searched.page.page === "storefront" && searched.page.listing.total).toBe(24);
    const kept = shopState((await visitor().get(`/s/${store.slug}?page=2`)).body);
    expect(kept.page.page === "storefront" && kept.page.listing.total).toBe(30);
  });

  it("renders a search's results, never indexed, and an empty search's own message", async () => {
    const { store } = await storeWith(3, 0, ["Kopp i steintøy"]);
    const found = await visitor().get(`/s/${store.slug}?q=kopper`);
    expect(found.statusCode).toBe(200);
    expect(found.body).toContain(`<meta name="robots" content="noindex, nofollow">`);
    expect(found.body).not.toContain(`rel="canonical"`);
    const state = shopState(found.body);
    if (state.page.page !== "storefront") throw new Error("not a storefront");
    expect(state.page.products.map((product) => product.title)).toEqual(["Kopp i steintøy"]);
    expect(state.page.listing).toEqual({ page: 1, total: 1, q: "kopper" });

    const none = await visitor().get(`/s/${store.slug}?q=${encodeURIComponent("<teapot>")}`);
    expect(none.statusCode).toBe(200);
    expect(none.body).toContain("No products match “&lt;teapot&gt;”.");
    expect(none.body).not.toContain("<teapot>");
    // The whole store is still there without the search.
    const plain = await visitor().get(`/s/${store.slug}`);
    const plainState = shopState(plain.body);
    expect(plainState.page.page === "storefront" && plainState.page.listing.total).toBe(4);
  });

  it("keeps a big store's sitemap and feed whole, not its first page", async () => {
    const { store } = await storeWith(60);
    const feed = await visitor().get(`/s/${store.slug}/feeds/google.xml`);
    expect(feed.statusCode).toBe(200);
    expect(feed.body.match(/<item>/g)?.length).toBe(60);
    const sitemap = await visitor().get(`/s/${store.slug}/sitemap.xml`);
    expect(sitemap.statusCode).toBe(200);
    // The storefront and every product.
    expect(sitemap.body.match(/<url>/g)?.length).toBe(61);
  });
});
