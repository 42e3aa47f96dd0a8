import { and, asc, desc, eq, inArray, isNull, type SQL, sql } from "drizzle-orm";
import type { PublicStore } from "../../../shared/storefront";
import type { Db } from "../../db/client";
import { productImages, products, storeDomains, stores } from "../../db/schema";
import { listStoreProducts } from "../products";

/**
 * The sitemap protocol's limits (https://www.sitemaps.org/protocol.html): "Each Sitemap file that you
 * provide must have no more than 50,000 URLs", and a sitemap index "can list up to 50,000 Sitemaps".
 * Parameters, so a test can page with small numbers.
 */
export interface SitemapLimits {
  urlsPerSitemap: number;
  sitemapsPerIndex: number;
}
export const SITEMAP_LIMITS: SitemapLimits = { urlsPerSitemap: 50_000, sitemapsPerIndex: 50_000 };

/** A moment as the W3C Datetime the sitemap protocol asks for, to the second, in UTC. */
const w3cDatetime = (moment: SQL) =>
  sql<string>`to_char((${moment}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

/**
 * Every sitemap of every published store, in the order the index pages list them: a store is published
 * when it is not deleted and has something for sale (an active product; Torg has no other publish
 * switch) and is on Torg's own address (a store on its own domain names its sitemaps in that
 * domain's robots.txt: an index may only list sitemaps of its own site), and it has one sitemap per
 * `urlsPerSitemap` of its URLs (its storefront and its active products). Ordered by the store's creation, so a new store joins the last index page and the pages
 * before it stay as they were. Last modified: the store's or any of its products' latest change.
 */
function publishedSitemaps(limits: SitemapLimits) {
  const perSitemap = sql`${limits.urlsPerSitemap}::int`;
  return sql`
    with published as (
      select ${stores.id} as id, ${stores.slug} as slug, ${stores.createdAt} as created_at,
             greatest(${stores.updatedAt}, max(${products.updatedAt})) as lastmod,
             (count(*) filter (where ${products.isActive}))::int as active
      from ${stores} join ${products} on ${products.storeId} = ${stores.id}
      where ${stores.deletedAt} is null
        and not exists (select 1 from ${storeDomains} where ${storeDomains.storeId} = ${stores.id}
          and ${storeDomains.status} = 'verified')
      group by ${stores.id}
      having bool_or(${products.isActive})
    ),
    sitemaps as (
      -- ceil((active + 1) / per): the storefront and the active products, per sitemap.
      select published.*, page::int as page
      from published, generate_series(1, (published.active + ${perSitemap}) / ${perSitemap}) as page
    )`;
}

/** How many sitemap index pages there are: 0 while no store is published. */
export async function countSitemapIndexPages(db: Db, limits = SITEMAP_LIMITS): Promise<number> {
  const result = await db.execute(
    sql`${publishedSitemaps(limits)} select count(*)::int as sitemaps from sitemaps`,
  );
  const sitemaps = Number((result.rows[0] as { sitemaps?: number } | undefined)?.sitemaps ?? 0);
  return Math.ceil(sitemaps / limits.sitemapsPerIndex);
}

export interface StoreSitemapRef {
  slug: string;
  /** 1 for a store's first sitemap; more only for a store with more URLs than one sitemap holds. */
  page: number;
  lastmod: string;
}

/** The sitemaps one index page lists (page 1 is the first); empty past the last page. */
export async function listStoreSitemaps(
  db: Db,
  indexPage: number,
  limits = SITEMAP_LIMITS,
): Promise<StoreSitemapRef[]> {
  const offset = (indexPage - 1) * limits.sitemapsPerIndex;
  const result = await db.execute(sql`${publishedSitemaps(limits)}
    select slug, page, ${w3cDatetime(sql`lastmod`)} as lastmod
    from sitemaps
    order by created_at, id, page
    limit ${limits.sitemapsPerIndex}::int offset ${offset}::int`);
  return (result.rows as { slug: string; page: number; lastmod: string }[]).map((row) => ({
    slug: row.slug,
    page: Number(row.page),
    lastmod: row.lastmod,
  }));
}

export interface SitemapUrl {
  /** The product a URL is the page of; null for the storefront. */
  productId: string | null;
  lastmod: string;
  /** Images as stored (an uploaded image's path or an https address), in the page's order. */
  images: string[];
}

/**
 * One sitemap of a live store: on its first page the storefront, then its active products in the
 * storefront's order, `urlsPerSitemap` URLs a page. Undefined for a deleted or unknown store, or a page
 * past its last.
 */
export async function storeSitemapUrls(
  db: Db,
  slug: string,
  page: number,
  limits = SITEMAP_LIMITS,
): Promise<SitemapUrl[] | undefined> {
  const latestProductChange = sql`(select max(${products.updatedAt}) from ${products} where ${products.storeId} = ${stores.id})`;
  const [store] = await db
    .select({
      id: stores.id,
      slug: stores.slug,
      heroImageUrl: stores.heroImageUrl,
      fallbackHeroImage: stores.fallbackHeroImage,
      lastmod: w3cDatetime(sql`greatest(${stores.updatedAt}, ${latestProductChange})`),
    })
    .from(stores)
    .where(and(eq(stores.slug, slug.toLowerCase()), isNull(stores.deletedAt)));
  if (!store) return undefined;
  // The storefront takes the first place of the first page.
  const offset = page === 1 ? 0 : (page - 1) * limits.urlsPerSitemap - 1;
  const limit = page === 1 ? limits.urlsPerSitemap - 1 : limits.urlsPerSitemap;
  const rows =
    limit > 0
      ? await db
          .select({ id: products.id, lastmod: w3cDatetime(sql`${products.updatedAt}`) })
          .from(products)
          .where(and(eq(products.storeId, store.id), eq(products.isActive, true)))
          .orderBy(asc(products.position), desc(products.createdAt), desc(products.id))
          .limit(limit)
          .offset(offset)
      : [];
  if (page > 1 && rows.length === 0) return undefined;
  const images = new Map<string, string[]>();
  if (rows.length > 0) {
    const found = await db
      .select({ productId: productImages.productId, url: productImages.url })
      .from(productImages)
      .where(
        inArray(
          productImages.productId,
          rows.map((row) => row.id),
        ),
      )
      .orderBy(asc(productImages.sortOrder), asc(productImages.id));
    for (const image of found)
      images.set(image.productId, [...(images.get(image.productId) ?? []), image.url]);
  }
  const hero = store.heroImageUrl ?? store.fallbackHeroImage;
  return [
    ...(page === 1 ? [{ productId: null, lastmod: store.lastmod, images: hero ? [hero] : [] }] : []),
    ...rows.map((row) => ({
      productId: row.id,
      lastmod: row.lastmod,
      images: images.get(row.id) ?? [],
    })),
  ];
}

/** How many sitemaps a live store has: its storefront and active products, `urlsPerSitemap` a sitemap. */
export async function countStoreSitemaps(db: Db, storeId: string, limits = SITEMAP_LIMITS): Promise<number> {
  const [row] = await db
    .select({ active: sql<number>`count(*)::int` })
    .from(products)
    .where(and(eq(products.storeId, storeId), eq(products.isActive, true)));
  return Math.ceil((Number(row?.active ?? 0) + 1) / limits.urlsPerSitemap);
}

/** What a live store's product feeds list: its active products, in the storefront's order. */
export function listFeedProducts(db: Db, store: Pick<PublicStore, "id">) {
  return listStoreProducts(db, store.id, { includeInactive: false });
}
