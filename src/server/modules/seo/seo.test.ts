/**
 * Found by search engines and shared well (issue 19 item 4, decision 0039): robots.txt, the sitemap
 * index and the stores' sitemaps (valid against the sitemaps.org schemas and Google's image extension,
 * checked with xmllint), the product feed for Google Merchant Center and Meta, and the JSON-LD in the
 * shop pages' <head>. Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { sourceTemplate } from "../../pages/page-templates";
import { createProductVia, createStoreVia, multipart, sampleJpeg } from "../../test/fixtures";
import { Agent, createTestApp, signUp, type TestApp } from "../../test/harness";
import { countSitemapIndexPages, listStoreSitemaps, type SitemapLimits, storeSitemapUrls } from "./service";

const ORIGIN = "https://torg.example.no";
const SCHEMAS = path.join(import.meta.dirname, "fixtures");
/** An item's g:id, in a predicate ("item[${ID}='...']"). */
const ID = "*[local-name()='id']";
const W3C_DATETIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;

let t: TestApp;
let webRoot: string;
let visitor: Agent;

/** The shop pages' source template in a web root of its own: the pages render without a client build. */
function stubWebRoot() {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "torg-web-"));
  fs.writeFileSync(path.join(folder, "shop.html"), sourceTemplate("shop.html"));
  return folder;
}

/** xmllint's verdict: nothing when the document is well-formed (and valid against `schema`, if named). */
function xmllint(xml: string, schema?: string) {
  const args = ["--noout", "--nonet", ...(schema ? ["--schema", path.join(SCHEMAS, schema)] : []), "-"];
  try {
    execFileSync("xmllint", args, { input: xml, stdio: ["pipe", "pipe", "pipe"] });
    return "";
  } catch (error) {
    return String((error as { stderr?: Buffer }).stderr ?? error);
  }
}

/** An XPath over local names: "rss/channel/item" matches whatever namespace each element is in. */
const local = (steps: string) =>
  steps
    .split("/")
    .map((step) => {
      const at = step.includes("[") ? step.indexOf("[") : step.length;
      const [name, predicate] = [step.slice(0, at), step.slice(at)];
      return name === "" ? "" : `*[local-name()='${name.replace(/^\w+:/, "")}']${predicate}`;
    })
    .join("/");

/** The text an XPath expression gives (xmllint's string() of it). */
const xpath = (xml: string, expression: string) =>
  execFileSync("xmllint", ["--nonet", "--xpath", expression, "-"], { input: xml })
    .toString()
    .replace(/\n$/, "");
const text = (xml: string, steps: string) => xpath(xml, `string(/${local(steps)})`);
const count = (xml: string, steps: string) => Number(xpath(xml, `count(/${local(steps)})`));

interface Seeded {
  store: { id: string; slug: string; name: string };
  mug: { id: string; primaryImage: string };
  soldOut: { id: string };
  hidden: { id: string };
  sweater: { id: string; variants: { id: string; label: string }[] };
  deleted: { id: string; slug: string; product: string };
  empty: { id: string; slug: string };
  small: { id: string; slug: string };
}
let seed: Seeded;

