import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  ChannelReadiness,
  PaymentChannelInput,
  PaymentChannelView,
  PaymentProvider,
} from "../../../shared/payment";
import type { ProductView } from "../../../shared/product";
import type {
  CreateStoreInput,
  FinnListing,
  SlugAvailability,
  StoreSummary,
  UpdateStoreInput,
} from "../../../shared/store";
import { apiGetPage, apiJson, apiRequest, type ListPage } from "../../lib/api";
import { invalidateApi, STORE_DEPENDENT, storeKeys, storePath } from "../../lib/queries/stores";

/** Answers declared by the server's routes (src/shared/store.ts). */
export type { FinnListing, SlugAvailability };

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

/** Products on one page of a store's Products tab: whole rows of its 2, 3 or 4 columns. */
export const PRODUCT_PAGE_SIZE = 24;

/** The longest search the Products tab sends. */
export const PRODUCT_SEARCH_MAX_LENGTH = 100;

/**
 * One page (1-based) of a store's products, a member's view with the inactive ones, searched by `search`
 * when it is not empty, with the number of products that match (decision 0041). The key is the URL under
 * the store's path, so every change to the store or its products refreshes it; while the next page loads,
 * the current one stays on screen.
 */
export function useStoreProductPage(storeId: string, { page, search }: { page: number; search: string }) {
  const params = new URLSearchParams({
    limit: String(PRODUCT_PAGE_SIZE),
    offset: String((page - 1) * PRODUCT_PAGE_SIZE),
  });
  if (search) params.set("q", search);
  const queryKey = [`${storeKeys.products(storeId)[0]}?${params}`] as const;
  return useQuery<ListPage<ProductView>>({
    queryKey,
    queryFn: ({ signal }) => apiGetPage<ProductView>(queryKey[0], signal),
    placeholderData: keepPreviousData,
  });
}
