import { createHash, randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { imageSrcSet, LEAD_IMAGE_SIZES } from "../../../shared/image-url";
import { formatKr } from "../../../shared/money";
import type { ShopPageState } from "../../../web/features/shop/state";
import { PAGE_STATE_ELEMENT_ID } from "../../../web/lib/page-state";
import { productImages } from "../../db/schema";
import { sourceTemplate } from "../../pages/page-templates";
import { createProductVia, createStoreVia } from "../../test/fixtures";
import { Agent, createTestApp, signUp, type TestApp } from "../../test/harness";

let t: TestApp;
let webRoot: string;
beforeAll(async () => {
  webRoot = stubWebClient();
  t = await createTestApp({ PUBLIC_URL: "https://torg.example.no", WEB_ROOT: webRoot });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(webRoot, { recursive: true, force: true });
});

/** Like the theme script the build writes into each page. */
const INLINE_SCRIPT = 'document.documentElement.dataset.theme = "checked";';

/**
 * A stand-in for the built client, so the page routes can be checked without a Vite build: an
 * index.html as large as the built one (worth compressing) and the shop pages' source template.
 */
function stubWebClient() {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "torg-web-"));
  fs.writeFileSync(
    path.join(folder, "index.html"),
    `<!doctype html><html><head><meta name="description" content="Torg default" /><title>Torg</title><script>${INLINE_SCRIPT}</script><style>${"body{margin:0}".repeat(80)}</style></head><body><div id="root"></div></body></html>`,
  );
  fs.writeFileSync(path.join(folder, "shop.html"), sourceTemplate("shop.html"));
  return folder;
}

/** The state a shop page hands to the browser. */
function shopState(html: string): ShopPageState {
  const json = new RegExp(
    `<script type="application/json" id="${PAGE_STATE_ELEMENT_ID}">(.*?)</script>`,
  ).exec(html)?.[1];
  if (!json) throw new Error("The page carries no shop state");
  return JSON.parse(json) as ShopPageState;
}

async function liveStore() {
  const { agent, password } = await signUp(t.app);
  const store = await createStoreVia(agent, "Sølvsmia");
  const active = await createProductVia(agent, store.id, { title: "Silver ring", basePrice: "1450" });
  const hidden = await createProductVia(agent, store.id, { title: "Unfinished bracelet" });
  await agent.put(`/api/stores/${store.id}`, {
    phone: "912 34 567",
    description: "Rings & <b>bands</b> from Tromsø",
    heroImageUrl: hidden.primaryImage,
  });
  const channel = await agent.post(`/api/stores/${store.id}/payment-channels`, {
    provider: "vipps",
    externalId: "555777",
    currentPassword: password,
  });
  if (channel.statusCode !== 201) throw new Error(`payment channel: ${channel.statusCode} ${channel.body}`);
  await agent.put(`/api/products/${hidden.id}`, { isActive: false });
  return { agent, store, active, hidden, hero: hidden.primaryImage };
}

