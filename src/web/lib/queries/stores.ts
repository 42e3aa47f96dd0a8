import { type QueryClient, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { StoreSummary } from "../../../shared/store";
import { apiRequest } from "../api";

export const storePath = (id: string) => `/api/stores/${encodeURIComponent(id)}`;

/**
 * Query keys are the URL they GET (the default query function fetches queryKey[0]), so every key of
 * one store starts with that store's path.
 */
export const storeKeys = {
  all: ["/api/stores"] as const,
  detail: (id: string) => [storePath(id)] as const,
  products: (id: string) => [`${storePath(id)}/products`] as const,
  paymentChannels: (id: string) => [`${storePath(id)}/payment-channels`] as const,
  paymentReadiness: (id: string) => [`${storePath(id)}/payment-readiness`] as const,
  finnListing: (id: string) => [`${storePath(id)}/finn-listing`] as const,
  slugAvailability: (slug: string) =>
    [`/api/stores/slug-availability?slug=${encodeURIComponent(slug)}`] as const,
};

/** Marks stale every cached answer whose URL starts with one of the prefixes; the visible ones refetch. */
export function invalidateApi(queryClient: QueryClient, ...prefixes: string[]): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: ({ queryKey }) => {
      const url = queryKey[0];
      return typeof url === "string" && prefixes.some((prefix) => url.startsWith(prefix));
    },
  });
}

/** Drops everything cached about one store, so a deleted store is not refetched into a 404. */
function forgetStore(queryClient: QueryClient, id: string): void {
  const prefix = storePath(id);
  queryClient.removeQueries({
    predicate: ({ queryKey }) => typeof queryKey[0] === "string" && queryKey[0].startsWith(prefix),
  });
}

/**
 * Store lists and counts shown elsewhere (dashboard cards, notifications, orders, the admin lists, QR codes
 * and analytics) change with a store.
 */
export const STORE_DEPENDENT = [
  "/api/stores",
  "/api/dashboard",
  "/api/orders",
  "/api/notifications",
  "/api/products",
  "/api/admin",
  "/api/qr-codes",
  "/api/analytics",
];

export function useStores() {
  return useQuery<StoreSummary[]>({ queryKey: storeKeys.all });
}

export function useStore(id: string) {
  return useQuery<StoreSummary>({ queryKey: storeKeys.detail(id) });
}

export function useDeleteStore() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest("DELETE", storePath(id)),
    onSuccess: (_, id) => {
      queryClient.setQueryData<StoreSummary[]>(storeKeys.all, (stores) => stores?.filter((s) => s.id !== id));
      forgetStore(queryClient, id);
      return invalidateApi(queryClient, ...STORE_DEPENDENT);
    },
  });
}
