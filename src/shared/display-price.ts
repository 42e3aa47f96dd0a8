import { fromOre, toOre } from "./money";
import type { ProductView } from "./product";

/**
 * The price a product is shown at before a shopper chooses a variant (decision 0060): the one price
 * everything costs, or, when the variants cost different amounts, the lowest of them as "from 345 kr".
 * Amounts are exact decimal text, as every price in Torg is (decision 0007).
 */
export interface DisplayPrice {
  /** What is shown: the lowest price, "345.00". */
  amount: string;
  /** The highest price, the same as `amount` when nothing costs more (JSON-LD's highPrice). */
  high: string;
  /** true when the variants cost different amounts: shown as "from {amount}". */
  from: boolean;
}

type PricedProduct = Pick<ProductView, "basePrice" | "options"> & {
  variants: readonly Pick<ProductView["variants"][number], "price" | "available">[];
};

/**
 * The one rule for a product's price on every surface that shows it before a variant is chosen: the
 * storefront's cards and zoom viewer, the product page, the seller's product grid, the Finn.no text and
 * the JSON-LD. A product with options sells only as its variants (decision 0032), so its own price
 * counts only for a variant without a price of its own; a product whose every variant has its own price
 * never shows the product's. The variants a shopper can buy decide (a sold-out size's price is not on
 * offer); when every one is sold out, all of them do, so the card still says what it costs.
 */
export function displayPrice(product: PricedProduct): DisplayPrice {
  if (product.options.length === 0 || product.variants.length === 0) {
    return { amount: product.basePrice, high: product.basePrice, from: false };
  }
  const onSale = product.variants.filter((variant) => variant.available);
  const counted = onSale.length > 0 ? onSale : product.variants;
  const prices = counted.map((variant) => toOre(variant.price ?? product.basePrice));
  const low = Math.min(...prices);
  const high = Math.max(...prices);
  return { amount: fromOre(low), high: fromOre(high), from: low !== high };
}
