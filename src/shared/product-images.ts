import { MAX_PHOTOS } from "./image-limits";
import { z } from "./zod";

/** A product shows at most this many photos (decision 0033; the same ten as a multi-upload, docs/product-spec.md 5). */
export const MAX_PRODUCT_IMAGES = MAX_PHOTOS;

/** PUT /api/products/{id}/images/order: every photo of the product exactly once, the first being primary. */
export const imageOrderSchema = z.object({
  imageIds: z
    .array(z.uuid("errors.imageOrderInvalid"), "errors.imageOrderInvalid")
    .min(1, "errors.imageOrderInvalid")
    .max(MAX_PRODUCT_IMAGES, "errors.imageOrderInvalid"),
});
export type ImageOrderInput = z.infer<typeof imageOrderSchema>;

export const productImageSchema = z.object({
  id: z.string(),
  url: z.string(),
  isPrimary: z.boolean(),
  sortOrder: z.number().int(),
});
export type ProductImage = z.infer<typeof productImageSchema>;

/** What the photo routes answer: the product's photos in order, and the one its cards show. */
export const productImagesSchema = z.object({
  images: z.array(productImageSchema),
  primaryImage: z.string().nullable(),
});
export type ProductImages = z.infer<typeof productImagesSchema>;
