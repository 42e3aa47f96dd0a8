import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ProductView } from "../../../shared/product";
import { productImages, products, productVariants, stores } from "../../db/schema";
import { MicroCache } from "../../lib/micro-cache";
import { createTestDatabase } from "../../test/harness";
import { countProducts, loadProductViews, pageStoreProducts } from "./queries";
import { cachedPublicStoreProducts } from "./service";

// A page of a store's public list is JSON that PostgreSQL writes (decision 0047). toProductView and
// toVariantView stay the rule: these tests hold the database's JSON, byte for byte, to JSON.stringify of
// the views they make of the same rows, for every kind of product, on the database the suite runs on.
// The start of each product's JSON is kept written in its row by the database's triggers (decision 0050):
// after every kind of write, the page must still be the views' JSON.

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let storeId: string;
let otherStoreId: string;
const uncached = new MicroCache(0);

/** Text JSON must escape, and text it must leave as it is. */
const AWKWARD = 'Krus "stor" \\ C:\\ </script> tab\there\nline \u0001\u001f\u007f \u2028 ø æ å 🍵';

beforeAll(async () => {
  database = await createTestDatabase();
  const { db } = database;
  const [store, other] = await db
    .insert(stores)
    .values([
      { name: `Keramikk & "${AWKWARD}"`, slug: "keramikk" },
      { name: "Naboen", slug: "naboen" },
    ])
    .returning({ id: stores.id });
  if (!store || !other) throw new Error("no stores");
  storeId = store.id;
  otherStoreId = other.id;
  const rows = await db
    .insert(products)
    .values([
      // Unlimited, several photos with the primary not first, every text filled in.
      {
        storeId,
        title: AWKWARD,
        blurb: `Dreid.\r\n${AWKWARD}`,
        sku: "KRUS-1",
        seoMetaTitle: "Krus i steintøy",
        seoMetaDesc: AWKWARD,
        basePrice: "349",
        stockQty: null,
        coordX: "12.5",
        coordY: "80",
        position: 0,
      },
      // Sold out, options with variants: own prices above, below and at the base, none, sold out, unlimited.
      {
        storeId,
        title: "Genser",
        basePrice: "399.90",
        stockQty: 0,
        coordX: "0",
        coordY: "99.99",
        options: [
          { name: "Størrelse", values: ["S", "M", "L"] },
          { name: 'Farge "ull"', values: ["Blå", "Grønn, mørk"] },
        ],
        position: 1,
        publishedAt: new Date("2026-01-02T03:04:05.678Z"),
      },
      // Options whose variants are all counted: the stock is their sum.
      {
        storeId,
        title: "Skjerf",
        basePrice: "250",
        stockQty: 7,
        coordX: "0.1",
        coordY: null,
        options: [{ name: "Farge", values: ["Rød", "Gul"] }],
        position: 2,
      },
      // Options but no variant left: nothing to buy.
      { storeId, title: "Vott", basePrice: "120", options: [{ name: "Side", values: ["V"] }], position: 3 },
      // No photo, no SKU, a few in stock; photos without a primary on the next one, made in the same
      // statement at the same place: the order between them is the ids'.
      { storeId, title: "Fat uten bilde", basePrice: "0", stockQty: 3, position: 4 },
      { storeId, title: "Skål", basePrice: "1000000", stockQty: 1, position: 4 },
      // Not for shoppers, and another store's.
      { storeId, title: "Skjult", basePrice: "10", isActive: false, position: 5 },
      { storeId: otherStoreId, title: "Naboens krus", basePrice: "10", position: 0 },
    ])
    .returning({ id: products.id });
  const [krus, genser, skjerf, , , skal] = rows.map((row) => row.id);
  if (!krus || !genser || !skjerf || !skal) throw new Error("no products");
  await db.insert(productImages).values([
    { productId: krus, url: "/uploads/products/b-1600.webp", sortOrder: 0, isPrimary: false },
    { productId: krus, url: "/uploads/products/a-1600.webp", sortOrder: 1, isPrimary: true },
    { productId: krus, url: "/uploads/products/c-1600.webp", sortOrder: 1, isPrimary: false },
    { productId: genser, url: "/uploads/products/g-1600.webp", sortOrder: 0, isPrimary: true },
    { productId: skal, url: "/uploads/products/s2-1600.webp", sortOrder: 3, isPrimary: false },
    { productId: skal, url: "/uploads/products/s1-1600.webp", sortOrder: 2, isPrimary: false },
  ]);
  await db.insert(productVariants).values([
    {
      productId: genser,
      label: "Størrelse: M / Farge: Blå",
      optionValues: ["M", "Blå"],
      price: "449.50",
      stockQty: 2,
      position: 1,
    },
    {
      productId: genser,
      label: "Størrelse: S / Farge: Grønn, mørk",
      optionValues: ["S", "Grønn, mørk"],
      sku: "G-S",
      stockQty: null,
      position: 0,
    },
    {
      productId: genser,
      label: "Størrelse: L / Farge: Blå",
      optionValues: ["L", "Blå"],
      price: "0",
      stockQty: 0,
      position: 2,
    },
    {
      productId: genser,
      label: "Størrelse: L / Farge: Grønn, mørk",
      optionValues: ["L", "Grønn, mørk"],
      price: "399.90",
      stockQty: 5,
      position: 3,
    },
    {
      productId: skjerf,
      label: "Farge: Rød",
      optionValues: ["Rød"],
      price: "99.99",
      stockQty: 4,
      position: 0,
    },
    { productId: skjerf, label: "Farge: Gul", optionValues: ["Gul"], stockQty: 0, position: 1 },
  ]);
  // Times with microseconds, as now() writes them: Date keeps the milliseconds, cut, not rounded.
  await db.execute(sql`update products set
    created_at = '2026-03-04 05:06:07.999999+00', updated_at = '2026-03-04 06:00:00.000500+01'
    where id = ${krus}`);
});
afterAll(() => database.close());

