import { type ShopAbout, shopBrandSchema } from "./brand";
import { deliveryOptionViewSchema } from "./delivery";
import type { GiftCardSettings } from "./gift-card";
import type { PublicOrder } from "./order-page";
import { PAYMENT_PROVIDERS } from "./payment";
import type { ProductView } from "./product";
import type { ReceiptDocument } from "./receipt";
import { storeLegalDetailsSchema } from "./store";
import type { StorefrontProduct } from "./storefront-product";
import { z } from "./zod";

// A product's card view lives in a module of its own, light enough for the shop's bundle to import.
export { type StorefrontProduct, toStorefrontProduct } from "./storefront-product";

/** The storefront's view of a store (GET /api/stores/slug/{slug}): only what shoppers may see. */
export const publicStoreSchema = storeLegalDetailsSchema.extend({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  defaultLocale: z.string(),
  heroImageUrl: z.string().nullable(),
  fallbackHeroImage: z.string().nullable(),
  phone: z.string().nullable(),
  /** The seller's e-mail (ehandelsloven § 8): the confirmed contact address, else the owner's (0066). */
  contactEmail: z.string(),
  description: z.string().nullable(),
  /** Search-engine texts of quick-created stores, when set. */
  seoTitle: z.string().nullable(),
  seoDescription: z.string().nullable(),
  paymentMethods: z.array(z.enum(PAYMENT_PROVIDERS)),
  /** How the store delivers, in the order the seller listed them; empty: no choice at checkout. */
  deliveryOptions: z.array(deliveryOptionViewSchema),
  /**
   * The store ships with Bring (decision 0079): the checkout asks the shopper's postcode and lists the
   * carrier's services (GET/POST /api/stores/{id}/shipping-options) beside `deliveryOptions`.
   */
  shipsWithBring: z.boolean(),
  /**
   * The store's own domain, once verified (decision 0080): its pages are served there, and every link to
   * them is made with shared/shop-address.ts. Null: the shop is at `/s/{slug}`.
   */
  domain: z.string().nullable(),
  /** The shop's own look: logo, colour, fonts, and whether it has an about page (decision 0080). */
  brand: shopBrandSchema,
});
export type PublicStore = z.infer<typeof publicStoreSchema>;

/**
 * Which part of a store's products a storefront page shows (decision 0040): its page number (from 1),
 * the size of the whole (searched) list, and the search text ("" for none).
 */
export interface StorefrontListing {
  page: number;
  total: number;
  q: string;
}

/**
 * What the server renders a shop page from, and hands to the browser to take it over (src/web/features/shop):
 * a storefront with one page of its active products, a product page, or why neither can be shown. `origin` is the
 * site's public address, so image URLs are the same on both sides.
 */
/** The catalogue section whose notFound/loadFailed texts a failed page shows. */
export type ShopFailureTexts = "storefront" | "productPage" | "orderPage" | "marketReceipts.receiptPage";

export type ShopPage = { origin: string } & (
  | {
      page: "storefront";
      store: PublicStore;
      products: StorefrontProduct[];
      listing: StorefrontListing;
      /** Whether the store sells gift cards: the storefront links to its gift card page (decision 0076). */
      giftCards?: boolean;
    }
  | { page: "product"; product: ProductView; store: PublicStore }
  | { page: "terms"; store: PublicStore }
  /** The maker's story (decision 0080), for a store whose seller wrote one. */
  | { page: "about"; store: PublicStore; about: ShopAbout }
  | { page: "giftCard"; store: PublicStore; settings: GiftCardSettings }
  | { page: "order"; order: PublicOrder; token: string; store: PublicStore }
  /** A stall sale's or refund's receipt (decision 0077), opened from its QR code, SMS or e-mail. */
  | { page: "receipt"; receipt: ReceiptDocument; store: PublicStore }
  | { page: "missing" | "unavailable"; of: ShopFailureTexts }
);
