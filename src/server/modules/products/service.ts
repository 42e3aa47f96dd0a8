import { and, asc, count, desc, eq, inArray, isNull, type Placeholder, type SQL, sql } from "drizzle-orm";
import { SEARCH_MAX_WORDS, STOREFRONT_PAGE_SIZE } from "../../../shared/catalogue-paging";
import type { Coordinates, ProductFields, ProductView } from "../../../shared/product";
import type { ProductVariantsInput, UpdateProductInput } from "../../../shared/variants";
import type { FileStorage } from "../../adapters/storage";
import type { Db, DbOrTx } from "../../db/client";
import { productImages, products, stores } from "../../db/schema";
import type { OnCatalogueChange } from "../../lib/deps";
import { notFound } from "../../lib/http-error";
import { CachedBody, type MicroCache } from "../../lib/micro-cache";
import { countRows, paged } from "../../lib/paging";
import { isVersion, nextVersion, staleWrite } from "../../lib/versioning";
import { deleteStoredImage, type StoredImage } from "../images/pipeline";
import { type ProductRow, productColumns } from "./columns";
import { deleteUnusedImages, repointFallbackHero } from "./images";
import { replaceVariantsIn, stockOf, toVariantView, type VariantJson } from "./variants";

type StoreRef = { id: string; name: string; slug: string };

function coordinatesOf(row: ProductRow): Coordinates | null {
  if (row.coordX === null || row.coordY === null) return null;
  return { x: Number(row.coordX), y: Number(row.coordY) };
}

export function toProductView(
  row: ProductRow,
  store: StoreRef,
  images: ProductView["images"],
  variants: ProductView["variants"] = [],
): ProductView {
  const primary = images.find((image) => image.isPrimary) ?? images[0];
  return {
    id: row.id,
    storeId: row.storeId,
    sku: row.sku,
    title: row.title,
    blurb: row.blurb,
    seoMetaTitle: row.seoMetaTitle,
    seoMetaDesc: row.seoMetaDesc,
    basePrice: row.basePrice,
    currencyCode: row.currencyCode,
    isActive: row.isActive,
    coordinates: coordinatesOf(row),
    position: row.position,
    options: row.options,
    primaryImage: primary?.url ?? null,
    images,
    store,
    createdAt: row.createdAt.toISOString(),
    publishedAt: row.publishedAt?.toISOString() ?? null,
    // Last, what a checkout changes: PostgreSQL keeps the keys above written (decision 0050).
    updatedAt: row.updatedAt.toISOString(),
    ...stockOf(row, variants),
    variants,
  };
}

/** Products of live stores only: a deleted store's products are gone for everyone. */
const ofLiveStores = (where: SQL | undefined) => and(isNull(stores.deletedAt), where);

/**
 * A product's photos as one JSON array, in their order: the view's `images`. The product's id is written
 * out in full: Drizzle leaves the table name off a column of a query without joins, and a bare "id" here
 * would be the photo's own.
 */
const imagesJson = sql<ProductView["images"]>`coalesce((
  select json_agg(json_build_object('id', i.id, 'url', i.url, 'isPrimary', i.is_primary, 'sortOrder', i.sort_order)
    order by i.sort_order, i.id)
  from product_images i where i.product_id = "products"."id"), '[]'::json)`;

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

/** A timestamp as `Date.prototype.toISOString` writes it: UTC, milliseconds (cut, as `Date` cuts them), "Z". */
const isoTime = (column: string) =>
  sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

/**
 * A product's view as JSON text, built by PostgreSQL for the row `page` (a product of the live store
 * row `stores`): byte for byte what `JSON.stringify(toProductView(...))` gives for it, so a public page
 * goes to the shopper without Node parsing, mapping and writing it again (decision 0047).
 * `toProductView` and `toVariantView` stay the rule: `view-json.test.ts` compares the two for every
 * kind of product, on both databases.
 * The view's first keys, "id" to "publishedAt", are kept written in the product's row (`view_json_head`,
 * by the triggers of migration 0013, decision 0050): writing them on every read was most of a page's
 * cost. The rest is what a checkout changes, written here: `updatedAt`, the stock and the variants
 * (a variant's values taken apart and written again: jsonb's text has spaces). A row without a head (none
 * should be) gets one written on the spot. A product without options has no variants to read.
 */
