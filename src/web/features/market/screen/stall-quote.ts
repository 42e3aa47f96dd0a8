import type { OrderQuote } from "../../../../shared/order";
import { apiJson } from "../../../lib/api";
import { onlyCatalogueLines, type StallCart } from "../stall-cart";

export interface StallCodes {
  discountCode: string;
  giftCardCode: string;
}

export const hasCodes = (codes: StallCodes) =>
  Boolean(codes.discountCode.trim() || codes.giftCardCode.trim());

/**
 * Whether the public quote (POST /api/orders/quote, decision 0076) can price the cart with its codes
 * before paying: it prices catalogue lines only, so a cart with a free amount has its codes applied by
 * the sale itself.
 */
export const canQuote = (cart: StallCart, codes: StallCodes) => hasCodes(codes) && onlyCatalogueLines(cart);

/** What the codes do to this cart, priced by the checkout's own rules; throws the refusal (ApiError). */
export function quoteStallCart(storeId: string, cart: StallCart, codes: StallCodes): Promise<OrderQuote> {
  return apiJson<OrderQuote>("POST", "/api/orders/quote", {
    storeId,
    items: cart.lines.flatMap((line) =>
      line.kind === "product"
        ? [{ productId: line.productId, variantId: line.variantId, qty: line.qty }]
        : [],
    ),
    discountCode: codes.discountCode.trim() || undefined,
    giftCardCode: codes.giftCardCode.trim() || undefined,
  });
}
