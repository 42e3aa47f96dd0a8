import { MAX_PHOTOS } from "./image-limits";
import { UPLOADED_IMAGE_PATTERN } from "./image-url";
import { coordinatesSchema, PRODUCT_LIMITS, productFields, stockQtyField } from "./product";
import { MAX_PRODUCT_IMAGES } from "./product-images";
import { QR_CODE_PATTERN, qrCodeViewSchema } from "./qr";
import { storeSummarySchema } from "./store";
import { multiLineText, singleLineText } from "./text";
import { z } from "./zod";

/**
 * Quick-create's product editor (docs/product-spec.md 5): the product's fields (productFields) under
 * quick-create's names, with the spec's rules where they differ: title ≥ 2, description ≥ 10, a price
 * like 199 or 199.99.
 */
export const quickProductSchema = z.object({
  title: productFields.title(2),
  description: productFields.requiredDescription(),
  price: singleLineText("errors.priceRequired")
    .min(1, "errors.priceRequired")
    .regex(/^\d{1,8}(\.\d{1,2})?$/, "errors.priceFormat"),
  seoTitle: productFields.seoTitle(),
  seoDescription: productFields.seoDescription(),
  imageUrl: z.string("errors.imageRequired").regex(UPLOADED_IMAGE_PATTERN, "errors.imageUrlUnknown"),
  /**
   * More analysed photos of the same product, in order after `imageUrl` (decision 0033): the product
   * keeps all of them, up to ten in all. The AI suggestion came from `imageUrl`.
   */
  extraImageUrls: z
    .array(z.string().regex(UPLOADED_IMAGE_PATTERN, "errors.imageUrlUnknown"), "errors.invalidInput")
    .max(MAX_PRODUCT_IMAGES - 1, "errors.tooManyProductImages")
    .optional(),
  coordinates: coordinatesSchema.nullable().optional(),
  category: singleLineText().max(40).nullable().optional(),
  altText: multiLineText().max(500, "errors.textTooLong").optional(),
  /** Absent: 1, a product from a photo being one of a kind; null or "": unlimited (decision 0032). */
  stockQty: stockQtyField.optional(),
});
export type QuickProduct = z.infer<typeof quickProductSchema>;

export const quickStoreDetailsSchema = z.object({
  name: singleLineText("errors.storeNameMin").min(2, "errors.storeNameMin").max(80, "errors.storeNameMax"),
  heroImageUrl: z.string().regex(UPLOADED_IMAGE_PATTERN, "errors.imageUrlUnknown").nullable().optional(),
  linkQrCode: z.boolean("errors.invalidInput").default(false),
  qrCode: singleLineText()
    .optional()
    .transform((code) => code || undefined)
    .refine((code) => code === undefined || QR_CODE_PATTERN.test(code), "errors.qrCodeInvalid"),
  seoTitle: singleLineText().max(PRODUCT_LIMITS.seoTitle, "errors.textTooLong").optional(),
  seoDescription: multiLineText().max(PRODUCT_LIMITS.seoDescription, "errors.textTooLong").optional(),
});
export type QuickStoreDetails = z.infer<typeof quickStoreDetailsSchema>;

export const quickStoreSchema = z.object({ store: quickStoreDetailsSchema, product: quickProductSchema });
export const quickStoreMultipleSchema = z.object({
  store: quickStoreDetailsSchema,
  products: z
    .array(quickProductSchema, "errors.invalidInput")
    .min(1, "errors.imageRequired")
    .max(MAX_PHOTOS, "errors.tooManyProducts"),
});

/** docs/product-spec.md 3's created-store result of quick-create: the new store, with its QR code if one was linked. */
export const quickStoreResultSchema = z.object({
  storeSlug: z.string(),
  store: storeSummarySchema.extend({ qrCode: qrCodeViewSchema.nullable() }),
});
export type QuickStoreResult = z.infer<typeof quickStoreResultSchema>;
