import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorResponses, rawBody } from "../../../shared/api";
import { shopUrl } from "../../../shared/shop-address";
import { isSlugShaped } from "../../../shared/slug";
import type { AppDeps } from "../../lib/deps";
import { notFound } from "../../lib/http-error";
import { type CachedBody, sendCached } from "../../lib/micro-cache";
import { publicOrigin } from "../../lib/origin";
import { getPublicStoreBySlug } from "../storefront";
import { googleFeedXml } from "./google-feed";
import { metaFeedCsv } from "./meta-feed";
import {
  countSitemapIndexPages,
  countStoreSitemaps,
  listFeedProducts,
  listStoreSitemaps,
  storeSitemapUrls,
} from "./service";
import { robotsTxt, shopRobotsTxt, sitemapIndexXml, storeSitemapXml } from "./sitemap";

const XML = "application/xml; charset=utf-8";

const slugParams = z.object({ slug: z.string().max(100) });
/** `?page=` of a sitemap index or a store's sitemap: 1 (the default) or more. */
const pageQuery = z.object({
  page: z.coerce
    .number("errors.invalidInput")
    .int("errors.invalidInput")
    .min(1, "errors.invalidInput")
    .max(1_000_000, "errors.invalidInput")
    .default(1),
});

/** Plain text or XML, for everyone; hidden from the API's description like the pages. */
const documentSchema = (description: string) => ({
  hide: true,
  response: { 200: rawBody(description), ...errorResponses },
});

/**
 * What search engines and shopping catalogues read (decisions 0039, 0080): robots.txt, the sitemap
 * index, a store's sitemap, its robots.txt when it has its own domain, and its product feeds for Google
 * and Meta, every address in them the shop's (shared/shop-address.ts). Public reads: kept in the public cache like the shop pages
 * (cleared by any catalogue write, decision 0038), keyed by the address links are written with
 * (PUBLIC_URL, or the request's allowed host), compressed once, and sent `no-cache` like the pages.
 */
export const seoRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, config, publicCache }) => {
  /** The document `make` writes for this site's address, from the cache. */
  function cached(request: FastifyRequest, key: string, make: (origin: string) => Promise<string>) {
    const origin = publicOrigin(request, config);
    return publicCache.getPage(`seo:${origin}:${key}`, async () => ({
      status: 200,
      html: await make(origin),
    }));
  }
  const send = (request: FastifyRequest, reply: FastifyReply, body: CachedBody, type: string) =>
    sendCached(request, reply.header("cache-control", "no-cache"), body, type);

  app.get(
    "/robots.txt",
    { config: { public: true }, schema: documentSchema("robots.txt (text/plain)") },
    async (request, reply) => {
      const body = await cached(request, "robots", async (origin) =>
        robotsTxt(origin, await countSitemapIndexPages(db)),
      );
      return send(request, reply, body, "text/plain; charset=utf-8");
    },
  );

  app.get(
    "/sitemap.xml",
    {
      config: { public: true },
      schema: { ...documentSchema("A sitemap index (application/xml)"), querystring: pageQuery },
    },
    async (request, reply) => {
      const { page } = request.query;
      const body = await cached(request, `sitemap:${page}`, async (origin) => {
        const sitemaps = await listStoreSitemaps(db, page);
        // An index lists at least one sitemap (the protocol's schema): none yet, or past the last page.
        if (sitemaps.length === 0) throw notFound();
        return sitemapIndexXml(origin, sitemaps);
      });
      return send(request, reply, body, XML);
    },
  );

  /** A live store by its address's slug (404 for a deleted, unknown or malformed one). */
  function liveStore(rawSlug: string) {
    const slug = rawSlug.toLowerCase();
    if (!isSlugShaped(slug)) throw notFound("storeNotFound");
    return getPublicStoreBySlug(db, slug);
  }

  app.get(
    "/s/:slug/sitemap.xml",
    {
      config: { public: true },
      schema: {
        ...documentSchema("A store's sitemap, with its pictures (application/xml)"),
        params: slugParams,
        querystring: pageQuery,
      },
    },
    async (request, reply) => {
      const { page } = request.query;
      const slug = request.params.slug.toLowerCase();
      const body = await cached(request, `store-sitemap:${slug}:${page}`, async (origin) => {
        const store = await liveStore(slug);
        const urls = await storeSitemapUrls(db, store.slug, page);
        if (!urls) throw notFound("storeNotFound");
        return storeSitemapXml(store, origin, urls);
      });
      return send(request, reply, body, XML);
    },
  );

  app.get(
    "/s/:slug/robots.txt",
    {
      config: { public: true },
      schema: {
        ...documentSchema(
          "robots.txt of a store on its own domain, served there as /robots.txt (text/plain)",
        ),
        params: slugParams,
      },
    },
    async (request, reply) => {
      const slug = request.params.slug.toLowerCase();
      const body = await cached(request, `store-robots:${slug}`, async (origin) => {
        const store = await liveStore(slug);
        // A robots.txt is read only at a host's root (RFC 9309): a store without a domain of its own is
        // covered by the platform's /robots.txt.
        if (!store.domain) throw notFound();
        return shopRobotsTxt(store, origin, await countStoreSitemaps(db, store.id));
      });
      return send(request, reply, body, "text/plain; charset=utf-8");
    },
  );

  app.get(
    "/s/:slug/feeds/google.xml",
    {
      config: { public: true },
      schema: {
        ...documentSchema(
          "A store's product feed for Google Merchant Center: RSS 2.0 with Google's g: fields",
        ),
        params: slugParams,
      },
    },
    async (request, reply) => {
      const slug = request.params.slug.toLowerCase();
      const body = await cached(request, `feed-google:${slug}`, async (origin) => {
        const store = await liveStore(slug);
        return googleFeedXml(origin, store, await listFeedProducts(db, store));
      });
      return send(request, reply, body, "application/rss+xml; charset=utf-8");
    },
  );

  app.get(
    "/s/:slug/feeds/meta.csv",
    {
      config: { public: true },
      schema: {
        ...documentSchema("A store's catalogue data feed for Meta's Commerce Manager (text/csv, UTF-8)"),
        params: slugParams,
      },
    },
    async (request, reply) => {
      const slug = request.params.slug.toLowerCase();
      const body = await cached(request, `feed-meta:${slug}`, async (origin) => {
        const store = await liveStore(slug);
        return metaFeedCsv(origin, store, await listFeedProducts(db, store));
      });
      return send(request, reply, body, "text/csv; charset=utf-8");
    },
  );

  // The feed's first address (decision 0039), already given to Merchant Center and Commerce Manager:
  // moved for good to the Google feed's address, on the shop's domain once it has one.
  app.get(
    "/s/:slug/feed.xml",
    {
      config: { public: true },
      schema: { ...documentSchema("Moved (301) to /s/{slug}/feeds/google.xml"), params: slugParams },
    },
    async (request, reply) => {
      const origin = publicOrigin(request, config);
      const store = await liveStore(request.params.slug);
      return reply.redirect(shopUrl(store, origin, "/feeds/google.xml"), 301);
    },
  );
};
