/**
 * Issue item 5: the storefront's card and the Finn.no text said 395 kr, the product's own price, while
 * its variants cost 345 and 425. Every surface that shows a product's price before a variant is chosen
 * now says "from 345 kr" (src/shared/display-price.ts, decision 0060): the storefront's cards and the
 * product page as the server renders them, the JSON-LD, the product feed and the Finn.no listing.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createProductVia, createStoreVia } from "../../test/fixtures";
import { Agent, createShopTestApp, signUp, type TestApp } from "../../test/harness";

const ORIGIN = "https://torg.example.no";

let t: TestApp;
let seller: Agent;
const visitor = () => new Agent(t.app);

interface Shop {
  store: { id: string; slug: string };
  /** 395 kr, sold as Small at 345 and Large at 425. */
  mug: { id: string };
  /** 395 kr, every variant 425. */
  vase: { id: string };
  /** 250 kr, no options. */
  plate: { id: string };
}
const shops: Partial<Record<"en" | "nb", Shop>> = {};

async function shopIn(language: "en" | "nb"): Promise<Shop> {
  const store = await createStoreVia(seller, `Leire ${language}`);
  expect((await seller.put(`/api/stores/${store.id}`, { defaultLocale: language })).statusCode).toBe(200);
  const mug = await createProductVia(seller, store.id, { title: "Krus", basePrice: "395" });
  const sizes = await seller.put(`/api/products/${mug.id}/variants`, {
    options: [{ name: "Size", values: ["Small", "Large"] }],
    variants: [
      { values: ["Small"], price: "345", stockQty: 3 },
      { values: ["Large"], price: "425", stockQty: 2 },
    ],
  });
  expect(sizes.statusCode).toBe(200);
  const vase = await createProductVia(seller, store.id, { title: "Vase", basePrice: "395" });
  const glazes = await seller.put(`/api/products/${vase.id}/variants`, {
    options: [{ name: "Glaze", values: ["Ash", "Iron"] }],
    variants: [
      { values: ["Ash"], price: "425", stockQty: 1 },
      { values: ["Iron"], price: "425", stockQty: 1 },
    ],
  });
  expect(glazes.statusCode).toBe(200);
  const plate = await createProductVia(seller, store.id, { title: "Fat", basePrice: "250" });
  return { store, mug, vase, plate };
}

beforeAll(async () => {
  t = await createShopTestApp();
  seller = (await signUp(t.app)).agent;
  shops.en = await shopIn("en");
  shops.nb = await shopIn("nb");
}, 120_000);
afterAll(() => t?.close());

const shop = (language: "en" | "nb") => {
  const found = shops[language];
  if (!found) throw new Error(`no ${language} shop`);
  return found;
};

/** The prices the storefront's cards show, in the storefront's order, as the server rendered them. */
const cardPrices = (html: string) =>
  [...html.matchAll(/class="torg-card-price">([^<]*)</g)].map((match) => match[1]);

function jsonLd(html: string): Record<string, unknown> {
  const block = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)?.[1];
  return JSON.parse(block ?? "null");
}

describe("item 5: a product's price before a variant is chosen is never one no variant has", () => {
  it("the storefront's cards say 'from' the cheapest variant, or the one price every variant has", async () => {
    const en = await visitor().get(`/s/${shop("en").store.slug}`);
    expect(en.statusCode).toBe(200);
    expect(cardPrices(en.body)).toEqual(["from 345 kr", "425 kr", "250 kr"]);
    const nb = await visitor().get(`/s/${shop("nb").store.slug}`);
    expect(cardPrices(nb.body)).toEqual(["fra 345 kr", "425 kr", "250 kr"]);
    expect(nb.body).not.toContain("395 kr");
  });

  it("the product page starts with nothing chosen and 'from 345 kr', and adds nothing until a choice", async () => {
    const page = await visitor().get(`/products/${shop("en").mug.id}`);
    expect(page.statusCode).toBe(200);
    const main = page.body.slice(page.body.indexOf("<main"), page.body.indexOf("</main>"));
    expect(main).toContain(">from 345 kr</p>");
    expect(main).not.toContain("395 kr");
    expect(main).not.toMatch(/type="radio"[^>]*checked/);
    expect(main).toMatch(/<button[^>]*disabled=""[^>]*>.*Choose options<\/button>/s);
    // One price for every variant: chosen for the shopper, at that price.
    const vase = await visitor().get(`/products/${shop("nb").vase.id}`);
    const vaseMain = vase.body.slice(vase.body.indexOf("<main"), vase.body.indexOf("</main>"));
    expect(vaseMain).toContain(">425 kr</p>");
    expect(vaseMain).toMatch(/type="radio"[^>]*checked/);
  });

  it("the JSON-LD's ProductGroup carries an AggregateOffer from 345 to 425 beside each variant's Offer", async () => {
    const group = jsonLd((await visitor().get(`/products/${shop("en").mug.id}`)).body);
    expect(group["@type"]).toBe("ProductGroup");
    expect(group.offers).toEqual({
      "@type": "AggregateOffer",
      url: `${ORIGIN}/products/${shop("en").mug.id}`,
      lowPrice: "345.00",
      highPrice: "425.00",
      offerCount: 2,
      priceCurrency: "NOK",
      availability: "https://schema.org/InStock",
      itemCondition: "https://schema.org/NewCondition",
      seller: { "@type": "Organization", name: "Leire en", url: `${ORIGIN}/s/${shop("en").store.slug}` },
    });
    const variants = group.hasVariant as { offers: { price: string } }[];
    expect(variants.map((variant) => variant.offers.price)).toEqual(["345.00", "425.00"]);
    // Variants that all cost the same have no range to give.
    const vase = jsonLd((await visitor().get(`/products/${shop("en").vase.id}`)).body);
    expect(vase).not.toHaveProperty("offers");
    // As a price, never as digits: an id or a photo's name may hold "395" by chance.
    expect(JSON.stringify([group, vase])).not.toContain('"395.00"');
  });

  it("the product feed prices each variant at its own price, never at the product's", async () => {
    const feed = (await visitor().get(`/s/${shop("en").store.slug}/feeds/google.xml`)).body;
    const prices = [...feed.matchAll(/<g:price>([^<]*)<\/g:price>/g)].map((match) => match[1]);
    expect(prices).toEqual(["345.00 NOK", "425.00 NOK", "425.00 NOK", "425.00 NOK", "250.00 NOK"]);
  });

  it("the Finn.no listing says 'fra 345 kr' in Norwegian and 'from 345 kr' in English", async () => {
    const nb = (await seller.get(`/api/stores/${shop("nb").store.id}/finn-listing`)).json();
    expect(nb.description).toContain("• Krus: fra 345 kr\n• Vase: 425 kr\n• Fat: 250 kr");
    const en = (await seller.get(`/api/stores/${shop("en").store.id}/finn-listing`)).json();
    expect(en.description).toContain("• Krus: from 345 kr\n• Vase: 425 kr\n• Fat: 250 kr");
    expect(`${nb.description}${en.description}`).not.toContain("395");
  });
});
