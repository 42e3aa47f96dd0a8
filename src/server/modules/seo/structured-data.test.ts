/**
 * The shop pages' JSON-LD checked against the schema.org vocabulary itself (issue 32 item 6): every
 * object's type is a schema.org class, every property is one whose domain includes the object's type
 * (or one of its superclasses), and every value is of a type in the property's range. The definitions
 * are the published vocabulary's, for the types and properties Torg uses (fixtures/schemaorg-subset.json,
 * its source in fixtures/SOURCES.md). Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { storeDomains, stores } from "../../db/schema";
import { createProductVia, createStoreVia } from "../../test/fixtures";
import { Agent, createShopTestApp, signUp, type TestApp } from "../../test/harness";
import vocabulary from "./fixtures/schemaorg-subset.json";

const ORIGIN = "https://torg.example.no";
const DOMAIN_ORIGIN = "https://butikk.example";
const SCHEMA = "https://schema.org/";

const classes: Record<string, string[]> = vocabulary.classes;
const members: Record<string, string> = vocabulary.enumerationMembers;
const properties: Record<string, { domainIncludes: string[]; rangeIncludes: string[] }> =
  vocabulary.properties;

/** A class and all it is a subclass of. */
function lineage(type: string): string[] {
  const parents = classes[type];
  if (!parents) return [];
  return [type, ...parents.flatMap(lineage)];
}

