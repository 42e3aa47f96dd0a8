/**
 * What a product photo may be, in one place for the browser's early check and the server's real one
 * (decision 0013: the server sniffs the content again, so the browser's check only saves a wasted upload).
 * docs/product-spec.md 5 and 9: one photo of at most 5 MB, JPG, PNG or WEBP; a multi-photo upload takes up to 10 and HEIC too.
 */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
/**
 * Photos one upload may hold, the one place this ten is written: the server's multipart limit, the
 * multi-photo analysis, quick-create's products (one per photo) and a product's photos (decision 0033).
 */
export const MAX_PHOTOS = 10;
export const IMAGE_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;
export const HEIC_TYPES = ["image/heic", "image/heif"] as const;

type FileLike = { name: string; type: string; size: number };

/** HEIC by its type, or by its extension for browsers that do not know the type. */
export function isHeic(file: Pick<FileLike, "name" | "type">): boolean {
  return (HEIC_TYPES as readonly string[]).includes(file.type) || /\.hei[cf]$/i.test(file.name);
}

/**
 * The i18n key of what is wrong with a photo, or null when it may be uploaded. `heic`: the upload takes
 * HEIC too (the multi-photo upload), which the refusal then names.
 */
export function imageProblem(file: FileLike, { heic = false }: { heic?: boolean } = {}): string | null {
  const allowed = (IMAGE_TYPES as readonly string[]).includes(file.type) || (heic && isHeic(file));
  if (!allowed) return heic ? "errors.imageTypeUnsupportedHeic" : "errors.imageTypeUnsupported";
  if (file.size > MAX_IMAGE_BYTES) return "errors.imageTooLarge";
  return null;
}
