import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { productViewSchema } from "../../../shared/product";
import { createTestDatabase } from "../../test/harness";
import { productViewHeadBody, productViewHeadFunction, toProductView } from "./view";

// The view is defined once, in ./view (decision 0074); the database's torg_product_view_head is a copy of
// the body generated from it, installed by a migration. These tests say when the two part.

let database: Awaited<ReturnType<typeof createTestDatabase>>;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe("the product view's one definition", () => {
  it("is what the database's torg_product_view_head runs, as the migrations left it", async () => {
    const { rows } = await database.db.execute<{ body: string }>(
      sql`select prosrc as body from pg_proc where proname = 'torg_product_view_head'`,
    );
    expect(
      rows.map((row) => row.body),
      `view.ts and the database's function differ: add a migration holding\n${productViewHeadFunction}`,
    ).toEqual([productViewHeadBody]);
  });

  it("makes every key of the API's schema, in the order the database writes them", () => {
    const view = toProductView(
      {
        id: "p",
        storeId: "s",
        sku: null,
        title: "Krus",
        blurb: null,
        seoMetaTitle: null,
        seoMetaDesc: null,
        basePrice: "10.00",
        currencyCode: "NOK",
        isActive: true,
        coordX: null,
        coordY: null,
        weightGrams: null,
        lengthCm: null,
        widthCm: null,
        heightCm: null,
        position: 0,
        options: [],
        stockQty: 1,
        aiMeta: null,
        publishedAt: null,
        createdAt: new Date(0),
        updatedAt: new Date(0),
      } as Parameters<typeof toProductView>[0],
      { id: "s", name: "Butikk", slug: "butikk" },
      [],
    );
    expect(productViewSchema.strict().parse(view)).toEqual(view);
    expect(Object.keys(view).slice(-4)).toEqual(["updatedAt", "stockQty", "available", "variants"]);
  });
});