beforeAll(async () => {
  webRoot = stubWebRoot();
  t = await createTestApp({ PUBLIC_URL: ORIGIN, WEB_ROOT: webRoot });
  visitor = new Agent(t.app);
  const { agent } = await signUp(t.app);

  // A published store whose name and texts need escaping everywhere.
  const store = await createStoreVia(agent, `Leire & Lys <Oslo>`);
  await agent.put(`/api/stores/${store.id}`, { description: "Stoneware & candles, made by hand." });
  const mug = await createProductVia(agent, store.id, {
    title: `Mug "Fjord" & saucer`,
    blurb: `Ash glaze </script><script>alert("x")</script> <!-- & more`,
    basePrice: "349",
    sku: "MUG-1",
  });
  const photo = multipart({}, [
    { field: "image", filename: "side.jpg", body: await sampleJpeg(160, 120), type: "image/jpeg" },
  ]);
  const added = await agent.request({ method: "POST", url: `/api/products/${mug.id}/images`, ...photo });
  expect(added.statusCode).toBe(200);
  const soldOut = await createProductVia(agent, store.id, { title: "Bowl", basePrice: "120", stockQty: "0" });
  const hidden = await createProductVia(agent, store.id, { title: "Unfinished vase" });
  await agent.put(`/api/products/${hidden.id}`, { isActive: false });
  const sweater = await createProductVia(agent, store.id, { title: "Wool sweater", basePrice: "1200" });
  const variants = await agent.put(`/api/products/${sweater.id}/variants`, {
    options: [
      { name: "Størrelse", values: ["S", "M"] },
      { name: "Glasur", values: ["Ask"] },
    ],
    variants: [
      { values: ["S", "Ask"], price: "1100", sku: "SW-S", stockQty: 0 },
      { values: ["M", "Ask"], stockQty: null },
    ],
  });
  expect(variants.statusCode, variants.body).toBe(200);

  // A deleted store with an active product, and a live store with nothing for sale: neither is published.
  const deleted = await createStoreVia(agent, "Closed shop");
  const deletedProduct = await createProductVia(agent, deleted.id, { title: "Gone" });
  expect((await agent.delete(`/api/stores/${deleted.id}`)).statusCode).toBe(200);
  const empty = await createStoreVia(agent, "Empty shop");
  const draft = await createProductVia(agent, empty.id, { title: "Draft" });
  await agent.put(`/api/products/${draft.id}`, { isActive: false });
  // A second published store, made last.
  const small = await createStoreVia(agent, "Small shop");
  await createProductVia(agent, small.id, { title: "Spoon" });

  const sweaterView = (await visitor.get(`/api/products/${sweater.id}`)).json() as Seeded["sweater"];
  seed = {
    store,
    mug,
    soldOut,
    hidden,
    sweater: { id: sweater.id, variants: sweaterView.variants },
    deleted: { ...deleted, product: deletedProduct.id },
    empty,
    small,
  };
}, 120_000);

afterAll(async () => {
  await t?.close();
  fs.rmSync(webRoot, { recursive: true, force: true });
});

describe("robots.txt", () => {
  it("lets crawlers into the shops, keeps them out of the workspace and the API, and names the sitemap", async () => {
    const response = await visitor.get("/robots.txt");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/plain; charset=utf-8");
    expect(response.headers["cache-control"]).toBe("no-cache");
    const lines = response.body.split("\n");
    expect(lines[0]).toBe("User-agent: *");
    expect(lines).toEqual(
      expect.arrayContaining([
        "Allow: /s/",
        "Allow: /products/",
        "Allow: /login",
        "Allow: /register",
        "Allow: /privacy",
        "Allow: /uploads/",
        "Allow: /assets/",
        "Disallow: /api/",
        "Disallow: /",
        `Sitemap: ${ORIGIN}/sitemap.xml`,
      ]),
    );
    expect(lines.filter((line) => line.startsWith("Sitemap:"))).toHaveLength(1);
  });

  it("builds its addresses from the request's allowed host without PUBLIC_URL, and refuses any other", async () => {
    const other = await createTestApp({ ALLOWED_HOSTS: "butikk.example.no" });
    try {
      const { agent } = await signUp(other.app);
      const store = await createStoreVia(agent, "Host shop");
      await createProductVia(agent, store.id, { title: "Cup" });
      const allowed = await other.app.inject({ url: "/robots.txt", headers: { host: "butikk.example.no" } });
      expect(allowed.statusCode).toBe(200);
      expect(allowed.body).toContain("Sitemap: http://butikk.example.no/sitemap.xml\n");
      const index = await other.app.inject({ url: "/sitemap.xml", headers: { host: "butikk.example.no" } });
      expect(text(index.body, "sitemapindex/sitemap/loc")).toBe(
        `http://butikk.example.no/s/${store.slug}/sitemap.xml`,
      );
      for (const url of [
        "/robots.txt",
        "/sitemap.xml",
        `/s/${store.slug}/sitemap.xml`,
        `/s/${store.slug}/feed.xml`,
        `/s/${store.slug}/feeds/google.xml`,
        `/s/${store.slug}/feeds/meta.csv`,
      ]) {
        const forged = await other.app.inject({ url, headers: { host: "evil.example" } });
        expect(forged.statusCode, url).toBe(421);
        expect(forged.json().message, url).toEqual(expect.any(String));
      }
    } finally {
      await other.close();
    }
  });
});

