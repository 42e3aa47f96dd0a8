import { type QueryClient, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  ChannelReadiness,
  PaymentChannelInput,
  PaymentChannelView,
  PaymentProvider,
} from "../../../shared/payment";
import type {
  CreateStoreInput,
  FinnListing,
  SlugAvailability,
  StoreSummary,
  UpdateStoreInput,
} from "../../../shared/store";
import { apiJson, apiRequest } from "../api";

/** Answers declared by the server's routes (src/shared/store.ts). */
export type { FinnListing, SlugAvailability };

const storePath = (id: string) => `/api/stores/${encodeURIComponent(id)}`;

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
const STORE_DEPENDENT = [
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

export function usePaymentChannels(id: string) {
  return useQuery<PaymentChannelView[]>({ queryKey: storeKeys.paymentChannels(id) });
}

/** Whether each channel can take payments now, and why not (decision 0034); fresh after every save. */
export function usePaymentReadiness(id: string, version: number) {
  return useQuery<Record<PaymentProvider, ChannelReadiness>>({
    queryKey: [...storeKeys.paymentReadiness(id), version],
    queryFn: () => apiJson("GET", `${storePath(id)}/payment-readiness`),
    staleTime: 0,
  });
}

/** The Finn.no listing text; fetched only while `enabled` (the dialog is open), and fresh each time. */
export function useFinnListing(id: string, enabled: boolean) {
  return useQuery<FinnListing>({ queryKey: storeKeys.finnListing(id), enabled, staleTime: 0, gcTime: 0 });
}

/** Whether a slug is free right now, with a free alternative; never served from an old answer. */
export function useSlugAvailability(slug: string) {
  return useQuery<SlugAvailability>({
    queryKey: storeKeys.slugAvailability(slug),
    enabled: slug.length > 0,
    staleTime: 0,
    gcTime: 30_000,
  });
}

export function useCreateStore() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateStoreInput) => apiJson<StoreSummary>("POST", "/api/stores", input),
    onSuccess: (store) => {
      queryClient.setQueryData(storeKeys.detail(store.id), store);
      return invalidateApi(queryClient, ...STORE_DEPENDENT);
    },
  });
}

export function useUpdateStore(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateStoreInput) => apiJson<StoreSummary>("PUT", storePath(id), input),
    onSuccess: (store) => {
      queryClient.setQueryData(storeKeys.detail(id), store);
      return invalidateApi(queryClient, ...STORE_DEPENDENT);
    },
  });
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

export interface PaymentSettingsChange {
  /** Channels to create or update, each with the version the form showed (null: it showed none). */
  save: PaymentChannelInput[];
  /** Channels removed, each with the version the form showed (and the password, decision 0058). */
  remove: { provider: PaymentProvider; expectedUpdatedAt: string; currentPassword?: string }[];
}

/**
 * Saves the Payment Settings card: channels one by one. A step refused as stale (409) stops the rest.
 * (The SMS order phone is the SMS card's, decision 0069.)
 */
export function useSavePaymentSettings(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ save, remove }: PaymentSettingsChange) => {
      for (const channel of save) await apiJson("POST", `${storePath(id)}/payment-channels`, channel);
      for (const { provider, ...body } of remove)
        await apiRequest("DELETE", `${storePath(id)}/payment-channels/${provider}`, body);
    },
    // Also after a partial failure: what was saved before it shows up.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: storeKeys.paymentChannels(id) }),
        queryClient.invalidateQueries({ queryKey: storeKeys.all }),
      ]),
  });
}
