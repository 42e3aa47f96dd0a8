import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ProductVariantsRequest } from "../../../shared/variants";
import { productVariants } from "../../db/schema";
import { createProductVia, createStoreVia, multipart, sampleJpeg } from "../../test/fixtures";
import { Agent, createTestApp, signUp, type TestApp } from "../../test/harness";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const shopper = { buyerEmail: "kunde@example.no", shipToName: "Nora Kunde", shipToPhone: "+47 912 34 567" };
let shoppers = 0;
const shopperAddress = () => `10.3.${Math.floor(++shoppers / 250)}.${(shoppers % 250) + 1}`;

function order(storeId: string, items: { productId: string; variantId?: string; qty: number }[]) {
  return new Agent(t.app).request({
    method: "POST",
    url: "/api/orders",
    remoteAddress: shopperAddress(),
    payload: { storeId, ...shopper, items },
  });
}

const sizesAndColours: ProductVariantsRequest = {
  options: [
    { name: "Størrelse", values: ["S", "M"] },
    { name: "Farge", values: ["Blå", "Grønn"] },
  ],
  variants: [
    { values: ["S", "Blå"], stockQty: 2 },
    { values: ["M", "Blå"], price: "449", sku: "GENSER-M-BLA", stockQty: 1 },
    { values: ["S", "Grønn"], stockQty: null },
    { values: ["M", "Grønn"], stockQty: 0 },
  ],
};

async function sellerWithSweater() {
  const seller = await signUp(t.app);
  const store = await createStoreVia(seller.agent);
  const product = await createProductVia(seller.agent, store.id, { title: "Genser", basePrice: "399" });
  const saved = await seller.agent.put(`/api/products/${product.id}/variants`, sizesAndColours);
  expect(saved.statusCode).toBe(200);
  const variants = saved.json().variants as { id: string; values: string[] }[];
  const variant = (...values: string[]) => {
    const found = variants.find((v) => v.values.join() === values.join());
    if (!found) throw new Error(`no variant ${values}`);
    return found.id;
  };
  return { ...seller, store, product, variant };
}

async function stockOfVariant(id: string) {
  const [row] = await t.database.db.select().from(productVariants).where(eq(productVariants.id, id));
  return row?.stockQty;
}

