import { and, asc, count, desc, eq, inArray, isNull, type Placeholder, type SQL, sql } from "drizzle-orm";
import type { ProductView, SellerProductView } from "../../../shared/product";
import type { Db } from "../../db/client";
import { products, stores } from "../../db/schema";
import { notFound } from "../../lib/http-error";
import { countRows, paged } from "../../lib/paging";
import { productColumns } from "./columns";
import { productSearch } from "./search";
import { imagesJson, productViewJson, toProductView, toVariantView, type VariantJson } from "./view";

/** Products of live stores only: a deleted store's products are gone for everyone. */
const ofLiveStores = (where: SQL | undefined) => and(isNull(stores.deletedAt), where);

/**
 * A product's variants as one JSON array, in the seller's order. Prices as text: numeric in JSON would
 * arrive as a number, and "349.00" as 349.
 */
const variantsJson = sql<VariantJson[]>`coalesce((
  select json_agg(json_build_object('id', v.id, 'productId', v.product_id, 'label', v.label,
    'optionValues', v.option_values, 'price', v.price::text, 'sku', v.sku, 'stockQty', v.stock_qty,
    'position', v.position) order by v.position, v.id)
  from product_variants v where v.product_id = "products"."id"), '[]'::json)`;

/**
 * The one statement loadProductViews runs: products with their store, photos and variants, the photos
 * and variants as JSON arrays beside each row (decision 0042; three round trips before). bench/storefront
 * runs its SQL on a bare server too. In the store's order, or best match first when `rankBy` (a search's
 * rank, decision 0040) is given; limit and offset may be placeholders of a prepared statement.
 */
export function productViewsQuery(
  db: Db,
  where: SQL | undefined,
  options: { limit?: number | Placeholder; offset?: number | Placeholder; rankBy?: SQL } = {},
) {
  const order = [
    ...(options.rankBy ? [desc(options.rankBy)] : []),
    asc(products.position),
    desc(products.createdAt),
    desc(products.id),
  ];
  const views = db
    .select({
      product: productColumns,
      store: { id: stores.id, name: stores.name, slug: stores.slug },
      // Not in the view: the product page reads its store's language from here instead of a second query.
      storeLocale: stores.defaultLocale,
      images: imagesJson,
      variants: variantsJson,
    })
    .from(products)
    .innerJoin(stores, eq(stores.id, products.storeId))
    .$dynamic();
  if (options.limit === undefined) return views.where(ofLiveStores(where)).orderBy(...order);
  // A page is chosen by its ids first: PostgreSQL computes the select list (the photos' and variants'
  // JSON) for every row an OFFSET skips, and page 42 of a 2,000-product store built 1,000 rows' JSON to
  // send 24 (decision 0040's "p99 stays flat").
  const page = db
    .select({ id: products.id })
    .from(products)
    .innerJoin(stores, eq(stores.id, products.storeId))
    .where(ofLiveStores(where))
    .orderBy(...order)
    .limit(options.limit)
    .offset(options.offset ?? 0);
  return views.where(inArray(products.id, page)).orderBy(...order);
}

type ViewRow = Awaited<ReturnType<typeof productViewsQuery>>[number];

const toViews = (rows: ViewRow[]) =>
  rows.map((row) =>
    toProductView(
      row.product,
      row.store,
      row.images,
      row.variants.map((variant) => toVariantView(variant, row.product.basePrice)),
    ),
  );

/** Products with their store, photos and variants, in one statement whatever the count. */
export async function loadProductViews(
  db: Db,
  where: SQL | undefined,
  options: { limit?: number; offset?: number; rankBy?: SQL } = {},
) {
  return toViews(await productViewsQuery(db, where, options));
}

/** How many products loadProductViews would give for `where` without its page limits. */
export async function countProducts(db: Db, where: SQL | undefined) {
  return countRows(
    db
      .select({ total: count() })
      .from(products)
      .innerJoin(stores, eq(stores.id, products.storeId))
      .where(ofLiveStores(where)),
  );
}

/** Which products of a store a list reads (a store's public list: its active products). */
function storeProductsWhere(
  storeId: string | Placeholder,
  query: StoreProductsQuery,
  search: SQL | undefined,
) {
  return and(
    eq(products.storeId, storeId),
    query.includeInactive ? undefined : eq(products.isActive, true),
    query.ids ? inArray(products.id, [...query.ids]) : undefined,
    search,
  );
}

/** Which product getProductView reads. */
const productWhere = (productId: string | Placeholder) => eq(products.id, productId);

/** The store's order of products (decision 0040), as productViewsQuery sorts them, for the table `alias`. */
const storeOrderOf = (alias: string) =>
  sql.raw(`${alias}.position, ${alias}.created_at desc, ${alias}.id desc`);

/**
 * A page of a live store's active products as the JSON array the API answers, and the size of the whole
 * list, in one statement and one row (no row: no such live store). The page is chosen first, in the
 * store's order, and only its rows are written as JSON.
 */
