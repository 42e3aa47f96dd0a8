import { sql } from "drizzle-orm";
import type { ProductVariantView, ProductView } from "../../../shared/product";
import type { ProductImage } from "../../../shared/product-images";
import type { productVariants } from "../../db/schema";
import type { ProductRow } from "./columns";

// The public product view, defined once (decision 0074). Each key of the view is one entry below: how
// Node makes its value (`of`) and how PostgreSQL writes it (`sql`), side by side, in the view's key
// order. The types hold the entries to the zod schema (src/shared/product.ts): a key it adds or drops
// fails to compile here. From these lists come `toProductView` and `toVariantView` (every list but a
// public page, and the rule the tests hold the database to), the JSON a public page is written as
// (`productViewJson`), and the body of the database's `torg_product_view_head` (`productViewHeadBody`),
// which a migration installs and a test holds to this file.

/** How one key of a view is made: in Node from `Source`, in PostgreSQL as an expression. */
interface Column<Source, Value> {
  of: (source: Source) => Value;
  sql: string;
}
type Columns<Source, View> = { [Key in keyof View]-?: Column<Source, View[Key]> };

/** Columns as a select list, each named by its key, in order: what row_to_json writes as an object. */
const selectList = (columns: Record<string, { sql: string }>, separator = ",\n    ") =>
  Object.entries(columns)
    .map(([key, column]) => `${column.sql} as "${key}"`)
    .join(separator);

/** A timestamp as `Date.prototype.toISOString` writes it: UTC, milliseconds (cut, as `Date` cuts them), "Z". */
const isoTime = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** Exact kroner arithmetic on numeric(12,2) strings: "349.00" − "300.00" = "49.00". */
function priceDelta(price: string | null, basePrice: string) {
  if (price === null) return "0.00";
  const ore = Math.round(Number(price) * 100) - Math.round(Number(basePrice) * 100);
  return (ore / 100).toFixed(2);
}

/** A variant row as loadProductViews reads it beside its product (JSON: the columns' names in camel case). */
export type VariantJson = Pick<
  typeof productVariants.$inferSelect,
  "id" | "productId" | "label" | "optionValues" | "price" | "sku" | "stockQty" | "position"
>;

/** A variant of the product `p` as the variant row `v` (alias names are the SQL's). */
const variantColumns = {
  id: { of: ({ v }) => v.id, sql: "v.id" },
  productId: { of: ({ v }) => v.productId, sql: "v.product_id" },
  label: { of: ({ v }) => v.label, sql: "v.label" },
  // jsonb's text has spaces: the values are taken apart and written again.
  values: {
    of: ({ v }) => v.optionValues,
    sql: "array(select value from jsonb_array_elements_text(v.option_values) with ordinality as e(value, n) order by n)",
  },
  // Prices as numeric text ("349.00"): a JSON number would lose the øre.
  price: { of: ({ v }) => v.price, sql: "v.price::text" },
  priceDelta: {
    of: ({ v, basePrice }) => priceDelta(v.price, basePrice),
    sql: "coalesce(v.price - p.base_price, 0.00)::text",
  },
  sku: { of: ({ v }) => v.sku, sql: "v.sku" },
  stockQty: { of: ({ v }) => v.stockQty, sql: "v.stock_qty" },
  available: { of: ({ v }) => v.stockQty !== 0, sql: "v.stock_qty is distinct from 0" },
} satisfies Columns<{ v: VariantJson; basePrice: string }, ProductVariantView>;

/** A photo in a product's list, as the photo row `i`. */
const imageColumns = {
  id: { of: (i) => i.id, sql: "i.id" },
  url: { of: (i) => i.url, sql: "i.url" },
  isPrimary: { of: (i) => i.isPrimary, sql: "i.is_primary" },
  sortOrder: { of: (i) => i.sortOrder, sql: "i.sort_order" },
} satisfies Columns<ProductImage, ProductImage>;

/**
 * What a shopper can buy of a product (decision 0032): with options, the variants' stock added up (null,
 * unlimited, when any variant is) and available while any variant is; without, the product's own.
 */