describe("PUT /api/products/{id}/variants", () => {
  it("replaces options and variants; reads carry them with ids, labels, prices and availability", async () => {
    const { product, variant } = await sellerWithSweater();
    const read = await new Agent(t.app).get(`/api/products/${product.id}`);
    expect(read.statusCode).toBe(200);
    const view = read.json();
    expect(view.options).toEqual(sizesAndColours.options);
    expect(view.available).toBe(true);
    expect(view.stockQty).toBeNull(); // one variant is unlimited
    expect(view.variants).toHaveLength(4);
    expect(view.variants.find((v: { id: string }) => v.id === variant("M", "Blå"))).toMatchObject({
      label: "Størrelse: M / Farge: Blå",
      values: ["M", "Blå"],
      price: "449.00",
      priceDelta: "50.00",
      sku: "GENSER-M-BLA",
      stockQty: 1,
      available: true,
    });
    expect(view.variants.find((v: { id: string }) => v.id === variant("M", "Grønn"))).toMatchObject({
      price: null,
      priceDelta: "0.00",
      stockQty: 0,
      available: false,
    });
  });

  it("keeps a combination's id when it stays, drops what goes, and no options means no variants", async () => {
    const { agent, product, variant } = await sellerWithSweater();
    const kept = variant("S", "Blå");
    const again = await agent.put(`/api/products/${product.id}/variants`, {
      options: [
        { name: "Size", values: ["S"] },
        { name: "Colour", values: ["Blå"] },
      ],
      variants: [{ values: ["S", "Blå"], stockQty: 7 }],
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().variants).toEqual([
      expect.objectContaining({ id: kept, label: "Size: S / Colour: Blå", stockQty: 7 }),
    ]);
    const none = await agent.put(`/api/products/${product.id}/variants`, { options: [], variants: [] });
    expect(none.json()).toMatchObject({ options: [], variants: [], stockQty: null, available: true });
  });

  it("refuses tables that do not fit the options, with a message, and changes nothing", async () => {
    const { agent, product } = await sellerWithSweater();
    const cases: [ProductVariantsRequest, string][] = [
      [
        { options: [{ name: "Size", values: ["S"] }], variants: [] },
        "A product with options needs at least one variant",
      ],
      [
        { options: [{ name: "Size", values: ["S"] }], variants: [{ values: ["XL"], stockQty: 1 }] },
        "Each variant needs one value of every option",
      ],
      [
        {
          options: [{ name: "Size", values: ["S"] }],
          variants: [
            { values: ["S"], stockQty: 1 },
            { values: ["S"], stockQty: 2 },
          ],
        },
        "Each combination can be listed only once",
      ],
      [
        { options: [{ name: "Size", values: ["S", "s"] }], variants: [{ values: ["S"], stockQty: 1 }] },
        "Each value of an option must be different",
      ],
      [
        { options: [{ name: "Size", values: ["S"] }], variants: [{ values: ["S"], stockQty: -1 }] },
        "Stock must be a whole number, 0 or more, or empty for unlimited",
      ],
    ];
    for (const [body, message] of cases) {
      const refused = await agent.put(`/api/products/${product.id}/variants`, body);
      expect(refused.statusCode, message).toBe(400);
      expect(refused.json().message).toBe(message);
    }
    expect((await agent.get(`/api/products/${product.id}`)).json().variants).toHaveLength(4);
  });

  it("only the store's members may change them (404 for others, 401 signed out)", async () => {
    const { product } = await sellerWithSweater();
    const other = await signUp(t.app);
    expect((await other.agent.put(`/api/products/${product.id}/variants`, sizesAndColours)).statusCode).toBe(
      404,
    );
    expect(
      (await new Agent(t.app).put(`/api/products/${product.id}/variants`, sizesAndColours)).statusCode,
    ).toBe(401);
  });
});

/**
 * Issue item 1: the edit page changed a variant's price (345 → 355) and the description, said "saved",
 * and a reload showed 345. One PUT /api/products/{id} now saves the fields and the variants together.
 */
describe("item 1: PUT /api/products/{id} saves the variants with the fields, in one transaction", () => {
  const mugSizes = (smallPrice: string): ProductVariantsRequest => ({
    options: [{ name: "Size", values: ["Small", "Large"] }],
    variants: [
      { values: ["Small"], price: smallPrice, stockQty: 3 },
      { values: ["Large"], price: "425", stockQty: 2 },
    ],
  });

  async function mugWithSizes() {
    const seller = await signUp(t.app);
    const store = await createStoreVia(seller.agent);
    const product = await createProductVia(seller.agent, store.id, { title: "Krus", basePrice: "395" });
    const saved = await seller.agent.put(`/api/products/${product.id}/variants`, mugSizes("345"));
    expect(saved.statusCode).toBe(200);
    return { ...seller, product, version: saved.json().updatedAt as string };
  }

  const smallOf = (view: { variants: { values: string[]; id: string; price: string | null }[] }) =>
    view.variants.find((variant) => variant.values[0] === "Small");

  it("saves a variant's new price and the description in one PUT; a reload shows both", async () => {
    const { agent, product, version } = await mugWithSizes();
    const before = smallOf((await agent.get(`/api/products/${product.id}`)).json());
    const saved = await agent.put(`/api/products/${product.id}`, {
      blurb: "Dreid på skive, glasert i askegrønt.",
      expectedUpdatedAt: version,
      variants: mugSizes("355"),
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().blurb).toBe("Dreid på skive, glasert i askegrønt.");
    expect(smallOf(saved.json())?.price).toBe("355.00");

    const reloaded = (await agent.get(`/api/products/${product.id}`)).json();
    expect(reloaded.blurb).toBe("Dreid på skive, glasert i askegrønt.");
    // The same variant (carts holding it still check out), at its new price.
    expect(smallOf(reloaded)).toMatchObject({ id: before?.id, price: "355.00", stockQty: 3 });
    expect(reloaded.updatedAt).toBe(saved.json().updatedAt);
  });

  it("takes the variants as JSON text in a multipart PUT too", async () => {
    const { agent, product } = await mugWithSizes();
    const saved = await agent.request({
      method: "PUT",
      url: `/api/products/${product.id}`,
      ...multipart({ title: "Krus med hank", variants: JSON.stringify(mugSizes("360")) }),
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().title).toBe("Krus med hank");
    expect(smallOf(saved.json())?.price).toBe("360.00");
  });

  it("refuses a bad variant with a 400 and a message, and saves nothing: not the description either", async () => {
    const { agent, product, version } = await mugWithSizes();
    const cases: [unknown, string][] = [
      [
        { ...mugSizes("355"), variants: [{ values: ["Medium"], price: "355", stockQty: 1 }] },
        "Each variant needs one value of every option",
      ],
      [mugSizes("tre hundre"), "Price must be a positive number"],
      [
        { options: [{ name: "Size", values: ["Small"] }], variants: [] },
        "A product with options needs at least one variant",
      ],
    ];
    for (const [variants, message] of cases) {
      const refused = await agent.put(`/api/products/${product.id}`, {
        blurb: "Skal ikke lagres.",
        expectedUpdatedAt: version,
        variants,
      });
      expect(refused.statusCode, message).toBe(400);
      expect(refused.json().message).toBe(message);
    }
    const multipartRefused = await agent.request({
      method: "PUT",
      url: `/api/products/${product.id}`,
      ...multipart({ blurb: "Skal ikke lagres.", variants: "{not json" }),
    });
    expect(multipartRefused.statusCode).toBe(400);

    const unchanged = (await agent.get(`/api/products/${product.id}`)).json();
    expect(unchanged.blurb).toBe("Wheel-thrown, glazed in ash green.");
    expect(smallOf(unchanged)?.price).toBe("345.00");
    expect(unchanged.updatedAt).toBe(version);
  });

  it("refuses a save from a stale version (409) and keeps the variants as they were", async () => {
    const { agent, product, version } = await mugWithSizes();
    expect(
      (await agent.put(`/api/products/${product.id}`, { title: "Krus 2", expectedUpdatedAt: version }))
        .statusCode,
    ).toBe(200);
    const stale = await agent.put(`/api/products/${product.id}`, {
      expectedUpdatedAt: version,
      variants: mugSizes("355"),
    });
    expect(stale.statusCode).toBe(409);
    expect(smallOf((await agent.get(`/api/products/${product.id}`)).json())?.price).toBe("345.00");
  });
});

describe("add product with its variants (POST /api/stores/{id}/products, `variants`)", () => {
  const add = (agent: Agent, storeId: string, variants: string) =>
    agent.request({
      method: "POST",
      url: `/api/stores/${storeId}/products`,
      ...multipart({ title: "Ullgenser", basePrice: "1200", stockQty: "", variants }, [
        { field: "image", filename: "genser.jpg", body: jpeg, type: "image/jpeg" },
      ]),
    });
  let jpeg: Buffer;
  beforeAll(async () => {
    jpeg = await sampleJpeg(400, 300);
  });

  it("creates the product with its options and variants in one step: never on sale without them", async () => {
    const { agent } = await signUp(t.app);
    const store = await createStoreVia(agent);
    const created = await add(
      agent,
      store.id,
      JSON.stringify({
        options: [{ name: "Size", values: ["S", "M"] }],
        variants: [
          { values: ["S"], stockQty: "2" },
          { values: ["M"], price: "1250", stockQty: 1 },
        ],
      }),
    );
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      options: [{ name: "Size", values: ["S", "M"] }],
      stockQty: 3,
      available: true,
      variants: [
        { label: "Size: S", stockQty: 2, price: null },
        { label: "Size: M", stockQty: 1, price: "1250.00" },
      ],
    });
    const read = (await new Agent(t.app).get(`/api/products/${created.json().id}`)).json();
    expect(read.variants.map((v: { label: string }) => v.label)).toEqual(["Size: S", "Size: M"]);
  });

  it("refuses variants that do not fit (or are no JSON) and creates nothing", async () => {
    const { agent } = await signUp(t.app);
    const store = await createStoreVia(agent);
    const misfit = await add(
      agent,
      store.id,
      JSON.stringify({
        options: [{ name: "Size", values: ["S"] }],
        variants: [{ values: ["XL"], stockQty: 1 }],
      }),
    );
    expect(misfit.statusCode).toBe(400);
    expect(misfit.json().message).toBe("Each variant needs one value of every option");
    expect((await add(agent, store.id, "{not json")).statusCode).toBe(400);
    expect((await agent.get(`/api/stores/${store.id}/products`)).json()).toEqual([]);
  });
});

describe("ordering a variant", () => {
  it("prices the variant, takes its own stock, and names it on the order item", async () => {
    const { store, product, variant } = await sellerWithSweater();
    const placed = await order(store.id, [
      { productId: product.id, variantId: variant("M", "Blå"), qty: 1 },
      { productId: product.id, variantId: variant("S", "Blå"), qty: 2 },
    ]);
    expect(placed.statusCode).toBe(201);
    expect(placed.json().totalGross).toBe("1247.00");
    expect(placed.json().items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ variantLabel: "Størrelse: M / Farge: Blå", unitPrice: "449.00", qty: 1 }),
        expect.objectContaining({ variantLabel: "Størrelse: S / Farge: Blå", unitPrice: "399.00", qty: 2 }),
      ]),
    );
    expect(await stockOfVariant(variant("M", "Blå"))).toBe(0);
    expect(await stockOfVariant(variant("S", "Blå"))).toBe(0);
    expect(await stockOfVariant(variant("S", "Grønn"))).toBeNull();
  });

  it("refuses a sold-out variant by name, and writes nothing", async () => {
    const { store, product, variant } = await sellerWithSweater();
    const soldOut = await order(store.id, [
      { productId: product.id, variantId: variant("S", "Blå"), qty: 1 },
      { productId: product.id, variantId: variant("M", "Grønn"), qty: 1 },
    ]);
    expect(soldOut.statusCode).toBe(409);
    expect(soldOut.json()).toMatchObject({
      message: "Genser (Størrelse: M / Farge: Grønn) is sold out",
      variantId: variant("M", "Grønn"),
      stockQty: 0,
    });
    expect(await stockOfVariant(variant("S", "Blå"))).toBe(2);
  });

  it("requires a variant when the product has options; the unlimited variant is never refused", async () => {
    const { store, product, variant } = await sellerWithSweater();
    const without = await order(store.id, [{ productId: product.id, qty: 1 }]);
    expect(without.statusCode).toBe(400);
    expect(without.json().message).toBe("Choose an option for Genser");
    const many = await order(store.id, [
      { productId: product.id, variantId: variant("S", "Grønn"), qty: 99 },
    ]);
    expect(many.statusCode).toBe(201);
  });

  it("20 concurrent orders for a variant with stock 1: one order, 19 × 409", async () => {
    const { store, product, variant } = await sellerWithSweater();
    const responses = await Promise.all(
      Array.from({ length: 20 }, () =>
        order(store.id, [{ productId: product.id, variantId: variant("M", "Blå"), qty: 1 }]),
      ),
    );
    const codes = responses.map((response) => response.statusCode);
    expect(codes.filter((code) => code === 201)).toHaveLength(1);
    expect(codes.filter((code) => code === 409)).toHaveLength(19);
    expect(await stockOfVariant(variant("M", "Blå"))).toBe(0);
  });

  it("cancelling gives the variant its stock back", async () => {
    const { agent, store, product, variant } = await sellerWithSweater();
    const placed = (
      await order(store.id, [{ productId: product.id, variantId: variant("S", "Blå"), qty: 2 }])
    ).json();
    expect(await stockOfVariant(variant("S", "Blå"))).toBe(0);
    expect((await agent.patch(`/api/orders/${placed.id}/status`, { status: "cancelled" })).statusCode).toBe(
      200,
    );
    expect(await stockOfVariant(variant("S", "Blå"))).toBe(2);
  });
});
