/**
 * The product feeds for Google Merchant Center and Meta's Commerce Manager (issue 32, decision 0080),
 * checked field by field against the required fields their documentation lists, and the shop's
 * documents (feeds, sitemap, robots.txt) on a store's own domain. Runs on PGlite and, with
 * TEST_DATABASE_URL, on PostgreSQL.
 */
import { execFileSync } from "node:child_process";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { storeDomains, stores } from "../../db/schema";
import { createProductVia, createStoreVia, multipart, sampleJpeg } from "../../test/fixtures";
import { Agent, createShopTestApp, signUp, type TestApp } from "../../test/harness";
import { META_COLUMNS } from "./meta-feed";

const ORIGIN = "https://torg.example.no";
const DOMAIN = "keramikk.example";
const DOMAIN_ORIGIN = `https://${DOMAIN}`;

let t: TestApp;
let visitor: Agent;
const seed = {} as {
  /** One parcel option (99 kr, free from 1000 kr) and a pickup. */
  shop: { id: string; slug: string };
  mug: string;
  vase: string;
  sweater: string;
  /** On its own domain, with two parcel options and a wide logo. */
  domainShop: { id: string; slug: string };
  cup: string;
  /** Pickup only. */
  pickupShop: { id: string; slug: string };
};

beforeAll(async () => {
  t = await createShopTestApp();
  visitor = new Agent(t.app);
  const { agent } = await signUp(t.app);

  const shop = await createStoreVia(agent, "Leire, Lys & Co");
  const delivery = (id: string, options: unknown[]) =>
    agent.put(`/api/stores/${id}/delivery-options`, options);
  expect(
    (
      await delivery(shop.id, [
        { name: "Posten: Pakke i postkassen", kind: "parcel", price: "99", freeAbove: "1000" },
        { name: "Hent i verkstedet", kind: "pickup", price: "0" },
      ])
    ).statusCode,
  ).toBe(200);
  const mug = await createProductVia(agent, shop.id, {
    title: `Krus "Fjord", 3 dl`,
    blurb: "Dreid på skive,\nglasert i aske.",
    basePrice: "349",
  });
  const photo = multipart({}, [
    { field: "image", filename: "side.jpg", body: await sampleJpeg(160, 120), type: "image/jpeg" },
  ]);
  expect(
    (await agent.request({ method: "POST", url: `/api/products/${mug.id}/images`, ...photo })).statusCode,
  ).toBe(200);
  const vase = await createProductVia(agent, shop.id, {
    title: "Stor vase",
    basePrice: "1500",
    stockQty: "0",
  });
  const sweater = await createProductVia(agent, shop.id, { title: "Ullgenser", basePrice: "1200" });
  const variants = await agent.put(`/api/products/${sweater.id}/variants`, {
    options: [{ name: "Farge", values: ["Blå", "Grå"] }],
    variants: [
      { values: ["Blå"], price: "1100", stockQty: 0 },
      { values: ["Grå"], stockQty: null },
    ],
  });
  expect(variants.statusCode, variants.body).toBe(200);

  const domainShop = await createStoreVia(agent, "Keramikk på nett");
  await delivery(domainShop.id, [
    { name: "Posten", kind: "parcel", price: "79" },
    { name: "Helthjem", kind: "parcel", price: "69", freeAbove: "500" },
  ]);
  const cup = await createProductVia(agent, domainShop.id, { title: "Kopp", basePrice: "249" });
  // A verified domain, as the domain checks leave it (decision 0080).
  const db = t.database.db;
  await db.insert(storeDomains).values({
    storeId: domainShop.id,
    domain: DOMAIN,
    token: "test-token",
    targetHost: "torg.example.no",
    records: [],
    status: "verified",
    verifiedAt: new Date(),
  });
  await db
    .update(stores)
    .set({ brandAssets: { logoWide: "/uploads/brand/keramikk-wide.webp" } })
    .where(eq(stores.id, domainShop.id));

  const pickupShop = await createStoreVia(agent, "Bare henting");
  await delivery(pickupShop.id, [{ name: "Hent på torget", kind: "pickup", price: "0" }]);
  await createProductVia(agent, pickupShop.id, { title: "Skje" });

  Object.assign(seed, {
    shop,
    mug: mug.id,
    vase: vase.id,
    sweater: sweater.id,
    domainShop,
    cup: cup.id,
    pickupShop,
  });
}, 180_000);

