import { and, eq, isNull } from "drizzle-orm";
import { STOREFRONT_PAGE_SIZE } from "../../../shared/catalogue-paging";
import type { Db } from "../../db/client";
import { stores } from "../../db/schema";
import { notFound } from "../../lib/http-error";
import { CachedBody, type MicroCache } from "../../lib/micro-cache";
import {
  getProductView,
  type PublicStorePage,
  pageStoreProducts,
  readPublicStorePage,
  type StoreProductsQuery,
} from "./queries";

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