export function stockOf(product: Pick<ProductRow, "stockQty" | "options">, variants: ProductVariantView[]) {
  if (product.options.length === 0) return { stockQty: product.stockQty, available: product.stockQty !== 0 };
  const stockQty = variants.some((variant) => variant.stockQty === null)
    ? null
    : variants.reduce((sum, variant) => sum + (variant.stockQty ?? 0), 0);
  return { stockQty, available: variants.some((variant) => variant.available) };
}

interface ProductSource {
  row: ProductRow;
  store: ProductView["store"];
  images: ProductView["images"];
  variants: ProductVariantView[];
  stock: ReturnType<typeof stockOf>;
}

/**
 * The product view, key by key, for the product row `p`. In SQL: `images` is its photos (`list`, and the
 * `primary` one's url); `variants` its variants (`list`, and over them `unlimited`, `total`, `available`).
 * Coordinates are `trim_scale` of numeric(5,2): what `Number()` of "12.50" prints.
 */
const productColumns = {
  id: { of: ({ row }) => row.id, sql: "p.id" },
  storeId: { of: ({ row }) => row.storeId, sql: "p.store_id" },
  sku: { of: ({ row }) => row.sku, sql: "p.sku" },
  title: { of: ({ row }) => row.title, sql: "p.title" },
  blurb: { of: ({ row }) => row.blurb, sql: "p.blurb" },
  seoMetaTitle: { of: ({ row }) => row.seoMetaTitle, sql: "p.seo_meta_title" },
  seoMetaDesc: { of: ({ row }) => row.seoMetaDesc, sql: "p.seo_meta_desc" },
  basePrice: { of: ({ row }) => row.basePrice, sql: "p.base_price::text" },
  currencyCode: { of: ({ row }) => row.currencyCode, sql: "p.currency_code" },
  isActive: { of: ({ row }) => row.isActive, sql: "p.is_active" },
  coordinates: {
    of: ({ row }) =>
      row.coordX === null || row.coordY === null ? null : { x: Number(row.coordX), y: Number(row.coordY) },
    sql: `('{"x":' || trim_scale(p.coord_x) || ',"y":' || trim_scale(p.coord_y) || '}')::json`,
  },
  position: { of: ({ row }) => row.position, sql: "p.position" },
  // jsonb's text has spaces: the options are taken apart and written again.
  options: {
    of: ({ row }) => row.options,
    sql: `case when p.options = '[]' then '[]'::json else to_json(array(select option from (select name, values
      from rows from (jsonb_to_recordset(p.options) as (name text, values text[])) with ordinality as o(name, values, n)
      order by n) option)) end`,
  },
  primaryImage: {
    of: ({ images }) => (images.find((image) => image.isPrimary) ?? images[0])?.url ?? null,
    sql: `images."primary"`,
  },
  images: { of: ({ images }) => images, sql: "coalesce(images.list, '{}')" },
  store: {
    of: ({ store }) => store,
    sql: "(select row_to_json(store) from (select s.id, s.name, s.slug from stores s where s.id = p.store_id) store)",
  },
  createdAt: { of: ({ row }) => row.createdAt.toISOString(), sql: isoTime("p.created_at") },
  publishedAt: { of: ({ row }) => row.publishedAt?.toISOString() ?? null, sql: isoTime("p.published_at") },
  // The head ends here. Below, what a checkout changes, written as a page is read (decision 0050).
  updatedAt: { of: ({ row }) => row.updatedAt.toISOString(), sql: isoTime("p.updated_at") },
  stockQty: {
    of: ({ stock }) => stock.stockQty,
    sql: `case when p.options = '[]' then p.stock_qty
      when variants.unlimited then null else coalesce(variants.total, 0) end`,
  },
  available: {
    of: ({ stock }) => stock.available,
    sql: `case when p.options = '[]' then p.stock_qty is distinct from 0
      else coalesce(variants.available, false) end`,
  },
  variants: { of: ({ variants }) => variants, sql: "coalesce(variants.list, '{}')" },
} satisfies Columns<ProductSource, ProductView>;