afterAll(async () => {
  await t?.close();
});

/**
 * A document of a store, following a 301 to the store's own domain (host routing sends `{torg}/s/{slug}/…`
 * there once it has one, and maps the domain's `/feeds/…`, `/sitemap.xml`, `/robots.txt` back to these
 * routes) by asking this app with that host.
 */
async function shopDocument(url: string) {
  const response = await visitor.get(url);
  if (response.statusCode !== 301 || url.endsWith("/feed.xml")) return response;
  const moved = new URL(String(response.headers.location));
  return t.app.inject({ url: `${moved.pathname}${moved.search}`, headers: { host: moved.host } });
}

/** An XPath over local names: "rss/channel/item" matches whatever namespace each element is in. */
const local = (steps: string) =>
  steps
    .split("/")
    .map((step) => {
      const at = step.includes("[") ? step.indexOf("[") : step.length;
      return `*[local-name()='${step.slice(0, at).replace(/^\w+:/, "")}']${step.slice(at)}`;
    })
    .join("/");
const xpath = (xml: string, expression: string) =>
  execFileSync("xmllint", ["--nonet", "--xpath", expression, "-"], { input: xml })
    .toString()
    .replace(/\n$/, "");
const text = (xml: string, steps: string) => xpath(xml, `string(/${local(steps)})`);
const count = (xml: string, steps: string) => Number(xpath(xml, `count(/${local(steps)})`));
/** Every match's text, in document order. */
const texts = (xml: string, steps: string) =>
  Array.from({ length: count(xml, steps) }, (_, n) => xpath(xml, `string((/${local(steps)})[${n + 1}])`));

const PRICE = /^\d+\.\d{2} [A-Z]{3}$/;
const onHost = (origin: string) => (url: string) => url.startsWith(`${origin}/`);

/**
 * Google's "Product data specification" (support.google.com/merchants/answer/7052112): the attributes
 * marked "Required" ("If you don't, your product won't be able to be served in ads and free listings"),
 * brand (required "for all new products"), condition (Torg's goods are new; Google requires it for used
 * and refurbished ones and it is sent for all), and shipping, which Google's "Shipping [shipping]" page
 * lists as required for Shopping ads and free listings in Norway. Each with the form Google asks for.
 */
