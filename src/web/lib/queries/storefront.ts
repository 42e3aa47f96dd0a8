import { type QueryClient, useQuery } from "@tanstack/react-query";
import type { OrderItemView, OrderView } from "../../../shared/order";
import type { ProductView } from "../../../shared/product";
import type { PublicStore } from "../../../shared/storefront";
import { ApiError } from "../api";
import i18n from "../i18n";

/** The shopper's side of the API: public store, its products, one product, and placing an order. */
export const storefrontKeys = {
  store: (slug: string) => [`/api/stores/slug/${encodeURIComponent(slug)}`] as const,
  products: (storeId: string) => [`/api/stores/${encodeURIComponent(storeId)}/products`] as const,
  product: (id: string) => [`/api/products/${encodeURIComponent(id)}`] as const,
};

export function usePublicStore(slug: string | undefined) {
  return useQuery<PublicStore>({ queryKey: storefrontKeys.store(slug ?? ""), enabled: Boolean(slug) });
}

/**
 * A store's products as shoppers see them. A seller looking at their own storefront gets inactive ones
 * too from the same call; those are left out here.
 */
export function useStoreProducts(storeId: string | undefined) {
  return useQuery<ProductView[], Error, ProductView[]>({
    queryKey: storefrontKeys.products(storeId ?? ""),
    enabled: Boolean(storeId),
    select: (products) => products.filter((product) => product.isActive !== false),
  });
}

export function usePublicProduct(id: string | undefined) {
  return useQuery<ProductView>({ queryKey: storefrontKeys.product(id ?? ""), enabled: Boolean(id) });
}

/** The store's current product list from the server, not the cache: the cart reprices from it (D6). */
export function fetchFreshProducts(queryClient: QueryClient, storeId: string): Promise<ProductView[]> {
  return queryClient.fetchQuery<ProductView[]>({ queryKey: storefrontKeys.products(storeId), staleTime: 0 });
}

export interface PlaceOrderBody {
  storeId: string;
  buyerEmail: string;
  shipToName: string;
  shipToPhone: string;
  shipToAddr: { address: string } | null;
  items: { productId: string; qty: number; variantId: string | null }[];
}

export type PlacedOrder = Pick<OrderView, "id" | "status" | "totalGross" | "currencyCode"> & {
  items: Pick<OrderItemView, "title" | "unitPrice" | "qty">[];
};

/**
 * POST /api/orders with an Idempotency-Key: the server answers a repeated key with the first order,
 * so retrying after a lost answer never places a second one. Throws ApiError on any non-OK answer.
 */
export async function placeOrder(body: PlaceOrderBody, idempotencyKey: string): Promise<PlacedOrder> {
  const headers: Record<string, string> = {
    "Content-Type": "application/json",
    "Idempotency-Key": idempotencyKey,
  };
  if (i18n.resolvedLanguage) headers["Accept-Language"] = i18n.resolvedLanguage;
  const res = await fetch("/api/orders", {
    method: "POST",
    headers,
    body: JSON.stringify(body),
    credentials: "include",
  });
  if (!res.ok) throw new ApiError(res.status, await res.text(), res.statusText);
  return (await res.json()) as PlacedOrder;
}

/** The productId a refused order names (the line the server would not sell), if any. */
export function refusedProductId(err: unknown): string | undefined {
  if (!(err instanceof ApiError)) return undefined;
  try {
    const parsed: unknown = JSON.parse(err.body);
    if (
      parsed &&
      typeof parsed === "object" &&
      "productId" in parsed &&
      typeof parsed.productId === "string"
    ) {
      return parsed.productId;
    }
  } catch {
    // Not JSON: no product to point at.
  }
  return undefined;
}
