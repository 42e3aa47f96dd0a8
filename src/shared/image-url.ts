/** Shown where an image URL is missing or not one the app may load (docs/product-spec.md 5, image URL fixing). */
export const PLACEHOLDER_IMAGE = "/placeholder-product.svg";

/**
 * docs/product-spec.md 5: http(s) and data URLs are kept; an uploaded image's path gets the site's origin; anything
 * else (another path of this site included, such as "/uploads/../q/{code}") becomes the placeholder.
 */
export function fixImageUrl(url: string | null | undefined, origin: string): string {
  if (!url) return PLACEHOLDER_IMAGE;
  if (/^https?:\/\//i.test(url) || url.startsWith("data:image/")) return url;
  if (UPLOADED_VARIANT_PATTERN.test(url)) return `${origin}${url}`;
  return PLACEHOLDER_IMAGE;
}

/** Uploaded images are stored in three widths; the URL names the largest, the others follow its pattern. */
export const IMAGE_WIDTHS = [1600, 800, 400] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];

const LARGEST = "-1600.webp";

/** An uploaded image's name without its width ("/uploads/products/{uuid}"), and a width's name from it. */
const stemOf = (url: string) => url.slice(0, -LARGEST.length);
const widthOf = (stem: string, width: ImageWidth) => `${stem}-${width}.webp`;

export function imageVariantUrl(url: string, width: ImageWidth): string {
  return url.endsWith(LARGEST) ? widthOf(stemOf(url), width) : url;
}

/**
 * A srcset for an uploaded image, or undefined for images from elsewhere. By the name's end, not a
 * pattern: a storefront writes one per card on every render (decision 0049).
 */
export function imageSrcSet(url: string): string | undefined {
  if (!url.endsWith(LARGEST)) return undefined;
  const stem = stemOf(url);
  return IMAGE_WIDTHS.map((width) => `${widthOf(stem, width)} ${width}w`).join(", ");
}

const UPLOAD_PATH = "^/uploads/products/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";

/**
 * An image the upload pipeline stored, named exactly as it names the largest variant
 * (`/uploads/products/{uuid}-1600.webp`): nothing else, so no "..", no encoded character, no query,
 * and no other path of this site (a store's hero image at "/uploads/../q/{code}" would count a QR scan
 * for every visitor). A product, a quick store or a hero image points at it instead of uploading again.
 */
export const UPLOADED_IMAGE_PATTERN = new RegExp(`${UPLOAD_PATH}-1600\\.webp$`);
/** Any of the widths of an uploaded image (see imageVariantUrl). */
const UPLOADED_VARIANT_PATTERN = new RegExp(`${UPLOAD_PATH}-(?:${IMAGE_WIDTHS.join("|")})\\.webp$`);

/** The one check of an uploaded image's URL, shared by the forms and the routes. */
export function isUploadedImageUrl(url: string): boolean {
  return UPLOADED_IMAGE_PATTERN.test(url);
}

/** The `sizes` of the first picture of a page, shared so the server's preload picks the width the page will. */
export const LEAD_IMAGE_SIZES = {
  storefrontHero: "100vw",
  productPage: "(min-width: 1024px) 480px, (min-width: 640px) 50vw, 100vw",
} as const;
