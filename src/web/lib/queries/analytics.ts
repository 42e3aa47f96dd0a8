import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import type { AnalyticsView } from "../../../shared/analytics";

export interface AnalyticsFilters {
  /** Left out: every store of yours. */
  storeId?: string;
  /** YYYY-MM-DD, Oslo calendar days, both included. */
  from: string;
  to: string;
}

function analyticsUrl({ storeId, from, to }: AnalyticsFilters): string {
  const params = new URLSearchParams({ from, to });
  if (storeId) params.set("storeId", storeId);
  return `/api/analytics?${params}`;
}

/** Keys are the URL they GET, so an order's status change (which invalidates "/api/analytics") reaches them. */
export const analyticsKeys = {
  view: (filters: AnalyticsFilters) => [analyticsUrl(filters)] as const,
};

/**
 * The analytics page's figures. Shoppers' orders and product views move them without any action of
 * this user to invalidate the cache, so a visit after half a minute fetches them again; switching store
 * or period keeps the previous charts on screen until the new figures arrive.
 */
export function useAnalytics(filters: AnalyticsFilters, enabled: boolean) {
  return useQuery<AnalyticsView>({
    queryKey: analyticsKeys.view(filters),
    enabled,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
}

/**
 * Counts one view of a product page on our own server. A beacon outlives the page, so a shopper who
 * leaves at once is still counted; a view that cannot be sent is simply not counted.
 */
function sendProductView(productId: string): void {
  const url = `/api/analytics/product-views/${encodeURIComponent(productId)}`;
  if (typeof navigator.sendBeacon === "function" && navigator.sendBeacon(url)) return;
  fetch(url, { method: "POST", keepalive: true, credentials: "same-origin" }).catch(() => {
    // A lost view is not worth a word to the shopper.
  });
}

/** One view per product a shopper opens; React's development double effects do not count twice. */
export function useProductViewBeacon(productId: string): void {
  const counted = useRef<string | null>(null);
  useEffect(() => {
    if (counted.current === productId) return;
    counted.current = productId;
    sendProductView(productId);
  }, [productId]);
}