const productViewJson = sql`(coalesce(page.view_json_head, torg_product_view_head(page)) || (select
  substr(row_to_json(tail)::text, 2) from (select
    ${isoTime("page.updated_at")} as "updatedAt",
    case when page.options = '[]' then page.stock_qty
      when variants.unlimited then null else coalesce(variants.total, 0) end as "stockQty",
    case when page.options = '[]' then page.stock_qty is distinct from 0
      else coalesce(variants.available, false) end as available,
    coalesce(variants.list, '{}') as variants
  from (select array_agg(variant order by v.position, v.id) as list, bool_or(v.stock_qty is null) as unlimited,
      sum(v.stock_qty) as total, bool_or(v.stock_qty is distinct from 0) as available
    from product_variants v cross join lateral (select v.id, v.product_id as "productId", v.label,
      array(select value from jsonb_array_elements_text(v.option_values) with ordinality as e(value, n) order by n) as values,
      v.price::text as price, coalesce(v.price - page.base_price, 0.00)::text as "priceDelta", v.sku,
      v.stock_qty as "stockQty", v.stock_qty is distinct from 0 as available) variant
    where page.options <> '[]' and v.product_id = page.id) variants) tail))`;

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
        select '[' || string_agg(${productViewJson}, ',' order by ${storeOrderOf("page")}) || ']'
        from products page where page.id in (
          -- The page's ids first, from the store's order index alone: a later page skips its rows
          -- without reading them (page 42 of 2,000 products read 1,008 rows to send 24).
          select p.id from products p where p.store_id = stores.id and p.is_active
          order by ${storeOrderOf("p")} limit ${limit} offset ${offset})), '[]')`,
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

/**
 * The tsquery of a shopper's search text (decision 0040): every word must match, each stemmed as
 * Norwegian or as English, the last one also as the start of a word (someone still typing "stein"
 * finds "steintøy"). Only letters and digits reach to_tsquery, so no text can be a query-syntax error;
 * undefined when the text has no word at all.
 */
function searchQueryOf(text: string): SQL | undefined {
  const words = (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, SEARCH_MAX_WORDS);
  if (words.length === 0) return undefined;
  const terms = words.map((word, n) => {
    const term = n === words.length - 1 ? `${word}:*` : word;
    return sql`(to_tsquery('norwegian', ${term}) || to_tsquery('english', ${term}))`;
  });
  return sql`(${sql.join(terms, sql` && `)})`;
}

/** Which products a search matches and how well; a text without a word matches none. */
function productSearch(text: string): { where: SQL; rank?: SQL } | undefined {
  if (!text) return undefined;
  const query = searchQueryOf(text);
  if (!query) return { where: sql`false` };
  return {
    // Matched on the store's own rows (its index finds them), not through the GIN index: that index holds
    // every store's products, so a common word fetched tens of thousands of rows to keep the store's few
    // (bench/catalogue: a search in a 2,000-product store among 500,000 products). coalesce() of the
    // never-null column is what keeps the planner off the GIN index.
    where: sql`coalesce(${products.searchVector}, ''::tsvector) @@ ${query}`,
    rank: sql`ts_rank(${products.searchVector}, ${query})`,
  };
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
interface PublicStorePage {
  json: string;
  total: number;
}

/** The store's page from the prepared statement; undefined when there is no such live store. */
async function readPublicStorePage(
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

/** A live store's id, or a 404. */
async function liveStoreId(db: Db, storeId: string) {
  const [store] = await db
    .select({ id: stores.id })
    .from(stores)
    .where(and(eq(stores.id, storeId), isNull(stores.deletedAt)));
  if (!store) throw notFound("storeNotFound");
  return store.id;
}

/**
 * A page of a live store's active products as anyone sees it (a 404 for any other store), and the size
 * of the whole (searched) list (decision 0040). A page of the whole list is the JSON PostgreSQL wrote
 * (decision 0047), sent as it is. Kept in the public cache: the storefront's own pages of the whole list
 * and its total, of which a store has only so many. A search, a cart's ids, another page size or a page
 * past the end could be anything a visitor types, so they are read fresh and never kept: nobody can fill
 * the cache with them and push the real pages out.
 */
export async function cachedPublicStoreProducts(
  db: Db,
  publicCache: MicroCache,
  storeId: string,
  query: Omit<StoreProductsQuery, "includeInactive"> & { limit: number; offset: number },
): Promise<{ body: CachedBody; total: number }> {
  if (query.q || query.ids) {
    const { items, total } = await pageStoreProducts(db, await liveStoreId(db, storeId), {
      ...query,
      includeInactive: false,
    });
    return { body: new CachedBody(JSON.stringify(items), 200, false), total };
  }
  const { limit, offset } = query;
  // One statement gives the page and the total: the cache's two entries below share it when both load.
  let read: Promise<PublicStorePage> | undefined;
  let readTotal = 0;
  const load = () => {
    read ??= readPublicStorePage(db, storeId, { limit, offset }).then((page) => {
      if (!page) throw notFound("storeNotFound");
      readTotal = page.total;
      return page;
    });
    return read;
  };
  if (limit !== STOREFRONT_PAGE_SIZE || offset % limit !== 0) {
    const { json, total } = await load();
    return { body: new CachedBody(json, 200, false), total };
  }
  const [counted, body] = await Promise.all([
    publicCache.get(`products-total:${storeId}`, async () => (await load()).total),
    // getPage keeps the text it is given (get would write it out as JSON again). The first page always
    // exists; a later one is kept only when the list reaches it.
    publicCache.getPage(
      `products:${storeId}:${offset}`,
      async () => ({ status: 200, html: (await load()).json }),
      () => offset === 0 || offset < readTotal,
    ),
  ]);
  return { body, total: Number(counted.body) };
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
 * An active product of a live store as shoppers see it, kept in the public cache (the product page and
 * its view beacon both ask); a 404 for anything else.
 */
export function cachedPublicProduct(db: Db, publicCache: MicroCache, productId: string): Promise<CachedBody> {
  return publicCache.get(`product:${productId}`, async () => {
    const view = await getProductView(db, productId);
    if (!view?.isActive) throw notFound("productNotFound");
    return view;
  });
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

export interface NewProduct extends ProductFields {
  coordinates?: Coordinates;
  /** undefined: 1 (a product from a photo is one of a kind); null: unlimited (decision 0032). */
  stockQty?: number | null;
  aiMeta?: Record<string, unknown>;
  isActive?: boolean;
  /** The options and variants it is sold in (decision 0032), saved with it: never on sale without them. */
  variants?: ProductVariantsInput;
}

/**
 * The one way a product is made (decision 0031), inside the caller's transaction: the row at the end of
 * the store's list, its primary image (a photo already stored), and the store's fallback hero image if
 * it has none. The seller's "add product" and quick-create both come here.
 */
/** A new product with its photos in order; the first is primary and carries the analysis (decision 0033). */
export async function insertProduct(
  tx: DbOrTx,
  storeId: string,
  input: NewProduct,
  imageUrls: readonly [string, ...string[]],
) {
  const [imageUrl] = imageUrls;
  const [position] = await tx
    .select({ next: sql<number>`coalesce(max(${products.position}) + 1, 0)`.mapWith(Number) })
    .from(products)
    .where(eq(products.storeId, storeId));
  const [product] = await tx
    .insert(products)
    .values({
      storeId,
      title: input.title,
      blurb: input.blurb,
      basePrice: input.basePrice,
      sku: input.sku,
      seoMetaTitle: input.seoMetaTitle,
      seoMetaDesc: input.seoMetaDesc,
      coordX: input.coordinates ? String(input.coordinates.x) : null,
      coordY: input.coordinates ? String(input.coordinates.y) : null,
      isActive: input.isActive ?? true,
      stockQty: input.stockQty === undefined ? 1 : input.stockQty,
      position: position?.next ?? 0,
      publishedAt: new Date(),
    })
    .returning({ id: products.id });
  if (!product) throw new Error("product insert returned no row");
  await tx.insert(productImages).values(
    imageUrls.map((url, sortOrder) => ({
      productId: product.id,
      url,
      sortOrder,
      isPrimary: sortOrder === 0,
      aiMeta: sortOrder === 0 ? input.aiMeta : undefined,
    })),
  );
  if (input.variants && input.variants.options.length > 0) {
    await replaceVariantsIn(tx, product.id, input.variants);
  }
  // A store without a hero image shows its first product's photo instead of the stock picture.
  await tx
    .update(stores)
    .set({ fallbackHeroImage: imageUrl })
    .where(and(eq(stores.id, storeId), isNull(stores.fallbackHeroImage)));
  return product.id;
}

/** Inserts the product and its primary image together; if the database refuses, the stored files go too. */
export async function createProduct(
  db: Db,
  storage: FileStorage,
  storeId: string,
  input: NewProduct,
  image: StoredImage,
  onCatalogueChange: OnCatalogueChange,
) {
  try {
    const productId = await db.transaction((tx) => insertProduct(tx, storeId, input, [image.url]));
    const view = await getProductView(db, productId);
    if (!view) throw new Error("created product vanished");
    onCatalogueChange();
    return view;
  } catch (error) {
    await deleteStoredImage(storage, image.keys);
    throw error;
  }
}

/**
 * Saves the fields, the options and variants when given, and a new photo, all in one transaction: the
 * edit page's one Save (decision 0060). Refused (409) when `expectedUpdatedAt` is no longer current,
 * and then nothing is saved.
 */
export async function updateProduct(
  db: Db,
  storage: FileStorage,
  product: ProductRow,
  input: UpdateProductInput,
  onCatalogueChange: OnCatalogueChange,
  newImage?: StoredImage,
) {
  const changes: Partial<typeof products.$inferInsert> = {};
  for (const key of [
    "title",
    "blurb",
    "basePrice",
    "sku",
    "seoMetaTitle",
    "seoMetaDesc",
    "isActive",
    "stockQty",
  ] as const) {
    if (input[key] !== undefined) Object.assign(changes, { [key]: input[key] });
  }
  if (input.coordinates !== undefined) {
    changes.coordX = input.coordinates ? String(input.coordinates.x) : null;
    changes.coordY = input.coordinates ? String(input.coordinates.y) : null;
  }
  let replaced: string[] = [];
  try {
    await db.transaction(async (tx) => {
      const [updated] = await tx
        .update(products)
        .set({ ...changes, updatedAt: nextVersion(products.updatedAt) })
        .where(and(eq(products.id, product.id), isVersion(products.updatedAt, input.expectedUpdatedAt)))
        .returning({ id: products.id });
      // A save from a version that is no longer current changes nothing, its new photo included.
      if (!updated) throw input.expectedUpdatedAt !== undefined ? staleWrite() : notFound("productNotFound");
      if (input.variants) await replaceVariantsIn(tx, product.id, input.variants);
      if (newImage) {
        // A new photo on the edit form replaces the primary in its place; the other photos keep theirs.
        const old = await tx
          .select()
          .from(productImages)
          .where(and(eq(productImages.productId, product.id), eq(productImages.isPrimary, true)));
        replaced = old.map((image) => image.url);
        await tx
          .delete(productImages)
          .where(and(eq(productImages.productId, product.id), eq(productImages.isPrimary, true)));
        await tx.insert(productImages).values({
          productId: product.id,
          url: newImage.url,
          isPrimary: true,
          sortOrder: old[0]?.sortOrder ?? 0,
        });
        await repointFallbackHero(tx, product.storeId, replaced);
      }
    });
  } catch (error) {
    if (newImage) await deleteStoredImage(storage, newImage.keys);
    throw error;
  }
  onCatalogueChange();
  await deleteUnusedImages(db, storage, replaced);
  const view = await getProductView(db, product.id);
  if (!view) throw notFound("productNotFound");
  return view;
}

/** Orders keep their item snapshots (title, unit price); the product's files are removed after the row. */
export async function deleteProduct(
  db: Db,
  storage: FileStorage,
  product: ProductRow,
  onCatalogueChange: OnCatalogueChange,
) {
  const images = await db.select().from(productImages).where(eq(productImages.productId, product.id));
  await db.delete(products).where(eq(products.id, product.id));
  await repointFallbackHero(
    db,
    product.storeId,
    images.map((image) => image.url),
  );
  onCatalogueChange();
  await deleteUnusedImages(
    db,
    storage,
    images.map((image) => image.url),
  );
}
