/**
 * How a store's own domain's paths map onto the platform's routes, and back (decision 0080). The
 * platform's routes stay the one place a shop page is answered: a domain's `/terms` is `/s/{slug}/terms`
 * rewritten, and a `/s/{slug}/terms` asked on the platform is sent (301) to the domain's `/terms`.
 */

/** The pages below a shop's home that its domain serves at its root (shop-address's ShopSubpath, and robots). */
const SHOP_SUBPATH =
  /^\/(?:about|terms|gift-card|sitemap\.xml|robots\.txt|feeds\/google\.xml|feeds\/meta\.csv|order\/[^/]+)\/?$/;

/** Pages served the same on every host: products, stall receipts, the shop page's texts. */
const SHARED_PAGE = /^\/(?:products\/[^/]+|r\/[^/]+|shop-texts\/[^/]+)\/?$/;

/** Files every page needs: uploads, the built client's assets, and the top-level files (icons and the like). */
const FILE = /^\/(?:uploads\/|assets\/|[^/]+\.[a-z0-9]+$)/i;

/**
 * The public API a shop page calls (`src/web/features/shop`): the catalogue, the checkout and its
 * quote, the order page's reads and actions by token, gift card balances, product views. Nothing else
 * answers on a shop's domain: no account, no seller's workspace, no session.
 */
const SHOP_API = [
  /^\/api\/orders(?:\/quote)?$/,
  /^\/api\/orders\/by-token\/[^/]+(?:\/(?:payment|cancel|withdrawal))?$/,
  /^\/api\/stores\/slug\/[^/]+$/,
  /^\/api\/stores\/[^/]+\/(?:products|shipping-options|pickup-points|payment-methods|gift-cards\/balance)$/,
  /^\/api\/products\/[^/]+$/,
  /^\/api\/analytics\/product-views\/[^/]+$/,
];

const splitUrl = (url: string): [string, string] => {
  const at = url.indexOf("?");
  return at < 0 ? [url, ""] : [url.slice(0, at), url.slice(at)];
};

/** The platform route a shop page on a store's domain is served by, or undefined for any other path. */
export function platformPathOf(url: string, slug: string): string | undefined {
  const [path, query] = splitUrl(url);
  if (path === "/") return `/s/${slug}${query}`;
  return SHOP_SUBPATH.test(path) ? `/s/${slug}${path}${query}` : undefined;
}

/** Whether a path (as asked on a shop's domain, not rewritten) is one of the shop's: its pages, files and API. */
export function isShopPath(url: string): boolean {
  const [path] = splitUrl(url);
  if (path.startsWith("/api/")) return SHOP_API.some((pattern) => pattern.test(path));
  return path === "/" || SHOP_SUBPATH.test(path) || SHARED_PAGE.test(path) || FILE.test(path);
}

/**
 * A shop page's address on the platform (`/s/{slug}`, `/s/{slug}/terms?x`) as the path on the store's
 * domain (`/`, `/terms?x`), with the slug it names; undefined for any other path, or a page below the
 * shop that its domain does not serve at its root (such as the old `/s/{slug}/feed.xml`).
 */
export function domainPathOf(url: string): { slug: string; path: string } | undefined {
  const [path, query] = splitUrl(url);
  const match = /^\/s\/([^/]+)(\/.*)?$/.exec(path);
  if (!match?.[1]) return undefined;
  const slug = decodeURIComponentSafe(match[1]).toLowerCase();
  const rest = match[2] ?? "";
  if (rest === "" || rest === "/") return { slug, path: `/${query}` };
  return SHOP_SUBPATH.test(rest) ? { slug, path: `${rest}${query}` } : undefined;
}

/** A product page's id, when the path is one. */
export function productIdOf(url: string): string | undefined {
  const [path] = splitUrl(url);
  return /^\/products\/([0-9a-f-]{36})\/?$/i.exec(path)?.[1]?.toLowerCase();
}

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