const shoppersList = (id: string) => and(eq(products.storeId, id), eq(products.isActive, true));

/** The page as the views make it (the rule), and as the API sends it from the database. */
async function bothWays(id: string, limit: number, offset: number) {
  const { db } = database;
  const views = await loadProductViews(db, shoppersList(id), { limit, offset });
  const sent = await cachedPublicStoreProducts(db, uncached, id, { limit, offset });
  return { views, total: await countProducts(db, shoppersList(id)), sent };
}

describe("a public page of products as JSON written by the database", () => {
  it("is JSON.stringify of the views, byte for byte, for every kind of product", async () => {
    const { views, total, sent } = await bothWays(storeId, 24, 0);
    expect(views.map((view) => view.title)).toEqual([
      expect.stringContaining("Krus"),
      "Genser",
      "Skjerf",
      "Vott",
      expect.any(String),
      expect.any(String),
    ]);
    expect(sent.body.body).toBe(JSON.stringify(views));
    expect(sent.total).toBe(total);
    expect(total).toBe(6);
  });

  it("gives what the views say of stock, prices, photos, coordinates and times", async () => {
    const { sent } = await bothWays(storeId, 24, 0);
    const byTitle = (title: string) =>
      (JSON.parse(sent.body.body) as ProductView[]).find((view) => view.title.startsWith(title));
    const [krus, genser, skjerf, vott, fat, skal] = ["Krus", "Genser", "Skjerf", "Vott", "Fat", "Skål"].map(
      byTitle,
    );
    expect(krus).toMatchObject({
      stockQty: null,
      available: true,
      basePrice: "349.00",
      coordinates: { x: 12.5, y: 80 },
      primaryImage: "/uploads/products/a-1600.webp",
      createdAt: "2026-03-04T05:06:07.999Z",
      updatedAt: "2026-03-04T05:00:00.000Z",
      publishedAt: null,
    });
    expect(genser).toMatchObject({ stockQty: null, available: true, coordinates: { x: 0, y: 99.99 } });
    expect(genser?.variants.map((variant) => variant.priceDelta)).toEqual([
      "0.00",
      "49.60",
      "-399.90",
      "0.00",
    ]);
    expect(skjerf).toMatchObject({ stockQty: 4, available: true, coordinates: null });
    expect(vott).toMatchObject({ stockQty: 0, available: false, variants: [] });
    expect(fat).toMatchObject({ stockQty: 3, images: [], primaryImage: null, sku: null });
    expect(skal).toMatchObject({ basePrice: "1000000.00", primaryImage: "/uploads/products/s1-1600.webp" });
  });

  it("pages the same way, with the whole list's size, and the storefront reads the same views", async () => {
    for (const [limit, offset] of [
      [2, 0],
      [2, 3],
      [4, 4],
      [3, 6],
    ] as const) {
      const { views, total, sent } = await bothWays(storeId, limit, offset);
      expect(sent.body.body, `${limit}/${offset}`).toBe(JSON.stringify(views));
      expect(sent.total).toBe(total);
      const storefront = await pageStoreProducts(database.db, storeId, {
        includeInactive: false,
        limit,
        offset,
      });
      expect(storefront).toEqual({ items: views, total });
    }
    const past = await bothWays(storeId, 24, 48);
    expect([past.sent.body.body, past.sent.total]).toEqual(["[]", 6]);
  });

  it("gives a store without products an empty page, and no page at all for a deleted store", async () => {
    const [empty] = await database.db
      .insert(stores)
      .values({ name: "Tom", slug: "tom" })
      .returning({ id: stores.id });
    const id = empty?.id ?? "";
    const sent = await cachedPublicStoreProducts(database.db, uncached, id, { limit: 24, offset: 0 });
    expect([sent.body.body, sent.total]).toEqual(["[]", 0]);
    await database.db.update(stores).set({ deletedAt: new Date() }).where(eq(stores.id, otherStoreId));
    await expect(
      cachedPublicStoreProducts(database.db, uncached, otherStoreId, { limit: 24, offset: 0 }),
    ).rejects.toMatchObject({ statusCode: 404 });
  });
});

