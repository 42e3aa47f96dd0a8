import { STOREFRONT_PAGE_SIZE, TOTAL_COUNT_HEADER } from "../../../shared/catalogue-paging";
import type { GiftCardLine } from "../../../shared/gift-card";
import type { OrderQuote, PlacedOrder, QuoteOrderInput } from "../../../shared/order";
import { MAX_LINES_PER_ORDER } from "../../../shared/order-limits";
import type { PublicOrder } from "../../../shared/order-page";
import type {
  OrderPaymentState,
  PaymentMethods,
  PaymentProvider,
  ShopperPayment,
} from "../../../shared/payment";
import type { ProductView } from "../../../shared/product";
import type { PublicStore } from "../../../shared/storefront";
import { ApiError, apiJson, languageHeader } from "../../lib/api";
import type { StockRefusal } from "./cart/cart";

/**
 * The shopper's side of the API: the current state of a cart's products (decision 0006: the cart
 * reprices from them), asked for by id, since a big store's list comes a page at a time (decision 0040).
 */
export async function fetchCartProducts(
  storeId: string,
  productIds: readonly string[],
): Promise<ProductView[]> {
  const ids = [...new Set(productIds)];
  const chunks: string[][] = [];
  for (let start = 0; start < ids.length; start += MAX_LINES_PER_ORDER) {
    chunks.push(ids.slice(start, start + MAX_LINES_PER_ORDER));
  }
  const lists = await Promise.all(
    chunks.map((chunk) =>
      apiJson<ProductView[]>(
        "GET",
        `/api/stores/${encodeURIComponent(storeId)}/products?ids=${chunk.map(encodeURIComponent).join(",")}`,
      ),
    ),
  );
  return lists.flat();
}

/**
 * A page of the storefront's products (or of a search of them) and the size of the whole list, as
 * any visitor sees them: without the session, so a seller looking at their own shop gets the pages the
 * server rendered (the active products), from the public cache.
 */
export async function fetchStorefrontPage(
  storeId: string,
  page: { offset: number; q: string },
): Promise<{ products: ProductView[]; total: number }> {
  const params = new URLSearchParams({ limit: String(STOREFRONT_PAGE_SIZE), offset: String(page.offset) });
  if (page.q) params.set("q", page.q);
  const res = await fetch(`/api/stores/${encodeURIComponent(storeId)}/products?${params}`, {
    headers: languageHeader(),
    credentials: "omit",
  });
  if (!res.ok) throw new ApiError(res.status, await res.text(), res.statusText);
  const products = (await res.json()) as ProductView[];
  return { products, total: Number(res.headers.get(TOTAL_COUNT_HEADER) ?? products.length) };
}

/** The store as shoppers see it: its delivery options for the checkout (decision 0036). */
export function fetchPublicStore(slug: string): Promise<PublicStore> {
  return apiJson<PublicStore>("GET", `/api/stores/slug/${encodeURIComponent(slug)}`);
}

export interface PlaceOrderBody {
  storeId: string;
  buyerEmail: string;
  shipToName: string;
  shipToPhone: string;
  deliveryOptionId?: string;
  /** A carrier's service (decision 0079); the server prices it for the cart and `shipToAddr.post`. */
  shipping?: { service: string; pickupPointId?: string };
  shipToAddr: { address: string } | { street: string; post: string; city: string } | { post: string } | null;
  items: ({ productId: string; qty: number; variantId: string | null } | { giftCard: GiftCardLine })[];
  /** Pay online through this channel (decision 0034); without it the seller collects by hand. */
  paymentProvider?: PaymentProvider;
  /** A discount code and a gift card to pay with (issue 29); the server prices the order with them. */
  discountCode?: string;
  giftCardCode?: string;
}

/**
 * POST /api/orders/quote: what the order costs with its codes, before it is placed. A code that does
 * not apply is a 4xx whose `{ message }` says why (ApiError).
 */
export function quoteOrder(body: QuoteOrderInput): Promise<OrderQuote> {
  return apiJson<OrderQuote>("POST", "/api/orders/quote", body);
}

/** The answer to POST /api/orders, as the server declares it (src/shared/order.ts). */
export type { PlacedOrder };

/** The store's live payment channels the platform can take, Vipps first (empty: the seller collects). */
export function fetchPaymentMethods(storeId: string): Promise<PaymentMethods> {
  return apiJson<PaymentMethods>("GET", `/api/stores/${encodeURIComponent(storeId)}/payment-methods`);
}

/** The order's payment as the provider last said it (read from the provider while it is not final). */
export function fetchOrderPayment(token: string): Promise<OrderPaymentState> {
  return apiJson<OrderPaymentState>("GET", `/api/orders/by-token/${encodeURIComponent(token)}/payment`);
}

/** The shopper cancels her unpaid order (decision 0063); answers the order's payment state after it. */
export function cancelOrderByToken(token: string): Promise<OrderPaymentState> {
  return apiJson<OrderPaymentState>("POST", `/api/orders/by-token/${encodeURIComponent(token)}/cancel`, {});
}

/** Try again: a new payment attempt; answers where to pay. */
export function retryOrderPayment(token: string, provider?: PaymentProvider): Promise<ShopperPayment> {
  return apiJson<ShopperPayment>("POST", `/api/orders/by-token/${encodeURIComponent(token)}/payment`, {
    provider,
  });
}

/**
 * POST /api/orders with an Idempotency-Key: the server answers a repeated key with the first order,
 * so retrying after a lost answer never places a second one. Throws ApiError on any non-OK answer.
 */
export async function placeOrder(body: PlaceOrderBody, idempotencyKey: string): Promise<PlacedOrder> {
  const headers = {
    ...languageHeader(),
    "Content-Type": "application/json",
    "Idempotency-Key": idempotencyKey,
  };
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

/** What a stock refusal (409) says is left of the line it names (decision 0032), if it is one. */
export function refusedStock(err: unknown): StockRefusal | undefined {
  if (!(err instanceof ApiError) || err.status !== 409) return undefined;
  try {
    const parsed = JSON.parse(err.body) as Record<string, unknown>;
    const { productId, variantId, stockQty } = parsed;
    if (typeof productId !== "string" || typeof stockQty !== "number") return undefined;
    return { productId, variantId: typeof variantId === "string" ? variantId : null, stockQty };
  } catch {
    return undefined;
  }
}

/** The shopper withdraws from their order (angrerett); answers the order as it now stands (decision 0037). */
export function withdrawOrder(token: string): Promise<PublicOrder> {
  return apiJson<PublicOrder>("POST", `/api/orders/by-token/${encodeURIComponent(token)}/withdrawal`);
}
