import type { quickProductSchema, quickStoreDetailsSchema } from "../../../shared/quickstore";
import type { z } from "../../../shared/zod";
import { currentSeo } from "../../lib/analysis-suggestions";
import type { DraftProduct, QuickCreateDraft, StoreDraft, UploadMode } from "./draft";

/** The request that saves a finished draft, and the address of the store it makes. */

/** What the quickstore calls take (the schemas' input side). */
export type QuickStoreDetails = z.input<typeof quickStoreDetailsSchema>;
export type QuickProduct = z.input<typeof quickProductSchema>;

export function storeDetails(store: StoreDraft, mode: UploadMode): QuickStoreDetails {
  const details: QuickStoreDetails = { name: store.name.trim(), linkQrCode: store.linkQrCode };
  if (store.linkQrCode && store.qrCode.trim()) details.qrCode = store.qrCode.trim();
  // Spec 2.14: only a single-product store asks for its SEO texts; several get generated ones.
  if (mode === "single" && store.seoTitle.trim()) details.seoTitle = store.seoTitle.trim();
  if (mode === "single" && store.seoDescription.trim()) details.seoDescription = store.seoDescription.trim();
  return details;
}

function quickProduct(product: DraftProduct): QuickProduct {
  return {
    title: product.title.trim(),
    description: product.description.trim(),
    price: product.price.trim(),
    stockQty: product.stockQty.trim(),
    imageUrl: product.imageUrl,
    coordinates: product.coordinates,
    category: product.category,
    ...(product.altText ? { altText: product.altText } : {}),
    ...(product.extraImageUrls?.length ? { extraImageUrls: product.extraImageUrls } : {}),
    ...currentSeo(product),
  };
}

export type QuickStoreRequest =
  | { path: "/api/quickstore"; body: { store: QuickStoreDetails; product: QuickProduct } }
  | { path: "/api/quickstore/multiple"; body: { store: QuickStoreDetails; products: QuickProduct[] } };

/** POST /api/quickstore for a one-photo draft, /api/quickstore/multiple for several photos. */
export function quickStoreRequest(
  draft: Pick<QuickCreateDraft, "mode" | "products" | "store">,
): QuickStoreRequest {
  const store = storeDetails(draft.store, draft.mode);
  const [first] = draft.products;
  if (draft.mode === "single" && first) {
    return { path: "/api/quickstore", body: { store, product: quickProduct(first) } };
  }
  return { path: "/api/quickstore/multiple", body: { store, products: draft.products.map(quickProduct) } };
}

/** The created store's public address, as the success step shows it. */
export function storeAddress(origin: string, slug: string): string {
  return `${origin}/s/${encodeURIComponent(slug)}`;
}