describe("the sitemap index", () => {
  it("is a valid sitemap index of the published stores' sitemaps, with their last change", async () => {
    const response = await visitor.get("/sitemap.xml");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/xml; charset=utf-8");
    expect(response.headers["cache-control"]).toBe("no-cache");
    expect(xmllint(response.body, "siteindex.xsd")).toBe("");
    const xml = response.body;
    expect(count(xml, "sitemapindex/sitemap")).toBe(2);
    expect(text(xml, "sitemapindex/sitemap[1]/loc")).toBe(`${ORIGIN}/s/${seed.store.slug}/sitemap.xml`);
    expect(text(xml, "sitemapindex/sitemap[2]/loc")).toBe(`${ORIGIN}/s/${seed.small.slug}/sitemap.xml`);
    expect(text(xml, "sitemapindex/sitemap[1]/lastmod")).toMatch(W3C_DATETIME);
    // Neither the deleted store nor the one with nothing for sale.
    expect(xml).not.toContain(seed.deleted.slug);
    expect(xml).not.toContain(seed.empty.slug);
  });

  it("answers 404 past its last page and 400 for a page that is not a number", async () => {
    expect((await visitor.get("/sitemap.xml?page=2")).statusCode).toBe(404);
    const invalid = await visitor.get("/sitemap.xml?page=zero");
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().message).toEqual(expect.any(String));
  });

  it("pages through stores and through a store's URLs by the protocol's limits", async () => {
    const db = t.database.db;
    // Two URLs a sitemap, two sitemaps an index page: the first store's storefront and 3 active
    // products make 2 sitemaps, the small store's storefront and spoon 1.
    const limits: SitemapLimits = { urlsPerSitemap: 2, sitemapsPerIndex: 2 };
    expect(await countSitemapIndexPages(db, limits)).toBe(2);
    const first = await listStoreSitemaps(db, 1, limits);
    expect(first.map((sitemap) => [sitemap.slug, sitemap.page])).toEqual([
      [seed.store.slug, 1],
      [seed.store.slug, 2],
    ]);
    const second = await listStoreSitemaps(db, 2, limits);
    expect(second.map((sitemap) => [sitemap.slug, sitemap.page])).toEqual([[seed.small.slug, 1]]);
    expect(await listStoreSitemaps(db, 3, limits)).toEqual([]);

    const page1 = await storeSitemapUrls(db, seed.store.slug, 1, limits);
    const page2 = await storeSitemapUrls(db, seed.store.slug, 2, limits);
    expect(page1?.map((url) => url.productId)).toEqual([null, seed.mug.id]);
    expect(page2?.map((url) => url.productId)).toEqual([seed.soldOut.id, seed.sweater.id]);
    expect(await storeSitemapUrls(db, seed.store.slug, 3, limits)).toBeUndefined();
  });
});

describe("the schemas the sitemaps are checked against", () => {
  const urlset = (url: string) =>
    `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">${url}</urlset>`;
  it("refuse what Google and sitemaps.org would: an image without its loc, a url without its loc, a stray element", () => {
    const good =
      "<url><loc>https://torg.example/s/a</loc><image:image><image:loc>https://torg.example/u/a.webp</image:loc></image:image></url>";
    expect(xmllint(urlset(good), "urlset-with-images.xsd")).toBe("");
    for (const bad of [
      "<url><loc>https://torg.example/s/a</loc><image:image><image:title>No loc</image:title></image:image></url>",
      "<url><lastmod>2026-11-27</lastmod></url>",
      "<url><loc>https://torg.example/s/a</loc><image:picture>https://torg.example/u/a.webp</image:picture></url>",
    ])
      expect(xmllint(urlset(bad), "urlset-with-images.xsd")).toMatch(/fails to validate/);
  });
});

