import type { DraftProduct } from "./draft";
import { MAX_PHOTOS } from "./files";

/**
 * Several photos of one product (decision 0033): the analysis makes one draft per photo, and the visitor
 * may say two drafts show the same product, whose photos then stay together on it.
 */

/** Every photo of a draft product, the analysed one first. */
export function photosOf(product: Pick<DraftProduct, "imageUrl" | "extraImageUrls">): string[] {
  return [product.imageUrl, ...(product.extraImageUrls ?? [])];
}

/**
 * `from`'s photos join `into`'s, after them, and `from`'s texts go (the AI suggestion stays the one from
 * `into`'s first photo). Unchanged when the photos would be more than a product may have.
 */
export function mergeProducts(products: DraftProduct[], fromId: string, intoId: string): DraftProduct[] {
  const from = products.find((product) => product.id === fromId);
  const into = products.find((product) => product.id === intoId);
  if (!from || !into || from === into) return products;
  const photos = [...photosOf(into), ...photosOf(from)];
  if (photos.length > MAX_PHOTOS) return products;
  return products
    .filter((product) => product !== from)
    .map((product) => (product === into ? { ...into, extraImageUrls: photos.slice(1) } : product));
}