/** The schema.org types a JSON value is: an object's @type, an enumeration member's, or a data type. */
function typesOf(value: unknown): string[] {
  if (typeof value === "number") return lineage(Number.isInteger(value) ? "Integer" : "Number");
  if (typeof value === "string") {
    const member = value.startsWith(SCHEMA) ? members[value.slice(SCHEMA.length)] : undefined;
    if (member) return lineage(member);
    return lineage(/^https?:\/\//.test(value) ? "URL" : "Text");
  }
  if (value && typeof value === "object" && "@type" in value) return lineage(String(value["@type"]));
  return [];
}

/** What breaks the vocabulary in a JSON-LD node and the nodes inside it: empty when nothing does. */
function vocabularyErrors(node: Record<string, unknown>, at = "$"): string[] {
  const type = String(node["@type"]);
  const own = lineage(type);
  if (own.length === 0) return [`${at}: unknown type ${type}`];
  return Object.entries(node).flatMap(([key, raw]) => {
    if (key.startsWith("@")) return [];
    const property = properties[key];
    if (!property) return [`${at}.${key}: not a property Torg's vocabulary knows`];
    if (!property.domainIncludes.some((domain) => own.includes(domain)))
      return [`${at}.${key}: not a property of ${type}`];
    return (Array.isArray(raw) ? raw : [raw]).flatMap((value, n) => {
      const where = Array.isArray(raw) ? `${at}.${key}[${n}]` : `${at}.${key}`;
      if (!typesOf(value).some((t) => property.rangeIncludes.includes(t)))
        return [`${where}: ${JSON.stringify(value)} is not a ${property.rangeIncludes.join(" or ")}`];
      return value && typeof value === "object"
        ? vocabularyErrors(value as Record<string, unknown>, where)
        : [];
    });
  });
}

/**
 * A shop page, following a 301 to the store's own domain (host routing sends `{torg}/…` there once it
 * has one) by asking this app with that host.
 */
async function shopPage(url: string) {
  const response = await visitor.get(url);
  if (response.statusCode !== 301) return response;
  const moved = new URL(String(response.headers.location));
  return t.app.inject({ url: `${moved.pathname}${moved.search}`, headers: { host: moved.host } });
}

/** The JSON-LD blocks of a page, parsed. */
function jsonLd(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((match) =>
    JSON.parse(match[1] ?? ""),
  );
}

let t: TestApp;
let visitor: Agent;
const seed = {} as {
  shop: { slug: string };
  mug: string;
  sweater: string;
  domainShop: { slug: string };
  cup: string;
};

beforeAll(async () => {
  t = await createShopTestApp();
  visitor = new Agent(t.app);
  const { agent } = await signUp(t.app);
  const shop = await createStoreVia(agent, "Leire og lys");
  const mug = await createProductVia(agent, shop.id, { title: "Krus", basePrice: "349", sku: "KRUS-1" });
  const sweater = await createProductVia(agent, shop.id, { title: "Genser", basePrice: "1200" });
  const variants = await agent.put(`/api/products/${sweater.id}/variants`, {
    options: [{ name: "Størrelse", values: ["S", "M"] }],
    variants: [
      { values: ["S"], price: "1100", stockQty: 3 },
      { values: ["M"], stockQty: null },
    ],
  });
  expect(variants.statusCode, variants.body).toBe(200);

  const domainShop = await createStoreVia(agent, "Butikk med domene");
  const cup = await createProductVia(agent, domainShop.id, { title: "Kopp", basePrice: "249" });
  const db = t.database.db;
  await db.insert(storeDomains).values({
    storeId: domainShop.id,
    domain: "butikk.example",
    token: "test-token",
    targetHost: "torg.example.no",
    records: [],
    status: "verified",
    verifiedAt: new Date(),
  });
  await db
    .update(stores)
    .set({ brandAssets: { logoWide: "/uploads/brand/butikk-wide.webp" } })
    .where(eq(stores.id, domainShop.id));
  Object.assign(seed, { shop, mug: mug.id, sweater: sweater.id, domainShop, cup: cup.id });
}, 180_000);

afterAll(async () => {
  await t?.close();
});

describe("the vocabulary check itself", () => {
  it("refuses an unknown type, a property of another type, and a value outside a property's range", () => {
    const offer = { "@type": "Offer", price: "10.00", availability: `${SCHEMA}InStock` };
    expect(vocabularyErrors(offer)).toEqual([]);
    expect(vocabularyErrors({ "@type": "Shoe" })).toEqual(["$: unknown type Shoe"]);
    expect(vocabularyErrors({ ...offer, brand: "Torg" })).toEqual(["$.brand: not a property of Offer"]);
    expect(vocabularyErrors({ ...offer, availability: "in stock" })).toEqual([
      '$.availability: "in stock" is not a ItemAvailability',
    ]);
    expect(vocabularyErrors({ ...offer, availability: `${SCHEMA}NewCondition` })).toHaveLength(1);
    expect(vocabularyErrors({ ...offer, seller: "Torg" })).toEqual([
      '$.seller: "Torg" is not a Person or Organization',
    ]);
    expect(vocabularyErrors({ ...offer, seller: { "@type": "Organization", numberOfItems: 1 } })).toEqual([
      "$.seller.numberOfItems: not a property of Organization",
    ]);
    // A ProductGroup is a Product: a Product's properties are its own.
    expect(vocabularyErrors({ "@type": "ProductGroup", sku: "A", productGroupID: "g" })).toEqual([]);
  });
});

describe("the shop pages' JSON-LD, by the schema.org vocabulary", () => {
  it("describes a product as a Product with an Offer, and the store as the Organization that is its brand and seller", async () => {
    const [product] = jsonLd((await visitor.get(`/products/${seed.mug}`)).body);
    expect(product).toBeDefined();
    expect(vocabularyErrors(product ?? {})).toEqual([]);
    const organization = {
      "@type": "Organization",
      name: "Leire og lys",
      url: `${ORIGIN}/s/${seed.shop.slug}`,
    };
    expect(product).toMatchObject({
      "@type": "Product",
      brand: organization,
      offers: {
        "@type": "Offer",
        price: "349.00",
        priceCurrency: "NOK",
        availability: `${SCHEMA}InStock`,
        url: `${ORIGIN}/products/${seed.mug}`,
        seller: organization,
      },
    });
  });

  it("describes a product with variants as a ProductGroup with a Product and Offer per variant", async () => {
    const [group] = jsonLd((await visitor.get(`/products/${seed.sweater}`)).body);
    expect(vocabularyErrors(group ?? {})).toEqual([]);
    expect(group).toMatchObject({
      "@type": "ProductGroup",
      variesBy: [`${SCHEMA}size`],
      offers: { "@type": "AggregateOffer", lowPrice: "1100.00", highPrice: "1200.00" },
      hasVariant: [
        { "@type": "Product", size: "S", offers: { availability: `${SCHEMA}InStock`, price: "1100.00" } },
        { "@type": "Product", size: "M", offers: { availability: `${SCHEMA}InStock` } },
      ],
    });
  });

  it("describes a storefront as an ItemList of its product pages", async () => {
    const [list] = jsonLd((await visitor.get(`/s/${seed.shop.slug}`)).body);
    expect(vocabularyErrors(list ?? {})).toEqual([]);
    expect(list).toMatchObject({
      "@type": "ItemList",
      itemListElement: [
        { "@type": "ListItem", position: 1, url: `${ORIGIN}/products/${seed.mug}` },
        { "@type": "ListItem", position: 2, url: `${ORIGIN}/products/${seed.sweater}` },
      ],
    });
  });

  it("links a store on its own domain there, with its wide logo, in the product's and the storefront's data", async () => {
    const [product] = jsonLd((await shopPage(`/products/${seed.cup}`)).body);
    expect(vocabularyErrors(product ?? {})).toEqual([]);
    const organization = {
      "@type": "Organization",
      name: "Butikk med domene",
      url: `${DOMAIN_ORIGIN}/`,
      logo: `${DOMAIN_ORIGIN}/uploads/brand/butikk-wide.webp`,
    };
    expect(product).toMatchObject({
      url: `${DOMAIN_ORIGIN}/products/${seed.cup}`,
      image: [expect.stringMatching(new RegExp(`^${DOMAIN_ORIGIN}/uploads/`))],
      brand: organization,
      offers: { url: `${DOMAIN_ORIGIN}/products/${seed.cup}`, seller: organization },
    });

    const [list] = jsonLd((await shopPage(`/s/${seed.domainShop.slug}`)).body);
    expect(vocabularyErrors(list ?? {})).toEqual([]);
    expect(list).toMatchObject({
      "@type": "ItemList",
      itemListElement: [{ "@type": "ListItem", position: 1, url: `${DOMAIN_ORIGIN}/products/${seed.cup}` }],
    });
  });
});
