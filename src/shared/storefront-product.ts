import { type DisplayPrice, displayPrice } from "./display-price";
import type { ProductView } from "./product";

/**
 * What a storefront's page state carries of each product (decision 0042): what its card, the zoom viewer
 * and the cart's "add" show and need, and nothing else. The whole ProductView (photos, variants, SEO
 * texts, dates, the store repeated) was a large share of a storefront's HTML, for nothing a card shows;
 * the product's own page carries the whole view.
 */
export type StorefrontProduct = Pick<
  ProductView,
  | "id"
  | "title"
  | "sku"
  | "basePrice"
  | "currencyCode"
  | "primaryImage"
  | "coordinates"
  | "stockQty"
  | "available"
> & {
  /** Its options: a product with options is chosen on its own page, not added from the card. */
  options: ProductView["options"];
  /** The price its card shows (displayPrice: "from 345 kr" when its variants differ, decision 0060). */
  displayPrice: Pick<DisplayPrice, "amount" | "from">;
};

/** A product's storefront card view; its store is the page's. */
export function toStorefrontProduct(view: ProductView): StorefrontProduct {
  const shown = displayPrice(view);
  return {
    id: view.id,
    title: view.title,
    sku: view.sku,
    basePrice: view.basePrice,
    currencyCode: view.currencyCode,
    primaryImage: view.primaryImage,
    coordinates: view.coordinates,
    stockQty: view.stockQty,
    available: view.available,
    options: view.options,
    displayPrice: { amount: shown.amount, from: shown.from },
  };
}