/** The last key the row keeps written (`view_json_head`); the keys after it are what a checkout changes. */
const HEAD_ENDS_AFTER = "publishedAt" satisfies keyof ProductView;
const productKeys = Object.keys(productColumns) as (keyof ProductView)[];
const headKeys = productKeys.slice(0, productKeys.indexOf(HEAD_ENDS_AFTER) + 1);
const pick = (keys: (keyof ProductView)[]) =>
  Object.fromEntries(keys.map((key) => [key, productColumns[key]]));

function build<Source, View>(columns: Columns<Source, View>, source: Source): View {
  const view: Partial<View> = {};
  for (const key in columns) view[key] = columns[key].of(source);
  return view as View;
}

export function toVariantView(row: VariantJson, basePrice: string): ProductVariantView {
  return build(variantColumns, { v: row, basePrice });
}

export function toProductView(
  row: ProductRow,
  store: ProductView["store"],
  images: ProductView["images"],
  variants: ProductVariantView[] = [],
): ProductView {
  return build(productColumns, { row, store, images, variants, stock: stockOf(row, variants) });
}

/**
 * A product's photos as one JSON array, in their order: the view's `images`, for the `products` table of
 * a Drizzle query. The product's id is written out in full: Drizzle leaves the table name off a column of
 * a query without joins, and a bare "id" here would be the photo's own.
 */
export const imagesJson = sql<ProductView["images"]>`coalesce((
  select json_agg(json_build_object(${sql.raw(
    Object.entries(imageColumns)
      .map(([key, column]) => `'${key}', ${column.sql}`)
      .join(", "),
  )}) order by i.sort_order, i.id)
  from product_images i where i.product_id = "products"."id"), '[]'::json)`;

/**
 * The body of the SQL function `torg_product_view_head(p products)`: the view's JSON from `{"id":` to
 * `"publishedAt":…,` with its trailing comma, which the triggers of migration 0013 keep in the product's
 * row (decision 0050). row_to_json writes compact JSON, escaped as `JSON.stringify` escapes, in the
 * select list's order. A change here needs a migration that installs the new body and writes the heads
 * again; `view-head.test.ts` fails until there is one.
 */
export const productViewHeadBody = `
  select left(row_to_json(view)::text, -1) || ',' from (select
    ${selectList(pick(headKeys))}
  from (select array_agg(image order by image."sortOrder", image.id) as list,
      (array_agg(image.url order by image."isPrimary" desc, image."sortOrder", image.id))[1] as "primary"
    from (select ${selectList(imageColumns, ", ")}
      from product_images i where i.product_id = p.id) image) images) view
`;

/**
 * A product's view as JSON text, written by PostgreSQL for the product row `p` (decision 0047): the
 * head kept in the row (a row without one, none should be, gets it written on the spot), then the keys
 * a checkout changes, its variants among them (a product without options reads none). Byte for byte
 * `JSON.stringify(toProductView(...))` of the same row: `view-json.test.ts` holds the two together.
 */
export const productViewJson = sql.raw(`(coalesce(p.view_json_head, torg_product_view_head(p)) || (select
  substr(row_to_json(tail)::text, 2) from (select
    ${selectList(pick(productKeys.slice(headKeys.length)))}
  from (select array_agg(variant order by v.position, v.id) as list, bool_or(v.stock_qty is null) as unlimited,
      sum(v.stock_qty) as total, bool_or(v.stock_qty is distinct from 0) as available
    from product_variants v cross join lateral (select ${selectList(variantColumns, ", ")}) variant
    where p.options <> '[]' and v.product_id = p.id) variants) tail))`);

/** The statement that installs `productViewHeadBody`: what a migration holds when the head changes. */
export const productViewHeadFunction = `CREATE OR REPLACE FUNCTION torg_product_view_head(p products) RETURNS text LANGUAGE sql STABLE AS $$${productViewHeadBody}$$;`;
