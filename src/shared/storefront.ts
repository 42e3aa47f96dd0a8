import type { PaymentProvider } from "./payment";

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