describe("the start of a product's JSON kept in its row (decision 0050)", () => {
  /** The store's page as the API sends it equals the views of the same rows, after a write. */
  async function expectPageToMatchViews(id = storeId) {
    const { views, sent } = await bothWays(id, 24, 0);
    expect(sent.body.body).toBe(JSON.stringify(views));
    return JSON.parse(sent.body.body) as ProductView[];
  }
  const idOf = async (title: string) => {
    const [row] = await database.db
      .select({ id: products.id })
      .from(products)
      .where(eq(products.title, title));
    if (!row) throw new Error(`no ${title}`);
    return row.id;
  };

  it("follows a product's own fields, its publishing and its place", async () => {
    const id = await idOf("Skål");
    await database.db
      .update(products)
      .set({
        title: "Skål, stor",
        blurb: "Ny tekst",
        sku: "SK-2",
        seoMetaTitle: "Skål",
        seoMetaDesc: null,
        basePrice: "450",
        coordX: "33.3",
        coordY: "4",
        position: 0,
        publishedAt: new Date("2026-05-06T07:08:09.123Z"),
      })
      .where(eq(products.id, id));
    const page = await expectPageToMatchViews();
    expect(page.find((view) => view.id === id)).toMatchObject({
      title: "Skål, stor",
      basePrice: "450.00",
      coordinates: { x: 33.3, y: 4 },
      publishedAt: "2026-05-06T07:08:09.123Z",
    });
  });

  it("follows photos added, reordered, made primary and removed", async () => {
    const id = await idOf("Fat uten bilde");
    const [first, second] = await database.db
      .insert(productImages)
      .values([
        { productId: id, url: "/uploads/products/f1-1600.webp", sortOrder: 0, isPrimary: true },
        { productId: id, url: "/uploads/products/f2-1600.webp", sortOrder: 1, isPrimary: false },
      ])
      .returning({ id: productImages.id });
    if (!first || !second) throw new Error("no photos");
    expect((await expectPageToMatchViews()).find((view) => view.id === id)?.primaryImage).toBe(
      "/uploads/products/f1-1600.webp",
    );
    await database.db
      .update(productImages)
      .set({ sortOrder: 1, isPrimary: false })
      .where(eq(productImages.id, first.id));
    await database.db
      .update(productImages)
      .set({ sortOrder: 0, isPrimary: true })
      .where(eq(productImages.id, second.id));
    expect((await expectPageToMatchViews()).find((view) => view.id === id)?.primaryImage).toBe(
      "/uploads/products/f2-1600.webp",
    );
    await database.db.delete(productImages).where(eq(productImages.id, second.id));
    const after = (await expectPageToMatchViews()).find((view) => view.id === id);
    expect(after?.images.map((image) => image.url)).toEqual(["/uploads/products/f1-1600.webp"]);
  });

  it("follows options, and reads stock, variants and updatedAt as a checkout leaves them", async () => {
    const skjerf = await idOf("Skjerf");
    const genser = await idOf("Genser");
    // The checkout's statements (checkout/write.ts): the stock and updatedAt, nothing else.
    await database.db.execute(
      sql`update products set stock_qty = 6, updated_at = now() where id = ${skjerf}`,
    );
    await database.db.execute(
      sql`update product_variants set stock_qty = stock_qty - 1 where product_id = ${genser} and stock_qty = 2`,
    );
    await database.db
      .update(products)
      .set({ options: [{ name: "Farge", values: ["Rød", "Gul", "Blå"] }] })
      .where(eq(products.id, skjerf));
    const page = await expectPageToMatchViews();
    expect(page.find((view) => view.id === genser)?.variants.map((variant) => variant.stockQty)).toEqual([
      null,
      1,
      0,
      5,
    ]);
    expect(page.find((view) => view.id === skjerf)?.options[0]?.values).toEqual(["Rød", "Gul", "Blå"]);
  });

  it("follows the store's new name and address", async () => {
    await database.db
      .update(stores)
      .set({ name: "Keramikk på nytt", slug: "keramikk-ny" })
      .where(eq(stores.id, storeId));
    const page = await expectPageToMatchViews();
    expect(new Set(page.map((view) => JSON.stringify(view.store)))).toEqual(
      new Set([JSON.stringify({ id: storeId, name: "Keramikk på nytt", slug: "keramikk-ny" })]),
    );
  });

  it("is written again for every column a product's view shows: each column is listed, or left out on purpose", async () => {
    // What the head leaves out: what a checkout changes, what the database writes itself, and the
    // packed weight and size, which are the seller's and in no public view (decision 0079).
    const leftOut = [
      ...["stock_qty", "updated_at", "search_vector", "view_json_head"],
      ...["weight_grams", "length_cm", "width_cm", "height_cm"],
    ];
    const columns = await database.db.execute<{ name: string }>(
      sql`select column_name as name from information_schema.columns where table_name = 'products'`,
    );
    const watched = await database.db.execute<{ name: string }>(sql`select a.attname as name from pg_trigger t
      join pg_attribute a on a.attrelid = t.tgrelid and a.attnum = any(t.tgattr::int2[])
      where t.tgname = 'products_view_json_head'`);
    const names = (result: { rows: { name: string }[] }) => result.rows.map((row) => row.name).sort();
    expect(names(watched)).toEqual(names(columns).filter((name) => !leftOut.includes(name)));
    expect(names(watched)).toContain("title");
  });

  it("a row without its head (none should be) is still sent whole", async () => {
    await database.db.execute(sql`update products set view_json_head = null where store_id = ${storeId}`);
    await expectPageToMatchViews();
  });
});