describe("a store's sitemap", () => {
  it("is valid with Google's image extension and lists the storefront and the active products with their photos", async () => {
    const response = await visitor.get(`/s/${seed.store.slug}/sitemap.xml`);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/xml; charset=utf-8");
    expect(response.headers["cache-control"]).toBe("no-cache");
    const xml = response.body;
    expect(xmllint(xml, "urlset-with-images.xsd")).toBe("");
    expect(xml).toContain('xmlns:image="http://www.google.com/schemas/sitemap-image/1.1"');
    const locs = Array.from({ length: count(xml, "urlset/url") }, (_, n) =>
      text(xml, `urlset/url[${n + 1}]/loc`),
    );
    expect(locs).toEqual([
      `${ORIGIN}/s/${seed.store.slug}`,
      `${ORIGIN}/products/${seed.mug.id}`,
      `${ORIGIN}/products/${seed.soldOut.id}`,
      `${ORIGIN}/products/${seed.sweater.id}`,
    ]);
    expect(xml).not.toContain(seed.hidden.id);
    for (let n = 1; n <= locs.length; n++)
      expect(text(xml, `urlset/url[${n}]/lastmod`)).toMatch(W3C_DATETIME);
    // The storefront's picture, and both of the mug's, as absolute addresses of uploaded photos.
    expect(count(xml, "urlset/url[1]/image:image")).toBe(1);
    expect(count(xml, "urlset/url[2]/image:image")).toBe(2);
    expect(text(xml, "urlset/url[2]/image:image[1]/image:loc")).toBe(`${ORIGIN}${seed.mug.primaryImage}`);
    expect(text(xml, "urlset/url[2]/image:image[2]/image:loc")).toMatch(
      new RegExp(`^${ORIGIN}/uploads/products/[0-9a-f-]{36}-1600\\.webp$`),
    );
  });

  it("is gone for a deleted or unknown store and past its last page", async () => {
    for (const url of [
      `/s/${seed.deleted.slug}/sitemap.xml`,
      "/s/no-such-store/sitemap.xml",
      "/s/NOT_A_SLUG!/sitemap.xml",
      `/s/${seed.store.slug}/sitemap.xml?page=2`,
    ]) {
      const response = await visitor.get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.headers["content-type"], url).toMatch(/^application\/json/);
    }
  });

  it("follows the catalogue: a new product is listed at once (the public cache is cleared)", async () => {
    const { agent } = await signUp(t.app);
    const store = await createStoreVia(agent, "Growing shop");
    await createProductVia(agent, store.id, { title: "First" });
    const before = await visitor.get(`/s/${store.slug}/sitemap.xml`);
    expect(count(before.body, "urlset/url")).toBe(2);
    const second = await createProductVia(agent, store.id, { title: "Second" });
    const after = await visitor.get(`/s/${store.slug}/sitemap.xml`);
    expect(count(after.body, "urlset/url")).toBe(3);
    expect(after.body).toContain(`/products/${second.id}`);
    expect((await agent.delete(`/api/stores/${store.id}`)).statusCode).toBe(200);
  });
});

