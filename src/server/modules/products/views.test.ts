import { asc, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ProductView } from "../../../shared/product";
import {
  deliveryOptions,
  paymentChannels,
  productImages,
  products,
  productVariants,
  stores,
} from "../../db/schema";
import { createTestDatabase } from "../../test/harness";
import { getPublicStoreBySlug } from "../storefront/service";
import { listDeliveryOptions } from "../stores/delivery-options";
import { getProductView, listStoreProducts } from "./queries";
import { toVariantView } from "./variants";
import { toProductView } from "./view";

// loadProductViews and getPublicStoreBySlug read a product's photos and variants, and a store's payment
// methods and delivery options, as JSON beside the row in one statement (decision 0042). These tests
// hold them to what the separate queries they replaced gave, on the database the suite runs on.

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let storeId: string;
const ids: string[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  const { db } = database;
  const [store] = await db
    .insert(stores)
    .values({ name: "Keramikk", slug: "keramikk", theme: { description: "Krus og fat" }, vatRate: 25 })
    .returning();
  if (!store) throw new Error("no store");
  storeId = store.id;
  await db.insert(paymentChannels).values([
    { storeId, provider: "vipps", externalId: "123456" },
    { storeId, provider: "stripe", externalId: "acct_1" },
  ]);
  await db.insert(deliveryOptions).values([
    { storeId, name: "Posten", kind: "parcel", price: "79.50", freeAbove: "1000", position: 1 },
    { storeId, name: "Hent i butikken", kind: "pickup", price: "0", note: "Man–fre 10–17", position: 0 },
  ]);
  const rows = await db
    .insert(products)
    .values([
      { storeId, title: "Krus", basePrice: "349", sku: "KRUS", stockQty: null, position: 0 },
      {
        storeId,
        title: "Genser",
        basePrice: "399.90",
        stockQty: 0,
        position: 1,
        coordX: "12.5",
        coordY: "80",
        options: [{ name: "Størrelse", values: ["S", "M", "L"] }],
        seoMetaTitle: "Genser i ull",
        publishedAt: new Date("2026-01-02T03:04:05.678Z"),
      },
      { storeId, title: "Fat uten bilde", basePrice: "0", stockQty: 3, position: 2 },
      { storeId, title: "Skjult", basePrice: "10", isActive: false, position: 3 },
    ])
    .returning({ id: products.id });
  ids.push(...rows.map((row) => row.id));
  const [krus, genser] = ids;
  if (!krus || !genser) throw new Error("no products");
  await db.insert(productImages).values([
    { productId: krus, url: "/uploads/products/b-1600.webp", sortOrder: 1, isPrimary: false },
    {
      productId: krus,
      url: "/uploads/products/a-1600.webp",
      sortOrder: 0,
      isPrimary: true,
      aiMeta: { x: 1 },
    },
    { productId: krus, url: "/uploads/products/c-1600.webp", sortOrder: 2, isPrimary: false },
    { productId: genser, url: "/uploads/products/g-1600.webp", sortOrder: 0, isPrimary: true },
  ]);
  await db.insert(productVariants).values([
    {
      productId: genser,
      label: "Størrelse: M",
      optionValues: ["M"],
      price: "449.50",
      stockQty: 2,
      position: 1,
    },
    {
      productId: genser,
      label: "Størrelse: S",
      optionValues: ["S"],
      sku: "G-S",
      stockQty: null,
      position: 0,
    },
    { productId: genser, label: "Størrelse: L", optionValues: ["L"], price: "0", stockQty: 0, position: 2 },
  ]);
});
afterAll(() => database.close());