describe("public store reads", () => {
  it("serves the storefront without seller-only fields", async () => {
    const { store, hero } = await liveStore();
    const response = await new Agent(t.app).get(`/api/stores/slug/${store.slug}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id: store.id,
      name: "Sølvsmia",
      slug: store.slug,
      defaultLocale: "en",
      heroImageUrl: hero,
      fallbackHeroImage: expect.stringMatching(/^\/uploads\/products\/.+-1600\.webp$/),
      phone: "+4791234567",
      // The seller's e-mail is public on purpose (ehandelsloven § 8): the owner's until another is confirmed (0066).
      contactEmail: expect.stringMatching(/^seller.+@example\.no$/),
      description: "Rings & <b>bands</b> from Tromsø",
      paymentMethods: ["vipps"],
      seoTitle: null,
      seoDescription: null,
      // The seller's public legal details and delivery (decision 0036): none set here.
      vatRate: null,
      legalName: null,
      orgNumber: null,
      address: null,
      termsExtra: null,
      deliveryOptions: [],
      shipsWithBring: false,
      // No own domain and no own look yet (decision 0080): Torg's address, colour and fonts.
      domain: null,
      brand: {
        logoWide: null,
        logoSquare: null,
        favicon32: null,
        icon180: null,
        socialCard: null,
        brandColor: "#1b5a43",
        onBrandColor: "#ffffff",
        fontPairing: "torg",
        hasAbout: false,
      },
    });
    expect(response.body).not.toContain("555777");
  });

  it("reads products to shoppers without seller-only fields: the photo analysis (aiMeta) stays the seller's", async () => {
    const { agent } = await signUp(t.app);
    const store = await createStoreVia(agent, "Leirverket");
    const product = await createProductVia(agent, store.id, {
      title: "Askeglasert krus",
      sku: "KRUS-01",
      category: "secret-category",
      altText: "secret alt text from the analysis",
    });
    // The analysis is kept with the photo, on the seller's side only.
    const [photo] = await t.database.db
      .select({ aiMeta: productImages.aiMeta })
      .from(productImages)
      .where(eq(productImages.productId, product.id));
    expect(photo?.aiMeta).toMatchObject({ category: "secret-category" });
    await agent.put(`/api/products/${product.id}/variants`, {
      options: [{ name: "Size", values: ["S", "M"] }],
      variants: [
        { values: ["S"], price: "399", sku: "KRUS-S", stockQty: 2 },
        { values: ["M"], stockQty: 1 },
      ],
    });
    // What a shopper may see of a product, and nothing else: a new field must be added here on purpose.
    const PUBLIC_PRODUCT_FIELDS = [
      "available",
      "basePrice",
      "coordinates",
      "createdAt",
      "currencyCode",
      "blurb",
      "id",
      "images",
      "isActive",
      "options",
      "position",
      "primaryImage",
      "publishedAt",
      "seoMetaDesc",
      "seoMetaTitle",
      "sku",
      "stockQty",
      "store",
      "storeId",
      "title",
      "updatedAt",
      "variants",
    ].sort();
    const expectPublic = (read: Record<string, unknown>, where: string) => {
      expect(Object.keys(read).sort(), where).toEqual(PUBLIC_PRODUCT_FIELDS);
      const images = read.images as Record<string, unknown>[];
      expect(
        images.map((image) => Object.keys(image).sort()),
        where,
      ).toEqual([["id", "isPrimary", "sortOrder", "url"]]);
      expect(Object.keys(read.store as object).sort(), where).toEqual(["id", "name", "slug"]);
      expect(
        (read.variants as object[]).map((variant) => Object.keys(variant).sort()),
        where,
      ).toEqual(
        Array(2).fill([
          "available",
          "id",
          "label",
          "price",
          "priceDelta",
          "productId",
          "sku",
          "stockQty",
          "values",
        ]),
      );
    };
    const shopper = new Agent(t.app);
    const list = await shopper.get(`/api/stores/${store.id}/products`);
    const one = await shopper.get(`/api/products/${product.id}`);
    expectPublic(list.json()[0], "GET /api/stores/{id}/products");
    expectPublic(one.json(), "GET /api/products/{id}");
    expect(one.json()).toMatchObject({ stockQty: 3, available: true, sku: "KRUS-01" });
    const shopPage = await t.app.inject({ url: `/s/${store.slug}`, headers: { accept: "text/html" } });
    const storefront = shopState(shopPage.body).page;
    expect(storefront.page).toBe("storefront");
    // The storefront's state carries each product's card view only (decision 0042): what the card, the
    // zoom viewer and the cart's "add" need, a subset of the public fields.
    const STOREFRONT_PRODUCT_FIELDS = [
      "available",
      "basePrice",
      "coordinates",
      "currencyCode",
      "displayPrice",
      "id",
      "options",
      "primaryImage",
      "sku",
      "stockQty",
      "title",
    ];
    if (storefront.page !== "storefront") throw new Error(`no storefront: ${storefront.page}`);
    expect(Object.keys({ ...storefront.products[0] }).sort()).toEqual(STOREFRONT_PRODUCT_FIELDS);
    // The card's price is worked out from public fields (the price and the variants', decision 0060).
    expect(STOREFRONT_PRODUCT_FIELDS.filter((field) => !PUBLIC_PRODUCT_FIELDS.includes(field))).toEqual([
      "displayPrice",
    ]);
    expect(storefront.products[0]).toMatchObject({
      id: product.id,
      title: "Askeglasert krus",
      sku: "KRUS-01",
      basePrice: one.json().basePrice,
      primaryImage: one.json().primaryImage,
      stockQty: 3,
      available: true,
      options: [{ name: "Size", values: ["S", "M"] }],
    });
    const productPage = await t.app.inject({
      url: `/products/${product.id}`,
      headers: { accept: "text/html" },
    });
    const state = shopState(productPage.body).page;
    if (state.page !== "product") throw new Error(`no product page: ${state.page}`);
    expectPublic({ ...state.product }, "the product page");
    for (const body of [list.body, one.body, shopPage.body, productPage.body]) {
      expect(body).not.toContain("secret-category");
      expect(body).not.toContain("secret alt text");
    }
  });

  it("lists only active products to shoppers, and hides inactive ones by id", async () => {
    const { store, active, hidden } = await liveStore();
    const shopper = new Agent(t.app);
    const list = (await shopper.get(`/api/stores/${store.id}/products`)).json();
    expect(list.map((p: { id: string }) => p.id)).toEqual([active.id]);
    expect((await shopper.get(`/api/products/${active.id}`)).json()).toMatchObject({
      title: "Silver ring",
      basePrice: "1450.00",
      store: { name: "Sølvsmia" },
    });
    expect((await shopper.get(`/api/products/${hidden.id}`)).statusCode).toBe(404);
  });

  it("a deleted store's slug and products are 404", async () => {
    const { agent, store, active } = await liveStore();
    await agent.delete(`/api/stores/${store.id}`);
    const shopper = new Agent(t.app);
    expect((await shopper.get(`/api/stores/slug/${store.slug}`)).json()).toEqual({
      message: "Store not found",
    });
    expect((await shopper.get(`/api/stores/${store.id}/products`)).statusCode).toBe(404);
    expect((await shopper.get(`/api/products/${active.id}`)).statusCode).toBe(404);
    expect((await shopper.get(`/api/stores/slug/${randomUUID()}`)).statusCode).toBe(404);
  });
});

describe("compressed public reads", () => {
  it("sends the same JSON as Brotli, gzip or plain, as the browser asks, and a fresh copy after an edit", async () => {
    const { agent, store, active } = await liveStore();
    for (const title of ["Gold ring", "Copper ring"]) await createProductVia(agent, store.id, { title });
    const url = `/api/stores/${store.id}/products`;

    const plain = await t.app.inject({ url });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);
    const brotli = await t.app.inject({ url, headers: { "accept-encoding": "gzip, deflate, br" } });
    expect(brotli.headers["content-encoding"]).toBe("br");
    expect(brotli.headers.vary).toContain("accept-encoding");
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(plain.body);
    const gzip = await t.app.inject({ url, headers: { "accept-encoding": "gzip" } });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);

    await agent.put(`/api/products/${active.id}`, { title: "Polished silver ring" });
    const edited = await t.app.inject({ url, headers: { "accept-encoding": "br" } });
    expect(brotliDecompressSync(edited.rawPayload).toString()).toContain("Polished silver ring");

    // A small answer is not worth a compression header.
    const small = await t.app.inject({
      url: `/api/stores/slug/${store.slug}`,
      headers: { "accept-encoding": "br" },
    });
    expect(small.headers["content-encoding"]).toBeUndefined();
    expect(small.json()).toMatchObject({ id: store.id });
  });
});

describe("server-rendered shop pages", () => {
  const page = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ url, headers: { accept: "text/html", ...headers } });

  it("loads the first row's photos first when the store has no hero photo: they are what a phone paints largest", async () => {
    const { agent } = await signUp(t.app);
    const store = await createStoreVia(agent, "Leirverk");
    for (const title of ["Bolle", "Fat", "Krus"]) await createProductVia(agent, store.id, { title });
    const root =
      /<div id="root">(.*)<\/div>\s*<script/s.exec((await page(`/s/${store.slug}`)).body)?.[1] ?? "";
    const photo = (title: string) => new RegExp(`<img[^>]*alt="${title}"[^>]*>`).exec(root)?.[0] ?? "";
    // In the seller's order: Bolle and Fat make the first row, Krus starts the second.
    for (const title of ["Bolle", "Fat"]) {
      expect(photo(title)).toContain('loading="eager"');
      expect(photo(title)).toContain('fetchPriority="high"');
    }
    expect(photo("Krus")).toContain('loading="lazy"');
    expect(photo("Krus")).not.toContain("fetchPriority");
  });

  it("renders a storefront with its active products, and gives the link its preview, all escaped", async () => {
    const { store, hero } = await liveStore();
    const response = await page(`/s/${store.slug}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toContain("text/html");
    expect(response.body).toContain("<title>Sølvsmia | Torg</title>");
    expect(response.body).toContain(
      '<meta name="description" content="Rings &amp; &lt;b&gt;bands&lt;/b&gt; from Tromsø">',
    );
    expect(response.body).toContain(`<meta property="og:image" content="https://torg.example.no${hero}">`);
    expect(response.body).toContain(
      `<meta property="og:url" content="https://torg.example.no/s/${store.slug}">`,
    );
    // The page itself, readable before any script runs: the store, its one active product, its price.
    const root = /<div id="root">(.*)<\/div>\s*<script/s.exec(response.body)?.[1] ?? "";
    expect(root).toContain(">Sølvsmia</h1>");
    expect(root).toContain("Silver ring");
    expect(root).toContain("1,450 kr");
    expect(root).not.toContain("Unfinished bracelet");
    expect(root).toContain(`src="https://torg.example.no${hero}"`);
    // The card's photo loads lazily, with the browser's own priority: no fetchPriority="auto" written.
    expect(root).toMatch(/alt="Silver ring" loading="lazy" decoding="async"/);
    expect(root).not.toContain('fetchPriority="auto"');
    expect(response.body).not.toContain("<b>bands</b>");
    // The same data for the browser to take over, with no "<" that could end its script element.
    const state = shopState(response.body);
    expect(state.page).toMatchObject({ page: "storefront", origin: "https://torg.example.no" });
    expect(state.page.page === "storefront" && state.page.products.map((p) => p.title)).toEqual([
      "Silver ring",
    ]);
    expect(response.body).toContain("Rings & \\u003cb>bands\\u003c/b> from Tromsø");
    // Its texts are a file of their own, asked for in the head (decision 0048), kept for a year.
    expect(state.texts).toMatch(/^\/shop-texts\/en\.[0-9a-f]{16}\.json$/);
    expect(response.body).toContain(
      `<link rel="preload" href="${state.texts}" as="fetch" crossorigin="anonymous">`,
    );
    const texts = await t.app.inject({ url: state.texts });
    expect(texts.statusCode).toBe(200);
    expect(texts.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(texts.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(texts.json()).toHaveProperty("cart.added", "Added to cart");
    expect(texts.json()).toHaveProperty("storefront.ourProducts", "Our Products");
    expect(texts.json()).not.toHaveProperty("dashboard");
    // Only the shopper's order page carries the order page's texts.
    expect(texts.json()).not.toHaveProperty("orderPage");
  });

  it("serves a shop page's texts by language, a page of an earlier version its texts as they are now", async () => {
    const { store } = await liveStore();
    const norwegian = shopState((await page(`/s/${store.slug}`, { cookie: "torg_language=nb" })).body);
    expect(norwegian.texts).toMatch(/^\/shop-texts\/nb\.[0-9a-f]{16}\.json$/);
    expect((await t.app.inject({ url: norwegian.texts })).json()).toHaveProperty(
      "storefront.ourProducts",
      "Våre produkter",
    );
    const brotli = await t.app.inject({ url: norwegian.texts, headers: { "accept-encoding": "br" } });
    expect(brotli.headers["content-encoding"]).toBe("br");
    expect(JSON.parse(brotliDecompressSync(brotli.rawPayload).toString())).toHaveProperty(
      "storefront.ourProducts",
      "Våre produkter",
    );
    // Another hash: the texts as they are now, but never kept, since they are not what that name meant.
    const earlier = await t.app.inject({ url: "/shop-texts/nb.0123456789abcdef.json" });
    expect(earlier.statusCode).toBe(200);
    expect(earlier.headers["cache-control"]).toBe("no-cache");
    expect(earlier.json()).toHaveProperty("storefront.ourProducts", "Våre produkter");
    expect((await t.app.inject({ url: "/shop-texts/nb-order.0123456789abcdef.json" })).json()).toHaveProperty(
      "orderPage",
    );
    // A language Torg does not speak, or a name of no such file, is not found.
    for (const file of [
      "fr.0123456789abcdef.json",
      "nb.json",
      "nb.0123456789abcdef.js",
      "..%2Fpackage.json",
    ]) {
      const missing = await t.app.inject({ url: `/shop-texts/${file}` });
      expect(missing.statusCode, file).toBe(404);
      expect(missing.json(), file).toHaveProperty("message");
    }
  });

  it("speaks the store's language, unless the visitor chose their own", async () => {
    const { agent, store } = await liveStore();
    await agent.put(`/api/stores/${store.id}`, { defaultLocale: "nb" });
    const norwegian = await page(`/s/${store.slug}`);
    expect(norwegian.body).toContain('<html lang="nb"');
    expect(norwegian.body).toContain("Våre produkter");
    expect(norwegian.body).toContain(formatKr("1450", "nb"));
    expect(shopState(norwegian.body).language).toBe("nb");

    const swedish = await page(`/s/${store.slug}`, { cookie: "torg_language=sv" });
    expect(swedish.body).toContain('<html lang="sv"');
    expect(shopState(swedish.body).language).toBe("sv");
    // A cookie that is no language of ours changes nothing.
    expect((await page(`/s/${store.slug}`, { cookie: "torg_language=xx" })).body).toContain(
      '<html lang="nb"',
    );
  });

  it("keeps a shop page ready, compressed as asked, and fresh after the seller edits the store", async () => {
    const { agent, store } = await liveStore();
    const first = await page(`/s/${store.slug}`);
    expect(first.body).toContain("<title>Sølvsmia | Torg</title>");
    const brotli = await t.app.inject({
      url: `/s/${store.slug}`,
      headers: { accept: "text/html", "accept-encoding": "br" },
    });
    expect(brotli.headers["content-encoding"]).toBe("br");
    expect(brotli.headers["cache-control"]).toBe("no-cache");
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(first.body);

    expect((await agent.put(`/api/stores/${store.id}`, { name: "Sølvsmia Tromsø" })).statusCode).toBe(200);
    expect((await page(`/s/${store.slug}`)).body).toContain("<title>Sølvsmia Tromsø | Torg</title>");
  });

  it("renders a product page with its photo in the widths the page chooses from", async () => {
    const { active, store } = await liveStore();
    const response = await page(`/products/${active.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain("<title>Silver ring | Sølvsmia</title>");
    expect(response.body).toContain(
      `<meta property="og:image" content="https://torg.example.no/uploads/products/`,
    );
    expect(response.body).toContain(">Silver ring</h1>");
    expect(response.body).toContain(`href="/s/${store.slug}"`);
    const photo = /<img src="([^"]+)" srcSet="([^"]+)" sizes="([^"]+)" alt="Silver ring"/.exec(response.body);
    expect(photo?.[1]).toMatch(/^https:\/\/torg\.example\.no\/uploads\/products\/.+-1600\.webp$/);
    expect(photo?.[2]).toBe(imageSrcSet(photo?.[1] ?? ""));
    expect(photo?.[3]).toBe(LEAD_IMAGE_SIZES.productPage);
    expect(shopState(response.body).page).toMatchObject({ page: "product", product: { id: active.id } });
  });

  it("answers a missing store or product, or an inactive product, with a 404 page in the visitor's language", async () => {
    const { hidden } = await liveStore();
    const store = await page("/s/no-such-store");
    expect(store.statusCode).toBe(404);
    expect(store.body).toContain("<title>Store not found</title>");
    expect(shopState(store.body).page).toMatchObject({ page: "missing", of: "storefront" });
    const inactive = await page(`/products/${hidden.id}`, { "accept-language": "da-DK,da;q=0.9" });
    expect(inactive.statusCode).toBe(404);
    expect(inactive.body).toContain('<html lang="da"');
    expect(shopState(inactive.body).page).toMatchObject({ page: "missing", of: "productPage" });
    expect((await page(`/products/${randomUUID()}`)).statusCode).toBe(404);
  });

  it("serves the plain client for other pages, and JSON 404 for unknown API routes", async () => {
    const other = await page("/stores");
    expect(other.statusCode).toBe(200);
    // The page's own inline script runs by its hash; no other inline code would.
    const hash = createHash("sha256").update(INLINE_SCRIPT).digest("base64");
    const scriptSrc = /script-src ([^;]*)/.exec(String(other.headers["content-security-policy"]))?.[1];
    expect(scriptSrc).toBe(`'self' 'sha256-${hash}'`);
    expect(other.body).toContain("<title>Torg</title>");
    expect(other.body).not.toContain("og:title");
    expect((await t.app.inject({ url: "/api/nothing", headers: { accept: "text/html" } })).statusCode).toBe(
      404,
    );
    // Pages answer any client (curl included); a missing asset is a JSON 404, not the page.
    expect((await t.app.inject({ url: "/orders" })).body).toContain('<div id="root">');
    const asset = await t.app.inject({ url: "/assets/missing-123.js" });
    expect(asset.statusCode).toBe(404);
    expect(asset.json()).toEqual({ message: "Not found" });
  });

  it("shows 'could not be loaded' with a 503 while the database is away", async () => {
    const folder = stubWebClient();
    const broken = await createTestApp({ WEB_ROOT: folder });
    try {
      await broken.database.close();
      const response = await broken.app.inject({ url: "/s/any-store", headers: { accept: "text/html" } });
      expect(response.statusCode).toBe(503);
      expect(response.body).toContain("<title>The store could not be loaded</title>");
      expect(shopState(response.body).page).toMatchObject({ page: "unavailable", of: "storefront" });
    } finally {
      await broken.app.close();
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });
});
