import { sql } from "drizzle-orm";
import { fixImageUrl, imageVariantUrl, PLACEHOLDER_IMAGE } from "../../../shared/image-url";
import type { MarketCatalogue, MarketCatalogueItem } from "../../../shared/market";
import type { Db } from "../../db/client";
import { notFound } from "../../lib/http-error";
import { offeredProviders, type PaymentContext } from "../payments";

type CatalogueRow = {
  product_id: string;
  title: string;
  price: string;
  image_url: string | null;
  stock_qty: number | null;
  variants: { id: string; label: string; price: string; stock_qty: number | null }[];
  last_sold_at: string | Date | null;
};

/**
 * The market screen's small photo: the 400 px width of an uploaded image (the storefront's card size),
 * as a path of this site, or an image from elsewhere as it is; null when there is none it may load.
 */
function thumbnailOf(url: string | null): string | null {
  if (!url) return null;
  const fixed = fixImageUrl(imageVariantUrl(url, 400), "");
  return fixed === PLACEHOLDER_IMAGE ? null : fixed;
}

/**
 * GET /api/stores/{id}/market/catalogue: the store's active products with their variants, prices and
 * stock as the checkout prices and takes them, the primary photo (as the product view picks it), and when
 * each last sold on any channel, most recently sold first, then the shop's own order. One statement.
 */
export async function marketCatalogue(
  db: Db,
  payments: Pick<PaymentContext, "db" | "gateways">,
  storeId: string,
): Promise<MarketCatalogue> {
  const [storeRows, productRows, providers] = await Promise.all([
    db.execute<{ name: string; vat_rate: string | number | null; stall_full_documents: boolean }>(sql`
      select name, vat_rate, stall_full_documents from stores where id = ${storeId} and deleted_at is null`),
    db.execute<CatalogueRow>(sql`
      select p.id as product_id, p.title, p.base_price::text as price, p.stock_qty,
        (select i.url from product_images i where i.product_id = p.id
          order by i.is_primary desc, i.sort_order, i.id limit 1) as image_url,
        coalesce((select json_agg(json_build_object('id', v.id, 'label', v.label,
            'price', coalesce(v.price, p.base_price)::text, 'stock_qty', v.stock_qty)
            order by v.position, v.id)
          from product_variants v where v.product_id = p.id), '[]'::json) as variants,
        (select max(o.placed_at) from order_items oi join orders o on o.id = oi.order_id
          where oi.product_id = p.id) as last_sold_at
      from products p
      where p.store_id = ${storeId} and p.is_active
      order by last_sold_at desc nulls last, p.position, p.created_at, p.id`),
    offeredProviders(payments, storeId),
  ]);
  const [store] = storeRows.rows;
  if (!store) throw notFound("storeNotFound");
  const items = productRows.rows.map(
    (row): MarketCatalogueItem => ({
      productId: row.product_id,
      title: row.title,
      price: row.price,
      imageUrl: thumbnailOf(row.image_url),
      stockQty: row.stock_qty,
      variants: row.variants.map((variant) => ({
        id: variant.id,
        label: variant.label,
        price: variant.price,
        stockQty: variant.stock_qty,
      })),
      lastSoldAt: row.last_sold_at === null ? null : new Date(row.last_sold_at).toISOString(),
    }),
  );
  return {
    storeId,
    storeName: store.name,
    vatRate: store.vat_rate === null ? null : Number(store.vat_rate),
    vippsAvailable: providers.includes("vipps"),
    fullDocuments: store.stall_full_documents,
    items,
    fetchedAt: new Date().toISOString(),
  };
}