/** The views as the three separate queries made them before decision 0042. */
async function viewsTheOldWay(productIds: string[]): Promise<ProductView[]> {
  const { db } = database;
  const rows = await db
    .select({ product: products, store: { id: stores.id, name: stores.name, slug: stores.slug } })
    .from(products)
    .innerJoin(stores, eq(stores.id, products.storeId))
    .where(inArray(products.id, productIds))
    .orderBy(asc(products.position));
  const images = await db
    .select()
    .from(productImages)
    .where(inArray(productImages.productId, productIds))
    .orderBy(asc(productImages.sortOrder), asc(productImages.id));
  const variants = await db
    .select()
    .from(productVariants)
    .where(inArray(productVariants.productId, productIds))
    .orderBy(asc(productVariants.position), asc(productVariants.id));
  return rows.map(({ product, store }) =>
    toProductView(
      product,
      store,
      images
        .filter((image) => image.productId === product.id)
        .map((image) => ({
          id: image.id,
          url: image.url,
          isPrimary: image.isPrimary,
          sortOrder: image.sortOrder,
        })),
      variants
        .filter((variant) => variant.productId === product.id)
        .map((variant) => toVariantView(variant, product.basePrice)),
    ),
  );
}

describe("loadProductViews in one statement", () => {
  it("gives the views the separate queries gave: photos and variants in order, prices as exact text", async () => {
    const views = await listStoreProducts(database.db, storeId, { includeInactive: true });
    expect(views).toEqual(await viewsTheOldWay(ids));
    const [krus, genser, fat] = views;
    expect(krus?.images.map((image) => image.url)).toEqual([
      "/uploads/products/a-1600.webp",
      "/uploads/products/b-1600.webp",
      "/uploads/products/c-1600.webp",
    ]);
    expect(krus?.primaryImage).toBe("/uploads/products/a-1600.webp");
    expect(genser?.variants.map((variant) => [variant.label, variant.price, variant.priceDelta])).toEqual([
      ["Størrelse: S", null, "0.00"],
      ["Størrelse: M", "449.50", "49.60"],
      ["Størrelse: L", "0.00", "-399.90"],
    ]);
    expect(genser).toMatchObject({ stockQty: null, available: true, coordinates: { x: 12.5, y: 80 } });
    expect(fat).toMatchObject({ images: [], variants: [], primaryImage: null });
  });

  it("gives one product the same view, and no photo analysis", async () => {
    const view = await getProductView(database.db, ids[0] ?? "");
    expect([view]).toEqual(await viewsTheOldWay([ids[0] ?? ""]));
    expect(JSON.stringify(view)).not.toContain("aiMeta");
  });

  it("leaves out inactive products for shoppers", async () => {
    const views = await listStoreProducts(database.db, storeId, { includeInactive: false });
    expect(views.map((view) => view.title)).toEqual(["Krus", "Genser", "Fat uten bilde"]);
  });
});

describe("getPublicStoreBySlug in one statement", () => {
  it("carries the payment methods and the delivery options in the seller's order, prices as text", async () => {
    const store = await getPublicStoreBySlug(database.db, "KERAMIKK");
    expect(store.deliveryOptions).toEqual(await listDeliveryOptions(database.db, storeId));
    expect(store.deliveryOptions).toEqual([
      expect.objectContaining({ name: "Hent i butikken", kind: "pickup", price: "0.00", freeAbove: null }),
      expect.objectContaining({ name: "Posten", kind: "parcel", price: "79.50", freeAbove: "1000.00" }),
    ]);
    expect([...store.paymentMethods].sort()).toEqual(["stripe", "vipps"]);
    expect(store).toMatchObject({ name: "Keramikk", description: "Krus og fat", vatRate: 25 });
  });

  it("gives empty lists for a store without channels or delivery options, and 404 for a deleted one", async () => {
    const [bare] = await database.db
      .insert(stores)
      .values({ name: "Tom", slug: "tom" })
      .returning({ id: stores.id });
    const store = await getPublicStoreBySlug(database.db, "tom");
    expect(store).toMatchObject({ paymentMethods: [], deliveryOptions: [] });
    await database.db
      .update(stores)
      .set({ deletedAt: new Date() })
      .where(eq(stores.id, bare?.id ?? ""));
    await expect(getPublicStoreBySlug(database.db, "tom")).rejects.toMatchObject({ statusCode: 404 });
  });
});
