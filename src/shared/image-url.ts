/** Shown where an image URL is missing or not one the app may load (spec 5, image URL fixing). */
export const PLACEHOLDER_IMAGE = "/placeholder-product.svg";

/**
 * Spec 5: http(s) and data URLs are kept; paths under /uploads/ get the site's origin; anything else
 * becomes the placeholder.
 */
export function fixImageUrl(url: string | null | undefined, origin: string): string {
  if (!url) return PLACEHOLDER_IMAGE;
  if (/^https?:\/\//i.test(url) || url.startsWith("data:image/")) return url;
  if (url.startsWith("/uploads/")) return `${origin}${url}`;
  return PLACEHOLDER_IMAGE;
}

/** Uploaded images are stored in three widths; the URL names the largest, the others follow its pattern. */
export const IMAGE_WIDTHS = [1600, 800, 400] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];

export function imageVariantUrl(url: string, width: ImageWidth): string {
  return url.replace(/-1600\.webp$/, `-${width}.webp`);
}

/** A srcset for an uploaded image, or undefined for images from elsewhere. */
export function imageSrcSet(url: string): string | undefined {
  if (!/-1600\.webp$/.test(url)) return undefined;
  return IMAGE_WIDTHS.map((width) => `${imageVariantUrl(url, width)} ${width}w`).join(", ");
}

/** An image the analysis step already stored: a product or quick store points at it instead of uploading again. */
export const UPLOADED_IMAGE_PATTERN = /^\/uploads\/(products|enhanced)\/[0-9a-f-]{36}-1600\.webp$/;

/** The `sizes` of the first picture of a page, shared so the server's preload picks the width the page will. */
export const LEAD_IMAGE_SIZES = {
  storefrontHero: "100vw",
  productPage: "(min-width: 1024px) 480px, (min-width: 640px) 50vw, 100vw",
} as const;
