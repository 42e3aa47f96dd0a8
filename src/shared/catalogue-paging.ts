import { type ShopAddress, shopPath } from "./shop-address";
/**
 * How a store's product list is paged and searched (decision 0040): the storefront the server renders,
 * its "Show more" button and GET /api/stores/{id}/products all count pages by these, so a page the
 * server rendered and a page the browser fetched are the same products. Zod-free, so the storefront's
 * first load can use it.
 */

/** Products on one storefront page, and the API's page when a request names no limit. */
export const STOREFRONT_PAGE_SIZE = 24;

/** The most products one request of the product list may ask for: small, since anyone may ask. */
export const MAX_PRODUCT_PAGE_SIZE = 48;

/** The longest search text taken; longer is refused (the box in the page stops typing there). */
export const SEARCH_TEXT_MAX_LENGTH = 100;

/** The most words of a search that count: more make the query slower and no better. */
export const SEARCH_MAX_WORDS = 8;

/** The header that carries the size of the whole (searched or filtered) list beside a page of it: every paged list's. */
export const TOTAL_COUNT_HEADER = "X-Total-Count";

/** Search text as it is matched and shown: spaces collapsed and trimmed; "" is no search. */
export function normalizeSearchText(text: string | undefined | null): string {
  return (text ?? "").replace(/\s+/g, " ").trim();
}

/** How many storefront pages a list of `total` products fills (an empty list is still one page). */
export function storefrontPageCount(total: number): number {
  return Math.max(1, Math.ceil(total / STOREFRONT_PAGE_SIZE));
}

/**
 * The address of a storefront page on the host that serves the shop (`/s/{slug}?page=2`, or `/?page=2`
 * on its own domain: shop-address): page 1 is the store's own address, so it has one canonical URL; a
 * search keeps its text on every page. A bare slug is a shop at Torg's address.
 */
export function storefrontPageHref(shop: ShopAddress | string, page: number, searchText = ""): string {
  const params = new URLSearchParams();
  if (searchText) params.set("q", searchText);
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  const address = typeof shop === "string" ? { slug: shop, domain: null } : shop;
  return shopPath(address, query ? `?${query}` : "");
}