describe("the Google product feed", () => {
  it("is RSS 2.0 with the g: fields Merchant Center reads, one item per product or variant", async () => {
    const response = await visitor.get(`/s/${seed.store.slug}/feeds/google.xml`);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/rss+xml; charset=utf-8");
    expect(response.headers["cache-control"]).toBe("no-cache");
    const xml = response.body;
    expect(xmllint(xml)).toBe("");
    expect(xml).toContain('<rss version="2.0" xmlns:g="http://base.google.com/ns/1.0">');
    expect(text(xml, "rss/channel/title")).toBe("Leire & Lys <Oslo>");
    expect(text(xml, "rss/channel/link")).toBe(`${ORIGIN}/s/${seed.store.slug}`);
    // The mug, the bowl, and the sweater's two variants; not the inactive vase.
    expect(count(xml, "rss/channel/item")).toBe(4);
    expect(xml).not.toContain(seed.hidden.id);

    const item = (id: string, field: string) => text(xml, `rss/channel/item[${ID}='${id}']/${field}`);
    expect(item(seed.mug.id, "g:title")).toBe(`Mug "Fjord" & saucer`);
    expect(item(seed.mug.id, "g:description")).toBe(
      `Ash glaze </script><script>alert("x")</script> <!-- & more`,
    );
    expect(item(seed.mug.id, "g:link")).toBe(`${ORIGIN}/products/${seed.mug.id}`);
    expect(item(seed.mug.id, "g:image_link")).toBe(`${ORIGIN}${seed.mug.primaryImage}`);
    expect(item(seed.mug.id, "g:additional_image_link")).toMatch(/^https:\/\/torg\.example\.no\/uploads\//);
    expect(item(seed.mug.id, "g:availability")).toBe("in_stock");
    expect(item(seed.mug.id, "g:price")).toBe("349.00 NOK");
    expect(item(seed.mug.id, "g:brand")).toBe("Leire & Lys <Oslo>");
    expect(item(seed.mug.id, "g:condition")).toBe("new");
    expect(item(seed.mug.id, "g:identifier_exists")).toBe("no");
    expect(count(xml, `rss/channel/item[${ID}='${seed.mug.id}']/g:item_group_id`)).toBe(0);
    expect(item(seed.soldOut.id, "g:availability")).toBe("out_of_stock");
    expect(item(seed.soldOut.id, "g:price")).toBe("120.00 NOK");

    const [small, medium] = seed.sweater.variants;
    if (!small || !medium) throw new Error("the sweater has no variants");
    expect(count(xml, `rss/channel/item[${ID}='${seed.sweater.id}']`)).toBe(0);
    expect(item(small.id, "g:item_group_id")).toBe(seed.sweater.id);
    expect(item(medium.id, "g:item_group_id")).toBe(seed.sweater.id);
    expect(item(small.id, "g:title")).toBe(`Wool sweater (${small.label})`);
    expect(item(small.id, "g:price")).toBe("1100.00 NOK");
    expect(item(small.id, "g:availability")).toBe("out_of_stock");
    expect(item(medium.id, "g:price")).toBe("1200.00 NOK");
    expect(item(medium.id, "g:availability")).toBe("in_stock");
    // "Størrelse" is a size; "Glasur" has no name outside Torg.
    expect(item(small.id, "g:size")).toBe("S");
    expect(item(medium.id, "g:size")).toBe("M");
    expect(count(xml, `rss/channel/item[${ID}='${small.id}']/g:color`)).toBe(0);
  });

  it("has moved from its first address for good (301), which links already given out still reach", async () => {
    const moved = await visitor.get(`/s/${seed.store.slug}/feed.xml`);
    expect(moved.statusCode).toBe(301);
    expect(moved.headers.location).toBe(`${ORIGIN}/s/${seed.store.slug}/feeds/google.xml`);
  });

  it("is gone for a deleted or unknown store", async () => {
    for (const url of [
      `/s/${seed.deleted.slug}/feeds/google.xml`,
      "/s/no-such-store/feeds/google.xml",
      `/s/${seed.deleted.slug}/feeds/meta.csv`,
      "/s/no-such-store/feed.xml",
    ]) {
      const response = await visitor.get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json().message, url).toEqual(expect.any(String));
    }
  });
});

/** The fields Google requires for a Product rich result, and what Torg promises about them. */
const offerSchema = z.object({
  "@type": z.literal("Offer"),
  price: z.string().regex(/^\d+\.\d{2}$/),
  priceCurrency: z.literal("NOK"),
  availability: z.enum(["https://schema.org/InStock", "https://schema.org/OutOfStock"]),
  url: z.url(),
  seller: z.object({ "@type": z.literal("Organization"), name: z.string().min(1) }),
});
const productSchema = z.object({
  "@type": z.literal("Product"),
  name: z.string().min(1),
  image: z.array(z.url()).min(1),
  offers: offerSchema,
});

