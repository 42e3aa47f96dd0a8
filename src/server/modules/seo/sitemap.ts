import { productUrl, type ShopAddress, shopOrigin, shopUrl } from "../../../shared/shop-address";
import { absoluteUrl } from "../../lib/origin";
import type { SitemapUrl, StoreSitemapRef } from "./service";
import { el, xmlDocument } from "./xml";

/** The sitemap protocol's namespace (https://www.sitemaps.org/protocol.html). */
const SITEMAP_NS = "http://www.sitemaps.org/schemas/sitemap/0.9";
/** Google's image extension (https://developers.google.com/search/docs/crawling-indexing/sitemaps/image-sitemaps). */
const IMAGE_NS = "http://www.google.com/schemas/sitemap-image/1.1";

/**
 * Where a store's sitemap is: its first page without a query, later ones with `?page=`; at the shop's
 * own domain once it has one (`{domain}/sitemap.xml`).
 */
export const storeSitemapUrl = (shop: ShopAddress, origin: string, page: number) =>
  shopUrl(shop, origin, "/sitemap.xml") + (page > 1 ? `?page=${page}` : "");

/** Where an index page is: the first at /sitemap.xml (what robots.txt names first). */
export const sitemapIndexUrl = (origin: string, page: number) =>
  `${origin}/sitemap.xml${page > 1 ? `?page=${page}` : ""}`;

/**
 * A sitemap index: "<sitemapindex>" with a "<sitemap>" (loc, lastmod) per store sitemap. Only stores on
 * Torg's own address are listed (service.ts): sitemaps.org, "A Sitemap index file can only specify
 * Sitemaps that are found on the same site as the Sitemap index file", so a store on its own domain
 * names its sitemap in its own robots.txt (shopRobotsTxt).
 */
export function sitemapIndexXml(origin: string, sitemaps: readonly StoreSitemapRef[]): string {
  return xmlDocument(
    "sitemapindex",
    { xmlns: SITEMAP_NS },
    sitemaps.map((sitemap) =>
      el("sitemap", [
        el("loc", storeSitemapUrl({ slug: sitemap.slug, domain: null }, origin, sitemap.page)),
        el("lastmod", sitemap.lastmod),
      ]),
    ),
  );
}

/**
 * A store's sitemap: "<urlset>" with a "<url>" (loc, lastmod) per page, and each page's pictures as
 * "<image:image><image:loc>" (the image extension's only required tags). Every address is the shop's:
 * on its own domain once it has one (a sitemap lists URLs of its own host, as the index above).
 */
export function storeSitemapXml(shop: ShopAddress, origin: string, urls: readonly SitemapUrl[]): string {
  const home = shopOrigin(shop, origin);
  return xmlDocument(
    "urlset",
    { xmlns: SITEMAP_NS, "xmlns:image": IMAGE_NS },
    urls.map((url) =>
      el("url", [
        el("loc", url.productId ? productUrl(shop, origin, url.productId) : shopUrl(shop, origin)),
        el("lastmod", url.lastmod),
        ...url.images
          .map((image) => absoluteUrl(image, home))
          .map((image) => (image ? el("image:image", [el("image:loc", image)]) : undefined)),
      ]),
    ),
  );
}

/**
 * robots.txt, an allow-list: the shops (storefronts, their terms, sitemaps and feeds under /s/), the
 * product pages, the public pages a maker finds Torg by (log in, sign up, privacy: server-rendered, with
 * their own descriptions), and the files they are drawn with (uploaded photos, the built scripts and
 * styles, pictures); everything else, the seller workspace the app serves at "/" and its pages, and the
 * API, is disallowed, so a workspace page added later is covered without touching this list.
 * Crawlers take the longest matching rule (RFC 9309 2.2.2), so "Allow: /s/" wins over "Disallow: /".
 * A shopper's order page under /s/ is crawlable but says noindex itself (decision 0026). Each sitemap
 * index page is named with its absolute address, as the sitemaps protocol asks.
 */
export function robotsTxt(origin: string, indexPages: number): string {
  const lines = [
    "User-agent: *",
    ...SHOP_PATHS.map((path) => `Allow: ${path}`),
    "Disallow: /api/",
    "Disallow: /",
    "",
    ...Array.from({ length: indexPages }, (_, n) => `Sitemap: ${sitemapIndexUrl(origin, n + 1)}`),
  ];
  return `${lines.join("\n")}\n`;
}

/**
 * The robots.txt of a shop on its own domain (served there as `/robots.txt`): the whole host is the
 * shop, so everything is allowed but the API its pages call, and its sitemaps are named at the domain
 * (the sitemaps protocol asks for absolute addresses).
 */
export function shopRobotsTxt(shop: ShopAddress, origin: string, sitemapPages: number): string {
  const lines = [
    "User-agent: *",
    "Allow: /",
    "Disallow: /api/",
    "",
    ...Array.from({ length: sitemapPages }, (_, n) => `Sitemap: ${storeSitemapUrl(shop, origin, n + 1)}`),
  ];
  return `${lines.join("\n")}\n`;
}

/** What a crawler of the shops needs: the pages, and the files a shop page loads (public/, dist/web/assets). */
const SHOP_PATHS = [
  "/s/",
  "/products/",
  "/login",
  "/register",
  "/privacy",
  "/sitemap.xml",
  "/uploads/",
  "/assets/",
  "/favicon.svg",
  "/placeholder-product.svg",
  "/store-placeholder.svg",
  "/theme-init.js",
];
