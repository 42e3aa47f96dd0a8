import { storefrontPageHref } from "../../../../shared/catalogue-paging";
import { type ShopAddress, shopPath } from "../../../../shared/shop-address";

/**
 * A storefront page's address on the host that serves the shop (decision 0080): the page and search of
 * catalogue-paging's storefrontPageHref, under `/s/{slug}` or at the root of the store's own domain.
 */
export function storefrontHref(store: ShopAddress, page = 1, searchText = ""): string {
  const href = storefrontPageHref(store.slug, page, searchText);
  const at = href.indexOf("?");
  return shopPath(store, at < 0 ? "" : (href.slice(at) as `?${string}`));
}