const GOOGLE_REQUIRED: [field: string, words: string, ok: (value: string, origin: string) => boolean][] = [
  ["g:id", "Your product's unique identifier; Max 50 characters", (v) => v.length >= 1 && v.length <= 50],
  ["g:title", "Your product's name; Max 150 characters", (v) => v.length >= 1 && v.length <= 150],
  [
    "g:description",
    "Your product's description; Max 5000 characters",
    (v) => v.length >= 1 && v.length <= 5000,
  ],
  ["g:link", "Your product's landing page; Start with http or https", (v, o) => onHost(o)(v)],
  ["g:image_link", "The URL of your product's main image", (v) => /^https:\/\//.test(v)],
  [
    "g:availability",
    "in_stock, out_of_stock, preorder, backorder",
    (v) => ["in_stock", "out_of_stock"].includes(v),
  ],
  ["g:price", "Numeric value and ISO 4217 currency code", (v) => PRICE.test(v) && v.endsWith(" NOK")],
  ["g:brand", "Your product's brand name; Max 70 characters", (v) => v.length >= 1 && v.length <= 70],
  ["g:condition", "new, refurbished, used", (v) => ["new", "refurbished", "used"].includes(v)],
  ["g:shipping/g:country", "ISO 3166-1 country code", (v) => v === "NO"],
  ["g:shipping/g:price", "Fixed shipping cost, with its currency", (v) => PRICE.test(v)],
];

describe("the Google feed (RSS 2.0 with g: fields)", () => {
  it("has every field Google requires, present and well-formed, on every item", async () => {
    const response = await visitor.get(`/s/${seed.shop.slug}/feeds/google.xml`);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/rss+xml; charset=utf-8");
    const xml = response.body;
    // The mug, the vase and the sweater's two variants.
    const ids = texts(xml, "rss/channel/item/g:id");
    expect(ids).toHaveLength(4);
    for (const [n] of ids.entries())
      for (const [field, words, ok] of GOOGLE_REQUIRED) {
        const value = text(xml, `rss/channel/item[${n + 1}]/${field}`);
        expect(ok(value, ORIGIN), `${ids[n]} ${field} (${words}): "${value}"`).toBe(true);
      }
    // RSS 2.0's own item elements (title, link, description) Google requires too: as g: fields here.
    expect(count(xml, "rss/channel/item/g:title")).toBe(4);
  });

  it("ships with the store's parcel options, free above their threshold, and says nothing of pickup", async () => {
    const xml = (await visitor.get(`/s/${seed.shop.slug}/feeds/google.xml`)).body;
    const item = (id: string) => `rss/channel/item[${local("g:id")}='${id}']`;
    expect(count(xml, `${item(seed.mug)}/g:shipping`)).toBe(1);
    expect(text(xml, `${item(seed.mug)}/g:shipping/g:service`)).toBe("Posten: Pakke i postkassen");
    expect(text(xml, `${item(seed.mug)}/g:shipping/g:price`)).toBe("99.00 NOK");
    // The vase alone reaches the 1000 kr threshold: a shopper buying it pays nothing for the parcel.
    expect(text(xml, `${item(seed.vase)}/g:shipping/g:price`)).toBe("0.00 NOK");
    // One parcel option: the threshold is Google's free_shipping_threshold too.
    expect(text(xml, `${item(seed.mug)}/g:free_shipping_threshold/g:country`)).toBe("NO");
    expect(text(xml, `${item(seed.mug)}/g:free_shipping_threshold/g:price_threshold`)).toBe("1000.00 NOK");
    expect(xml).not.toContain("Hent i verkstedet");

    // Two parcel options: both, and no threshold (Google's applies to every service of a country).
    const two = (await shopDocument(`/s/${seed.domainShop.slug}/feeds/google.xml`)).body;
    expect(texts(two, "rss/channel/item/g:shipping/g:service")).toEqual(["Posten", "Helthjem"]);
    expect(texts(two, "rss/channel/item/g:shipping/g:price")).toEqual(["79.00 NOK", "69.00 NOK"]);
    expect(count(two, "rss/channel/item/g:free_shipping_threshold")).toBe(0);
    // Pickup only: no shipping in the feed; the seller sets it in Merchant Center's account settings.
    const pickup = (await visitor.get(`/s/${seed.pickupShop.slug}/feeds/google.xml`)).body;
    expect(count(pickup, "rss/channel/item")).toBe(1);
    expect(count(pickup, "rss/channel/item/g:shipping")).toBe(0);
  });

  it("groups variants by item_group_id with their colour", async () => {
    const xml = (await visitor.get(`/s/${seed.shop.slug}/feeds/google.xml`)).body;
    const grouped = `rss/channel/item[${local("g:item_group_id")}='${seed.sweater}']`;
    expect(count(xml, grouped)).toBe(2);
    expect(texts(xml, `${grouped}/g:color`)).toEqual(["Blå", "Grå"]);
    expect(texts(xml, `${grouped}/g:availability`)).toEqual(["out_of_stock", "in_stock"]);
  });
});

/** RFC 4180 read back: fields split at commas outside quotes, "" inside quotes a quote, records at CRLF. */
function parseCsv(csv: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  let i = 0;
  while (i < csv.length) {
    const char = csv[i];
    const next = csv[i + 1];
    i += 1;
    if (quoted) {
      if (char === '"' && next === '"') {
        field += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"' && field === "") quoted = true;
    else if (char === ",") {
      row.push(field);
      field = "";
    } else if (char === "\r" && next === "\n") {
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
      i += 1;
    } else if (char === "\n" || char === "\r" || char === '"') throw new Error(`stray ${char} at ${i}`);
    else field += char;
  }
  if (field !== "" || row.length > 0) throw new Error("the last record has no CRLF");
  return rows;
}

/**
 * Meta's required fields for a product (the catalogue's supported fields: id, title, description,
 * availability, condition, price, link, image_link, brand), each in the form Meta documents.
 */
const META_REQUIRED: Record<string, (value: string, origin: string) => boolean> = {
  id: (v) => v.length >= 1 && v.length <= 100, // "Max character limit: 100"
  title: (v) => v.length >= 1 && v.length <= 150, // "Max character limit: 150"
  description: (v) => v.length >= 1 && v.length <= 5000, // "Max character limit: 5000"
  availability: (v) => ["in stock", "out of stock"].includes(v), // "Must be written in U.S. English"
  condition: (v) => ["new", "refurbished", "used"].includes(v), // "Supported values: new, refurbished, used"
  price: (v) => PRICE.test(v) && v.endsWith(" NOK"), // "a number followed by the currency code (ISO 4217)"
  link: (v, o) => onHost(o)(v), // "The URL of the website where you can buy the item"
  image_link: (v) => /^https:\/\//.test(v),
  brand: (v) => v.length >= 1 && v.length <= 100,
};

describe("the Meta catalogue feed (CSV)", () => {
  it("parses as RFC 4180 CSV with Meta's header, and every required column is set in Meta's format", async () => {
    const response = await visitor.get(`/s/${seed.shop.slug}/feeds/meta.csv`);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
    const [header, ...rows] = parseCsv(response.body);
    expect(header).toEqual([...META_COLUMNS]);
    expect(rows).toHaveLength(4);
    for (const row of rows) {
      expect(row).toHaveLength(META_COLUMNS.length);
      const record = Object.fromEntries(META_COLUMNS.map((column, n) => [column, row[n] ?? ""]));
      for (const [column, ok] of Object.entries(META_REQUIRED))
        expect(ok(record[column] ?? "", ORIGIN), `${record.id} ${column}: "${record[column]}"`).toBe(true);
    }
    const byId = new Map(
      rows.map((row) => [row[0], Object.fromEntries(META_COLUMNS.map((c, n) => [c, row[n]]))]),
    );
    // A title and description with commas, quotes, a line break and Norwegian letters come back whole.
    expect(byId.get(seed.mug)).toMatchObject({
      title: `Krus "Fjord", 3 dl`,
      description: "Dreid på skive,\nglasert i aske.",
      availability: "in stock",
      price: "349.00 NOK",
      link: `${ORIGIN}/products/${seed.mug}`,
      brand: "Leire, Lys & Co",
      item_group_id: "",
      // Meta's "Country:Region:Service:Price": the colon in the option's name would split it.
      shipping: "NO::Posten Pakke i postkassen:99.00 NOK",
    });
    expect(byId.get(seed.mug)?.additional_image_link).toMatch(/^https:\/\/torg\.example\.no\/uploads\/\S+$/);
    expect(byId.get(seed.vase)).toMatchObject({
      availability: "out of stock",
      shipping: "NO::Posten Pakke i postkassen:0.00 NOK",
    });
    const variants = rows.filter((row) => row[META_COLUMNS.indexOf("item_group_id")] === seed.sweater);
    expect(variants.map((row) => row[META_COLUMNS.indexOf("color")])).toEqual(["Blå", "Grå"]);
  });
});

describe("a store on its own domain", () => {
  it("is linked at its domain in both feeds: products, photos and the storefront", async () => {
    const xml = (await shopDocument(`/s/${seed.domainShop.slug}/feeds/google.xml`)).body;
    expect(text(xml, "rss/channel/link")).toBe(`${DOMAIN_ORIGIN}/`);
    expect(text(xml, "rss/channel/item/g:link")).toBe(`${DOMAIN_ORIGIN}/products/${seed.cup}`);
    expect(text(xml, "rss/channel/item/g:image_link")).toMatch(new RegExp(`^${DOMAIN_ORIGIN}/uploads/`));
    expect(xml).not.toContain(ORIGIN);
    for (const [field, , ok] of GOOGLE_REQUIRED)
      expect(ok(text(xml, `rss/channel/item/${field}`), DOMAIN_ORIGIN), field).toBe(true);

    const [header = [], row = []] = parseCsv(
      (await shopDocument(`/s/${seed.domainShop.slug}/feeds/meta.csv`)).body,
    );
    const record = Object.fromEntries(header.map((column, n) => [column, row[n] ?? ""]));
    expect(record.link).toBe(`${DOMAIN_ORIGIN}/products/${seed.cup}`);
    expect(record.image_link).toMatch(new RegExp(`^${DOMAIN_ORIGIN}/uploads/`));
    expect(record.shipping).toBe("NO::Posten:79.00 NOK,NO::Helthjem:69.00 NOK");
  });

  it("has its sitemap at its domain, named by its own robots.txt and left out of Torg's sitemap index", async () => {
    const sitemap = (await shopDocument(`/s/${seed.domainShop.slug}/sitemap.xml`)).body;
    expect(texts(sitemap, "urlset/url/loc")).toEqual([
      `${DOMAIN_ORIGIN}/`,
      `${DOMAIN_ORIGIN}/products/${seed.cup}`,
    ]);
    expect(xpath(sitemap, `string(//*[local-name()='image']/*[local-name()='loc'])`)).toMatch(
      new RegExp(`^${DOMAIN_ORIGIN}/uploads/`),
    );
    const schema = path.join(import.meta.dirname, "fixtures", "urlset-with-images.xsd");
    execFileSync("xmllint", ["--noout", "--nonet", "--schema", schema, "-"], {
      input: sitemap,
      stdio: "pipe",
    });

    const robots = await shopDocument(`/s/${seed.domainShop.slug}/robots.txt`);
    expect(robots.statusCode).toBe(200);
    expect(robots.headers["content-type"]).toBe("text/plain; charset=utf-8");
    expect(robots.body).toBe(
      `User-agent: *\nAllow: /\nDisallow: /api/\n\nSitemap: ${DOMAIN_ORIGIN}/sitemap.xml\n`,
    );
    // A store on Torg's address is covered by Torg's robots.txt, which is as it was.
    expect((await visitor.get(`/s/${seed.shop.slug}/robots.txt`)).statusCode).toBe(404);
    const platform = (await visitor.get("/robots.txt")).body;
    expect(platform).toContain(`Sitemap: ${ORIGIN}/sitemap.xml\n`);
    expect(platform).toContain("Allow: /s/\n");

    const index = (await visitor.get("/sitemap.xml")).body;
    expect(texts(index, "sitemapindex/sitemap/loc")).toEqual([
      `${ORIGIN}/s/${seed.shop.slug}/sitemap.xml`,
      `${ORIGIN}/s/${seed.pickupShop.slug}/sitemap.xml`,
    ]);
  });

  it("sends the feed's first address to the feed at its domain (301)", async () => {
    const moved = await shopDocument(`/s/${seed.domainShop.slug}/feed.xml`);
    expect(moved.statusCode).toBe(301);
    expect(moved.headers.location).toBe(`${DOMAIN_ORIGIN}/feeds/google.xml`);
  });
});

describe("feeds follow the catalogue", () => {
  it("list a new product at once and drop one taken off sale (the public cache is cleared)", async () => {
    const { agent } = await signUp(t.app);
    const store = await createStoreVia(agent, "Voksende butikk");
    const first = await createProductVia(agent, store.id, { title: "Første" });
    const google = `/s/${store.slug}/feeds/google.xml`;
    const meta = `/s/${store.slug}/feeds/meta.csv`;
    expect(count((await visitor.get(google)).body, "rss/channel/item")).toBe(1);
    expect(parseCsv((await visitor.get(meta)).body)).toHaveLength(2);
    const second = await createProductVia(agent, store.id, { title: "Andre" });
    await agent.put(`/api/products/${first.id}`, { isActive: false });
    expect(texts((await visitor.get(google)).body, "rss/channel/item/g:id")).toEqual([second.id]);
    expect(parseCsv((await visitor.get(meta)).body).map((row) => row[0])).toEqual(["id", second.id]);
  });
});