/** The JSON-LD blocks of a page, parsed. */
function jsonLd(html: string): unknown[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((match) =>
    JSON.parse(match[1] ?? ""),
  );
}

describe("structured data (JSON-LD)", () => {
  it("describes a product page as a Product with an Offer, escaped so nothing a seller writes can end it", async () => {
    const page = await visitor.get(`/products/${seed.mug.id}`);
    expect(page.statusCode).toBe(200);
    const blocks = jsonLd(page.body);
    expect(blocks).toHaveLength(1);
    productSchema.extend({ "@context": z.literal("https://schema.org") }).parse(blocks[0]);
    expect(blocks[0]).toMatchObject({
      name: `Mug "Fjord" & saucer`,
      image: [
        `${ORIGIN}${seed.mug.primaryImage}`,
        expect.stringMatching(/^https:\/\/torg\.example\.no\/uploads\//),
      ],
      offers: {
        price: "349.00",
        availability: "https://schema.org/InStock",
        url: `${ORIGIN}/products/${seed.mug.id}`,
        seller: {
          "@type": "Organization",
          name: "Leire & Lys <Oslo>",
          url: `${ORIGIN}/s/${seed.store.slug}`,
        },
      },
      brand: { "@type": "Organization", name: "Leire & Lys <Oslo>", url: `${ORIGIN}/s/${seed.store.slug}` },
    });
    expect(blocks[0]).toMatchObject({
      sku: "MUG-1",
      url: `${ORIGIN}/products/${seed.mug.id}`,
      description: `Ash glaze </script><script>alert("x")</script> <!-- & more`,
    });
    // In the head, and the seller's "</script>" and "<!--" only as \u003c.
    const head = page.body.slice(0, page.body.indexOf("</head>"));
    expect(head).toContain('<script type="application/ld+json">');
    const block = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(head)?.[1] ?? "";
    expect(block).not.toContain("<");
    expect(block).toContain("\\u003c/script>");

    const soldOut = jsonLd((await visitor.get(`/products/${seed.soldOut.id}`)).body)[0];
    expect(productSchema.parse(soldOut).offers.availability).toBe("https://schema.org/OutOfStock");
    expect(soldOut).not.toHaveProperty("sku");
  });

  it("describes a product with variants as a ProductGroup with one Product per variant", async () => {
    const [group] = jsonLd((await visitor.get(`/products/${seed.sweater.id}`)).body);
    const parsed = z
      .object({
        "@type": z.literal("ProductGroup"),
        name: z.literal("Wool sweater"),
        productGroupID: z.literal(seed.sweater.id),
        variesBy: z.tuple([z.literal("https://schema.org/size")]),
        hasVariant: z.array(productSchema.extend({ inProductGroupWithID: z.literal(seed.sweater.id) })),
      })
      .parse(group);
    expect(parsed.hasVariant.map((variant) => [variant.offers.price, variant.offers.availability])).toEqual([
      ["1100.00", "https://schema.org/OutOfStock"],
      ["1200.00", "https://schema.org/InStock"],
    ]);
    expect(group).toMatchObject({ hasVariant: [{ sku: "SW-S", size: "S" }, { size: "M" }] });
  });

  it("describes a storefront as an ItemList of its active products' pages", async () => {
    const page = await visitor.get(`/s/${seed.store.slug}`);
    expect(page.statusCode).toBe(200);
    const [list] = jsonLd(page.body);
    expect(list).toEqual({
      "@context": "https://schema.org",
      "@type": "ItemList",
      name: "Leire & Lys <Oslo>",
      url: `${ORIGIN}/s/${seed.store.slug}`,
      numberOfItems: 3,
      itemListElement: [seed.mug.id, seed.soldOut.id, seed.sweater.id].map((id, n) => ({
        "@type": "ListItem",
        position: n + 1,
        url: `${ORIGIN}/products/${id}`,
      })),
    });
  });

  it("is not on a page that was not found", async () => {
    const missing = await visitor.get("/s/no-such-store");
    expect(missing.statusCode).toBe(404);
    expect(jsonLd(missing.body)).toEqual([]);
  });
});