function publicStorePageQuery(db: Db, storeId: Placeholder, limit: Placeholder, offset: Placeholder) {
  return db
    .select({
      total:
        sql<number>`(select count(*) from products p where p.store_id = stores.id and p.is_active)`.mapWith(
          Number,
        ),
      json: sql<string>`coalesce((
        select '[' || string_agg(${productViewJson}, ',' order by ${storeOrderOf("p")}) || ']'
        from products p where p.id in (
          -- The page's ids first, from the store's order index alone: a later page skips its rows
          -- without reading them.
          select listed.id from products listed where listed.store_id = stores.id and listed.is_active
          order by ${storeOrderOf("listed")} limit ${limit} offset ${offset})), '[]')`,
    })
    .from(stores)
    .where(and(eq(stores.id, storeId), isNull(stores.deletedAt)));
}

/**
 * The reads every shopper's page makes, as named prepared statements: PostgreSQL parses and plans each
 * once per connection instead of on every request (decision 0042): a page of a store's public list with
 * the size of that list, as JSON text (decision 0047), and one product. bench/storefront runs the same
 * statements, by the same names, on its bare server.
 */
export const publicProductReads = (db: Db) => ({
  storePage: {
    name: "torg_public_store_page",
    query: publicStorePageQuery(
      db,
      sql.placeholder("storeId"),
      sql.placeholder("limit"),
      sql.placeholder("offset"),
    ),
  },
  product: {
    name: "torg_product_view",
    query: productViewsQuery(db, productWhere(sql.placeholder("productId"))),
  },
});

const prepared = new WeakMap<Db, ReturnType<typeof prepareProductReads>>();

function prepareProductReads(db: Db) {
  const reads = publicProductReads(db);
  return {
    storePage: reads.storePage.query.prepare(reads.storePage.name),
    product: reads.product.query.prepare(reads.product.name),
  };
}

function productReads(db: Db) {
  let reads = prepared.get(db);
  if (!reads) {
    reads = prepareProductReads(db);
    prepared.set(db, reads);
  }
  return reads;
}
export interface StoreProductsQuery {
  includeInactive: boolean;
  /** Search text, already normalised (src/shared/catalogue-paging.ts); "" or undefined: no search. */
  q?: string;
  /** Only these products (a cart's lines), in the store's order. */
  ids?: readonly string[];
}

/** The whole product list of a store, in its order: the sitemap and feed list every product. */
export async function listStoreProducts(db: Db, storeId: string, options: { includeInactive: boolean }) {
  return loadProductViews(db, storeProductsWhere(storeId, options, undefined));
}

/** A page of a live store's active products as the API's JSON, and the size of the whole list. */
export interface PublicStorePage {
  json: string;
  total: number;
}

/** The store's page from the prepared statement; undefined when there is no such live store. */
export async function readPublicStorePage(
  db: Db,
  storeId: string,
  page: { limit: number; offset: number },
): Promise<PublicStorePage | undefined> {
  const [row] = await productReads(db).storePage.execute({ storeId, limit: page.limit, offset: page.offset });
  return row;
}

/**
 * One page of a store's products, searched when `q` is given (best match first), and the size of the
 * whole (searched) list beside it (decision 0040). A store's public list unsearched (every shopper's
 * storefront) is one prepared statement, its views read back from the JSON the API sends.
 */
export async function pageStoreProducts(
  db: Db,
  storeId: string,
  query: StoreProductsQuery & { limit: number; offset: number },
) {
  if (!query.includeInactive && !query.q && !query.ids) {
    const page = await readPublicStorePage(db, storeId, query);
    return { items: page ? (JSON.parse(page.json) as ProductView[]) : [], total: page?.total ?? 0 };
  }
  const search = productSearch(query.q ?? "");
  const where = storeProductsWhere(storeId, query, search?.where);
  return paged(
    loadProductViews(db, where, { limit: query.limit, offset: query.offset, rankBy: search?.rank }),
    countProducts(db, where),
  );
}

export async function getProductView(db: Db, productId: string) {
  return (await getProductWithStoreLocale(db, productId))?.view;
}

/** A product's view and its store's own language (the product page's), in one statement. */
export async function getProductWithStoreLocale(db: Db, productId: string) {
  const [row] = await productReads(db).product.execute({ productId });
  if (!row) return undefined;
  const [view] = toViews([row]);
  return view && { view, storeLocale: row.storeLocale };
}

/**
 * A product as its store's members see it (decision 0079): the view and the product's packed weight and
 * size, which are the seller's and never in the public view. One statement, the product read's own.
 */
export async function getSellerProductView(
  db: Db,
  productId: string,
): Promise<SellerProductView | undefined> {
  const [row] = await productReads(db).product.execute({ productId });
  if (!row) return undefined;
  const [view] = toViews([row]);
  const { weightGrams, lengthCm, widthCm, heightCm } = row.product;
  return view && { ...view, weightGrams, lengthCm, widthCm, heightCm };
}

/** The public view of a seller's view: what anyone else may read of the product. */
export function withoutShipping(view: SellerProductView): ProductView {
  const { weightGrams: _w, lengthCm: _l, widthCm: _wi, heightCm: _h, ...publicView } = view;
  return publicView;
}

/** The product row with its live store, or a 404. */
export async function findProduct(db: Db, productId: string) {
  const [row] = await db
    .select({ product: productColumns })
    .from(products)
    .innerJoin(stores, eq(stores.id, products.storeId))
    .where(and(eq(products.id, productId), isNull(stores.deletedAt)));
  if (!row) throw notFound("productNotFound");
  return row.product;
}
