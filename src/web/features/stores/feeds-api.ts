import { useQuery } from "@tanstack/react-query";
import type { ShopAddress } from "../../../shared/shop-address";
import type { PublicStore } from "../../../shared/storefront";

/**
 * Where a store's shop lives (decision 0080): its slug and its verified domain, read from the public
 * store view (GET /api/stores/slug/{slug}) the shop itself reads, so the settings show the same
 * addresses the feeds and shop pages link with.
 */
export function useShopAddress(slug: string) {
  return useQuery<PublicStore, Error, ShopAddress>({
    queryKey: [`/api/stores/slug/${encodeURIComponent(slug)}`],
    select: (store) => ({ slug: store.slug, domain: store.domain }),
  });
}
