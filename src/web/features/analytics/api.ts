import { keepPreviousData, useQuery } from "@tanstack/react-query";
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
