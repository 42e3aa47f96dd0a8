import type { PublicOrder } from "./order-page";
import type { PaymentProvider } from "./payment";
import type { ProductView } from "./product";

/** The storefront's view of a store (GET /api/stores/slug/{slug}): only what shoppers may see. */
export interface PublicStore {
  id: string;
  name: string;
  slug: string;
  defaultLocale: string;
  heroImageUrl: string | null;
  fallbackHeroImage: string | null;
  phone: string | null;
  description: string | null;
  /** Search-engine texts of quick-created stores, when set. */
  seoTitle: string | null;
  seoDescription: string | null;
  paymentMethods: PaymentProvider[];
}

/**
 * What the server renders a shop page from, and hands to the browser to take it over (src/web/features/shop):
 * a storefront with its active products, a product page, or why neither can be shown. `origin` is the
 * site's public address, so image URLs are the same on both sides.
 */
export type ShopPage = { origin: string } & (
  | { page: "storefront"; store: PublicStore; products: ProductView[] }
  | { page: "product"; product: ProductView }
  | { page: "order"; order: PublicOrder; token: string }
  | { page: "missing" | "unavailable"; of: "storefront" | "productPage" | "orderPage" }
);
