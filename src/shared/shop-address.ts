/**
 * Where a store's shop lives (decision 0080): under Torg's address at `/s/{slug}`, or, once the seller's
 * own domain is verified, at that domain's root. Every link to a shop page (pages, sitemaps, feeds,
 * structured data, QR codes, the Finn.no text, e-mails, texts, payment return addresses) is made here,
 * so a shop on its own domain never links back to `/s/{slug}`.
 */
export interface ShopAddress {
  slug: string;
  /** The store's primary verified domain ("keramikkari.no"), or null: the shop is at `/s/{slug}`. */
  domain: string | null;
}

/**
 * A page of a shop, below its home: "" is the storefront. Products live at `/products/{id}` on every
 * host (productPath), so they are not among these.
 */
export type ShopSubpath =
  | ""
  | "/about"
  | "/terms"
  | "/gift-card"
  | "/sitemap.xml"
  | "/feeds/google.xml"
  | "/feeds/meta.csv"
  | `/order/${string}`
  | `?${string}`;

/** The path of a shop page on the host that serves the shop: `/s/{slug}{sub}`, or `{sub}` at a domain. */
export function shopPath(shop: ShopAddress, sub: ShopSubpath = ""): string {
  if (!shop.domain) return `/s/${shop.slug}${sub}`;
  return sub === "" || sub.startsWith("?") ? `/${sub}` : sub;
}

/** A product page's path: the same on Torg's host and on a store's own domain. */
export const productPath = (productId: string) => `/products/${productId}`;

/**
 * A store's own domain as an origin. It is served the way the platform is: the same scheme and port as
 * `platformOrigin` (https on the public site; in development and tests, plain http on the port Torg
 * listens on, with the name mapped to this machine).
 */
export function domainOrigin(domain: string, platformOrigin: string): string {
  const platform = new URL(platformOrigin);
  return `${platform.protocol}//${domain}${platform.port ? `:${platform.port}` : ""}`;
}

/** The origin that serves a store's pages: its own domain's, or Torg's. */
export function shopOrigin(shop: ShopAddress, platformOrigin: string): string {
  return shop.domain ? domainOrigin(shop.domain, platformOrigin) : platformOrigin;
}

/** A shop page's absolute address, as links leaving the shop (e-mails, QR codes, feeds) need it. */
export function shopUrl(shop: ShopAddress, platformOrigin: string, sub: ShopSubpath = ""): string {
  return `${shopOrigin(shop, platformOrigin)}${shopPath(shop, sub)}`;
}

/** A product page's absolute address on the host that serves its store. */
export function productUrl(shop: ShopAddress, platformOrigin: string, productId: string): string {
  return `${shopOrigin(shop, platformOrigin)}${productPath(productId)}`;
}
