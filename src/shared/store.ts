import { LANGUAGES } from "./preferences";
import { SLUG_PATTERN } from "./slug";
import { z } from "./zod";

const storeName = z
  .string("errors.storeFieldsRequired")
  .trim()
  .min(1, "errors.storeFieldsRequired")
  .max(80, "errors.storeNameMax");
const storeSlug = z
  .string("errors.storeFieldsRequired")
  .trim()
  .min(1, "errors.storeFieldsRequired")
  .max(60, "errors.slugMax")
  .regex(SLUG_PATTERN, "errors.slugInvalid");
const description = z.string().trim().max(1000, "errors.descriptionMax");

/** An image the app may show: an upload of ours or an https address. */
export const imageUrlField = z
  .string()
  .trim()
  .max(2000, "errors.imageUrlInvalid")
  .refine(
    (url) => url === "" || url.startsWith("/uploads/") || /^https:\/\/[^\s]+$/i.test(url),
    "errors.imageUrlInvalid",
  );

export const createStoreSchema = z.object({
  name: storeName,
  slug: storeSlug,
  defaultLocale: z.enum(LANGUAGES, "errors.invalidLanguage").default("en"),
  description: description.optional(),
});
export type CreateStoreInput = z.infer<typeof createStoreSchema>;

/**
 * PUT /api/stores/{id} carries the settings form (name, slug, locale, hero image, description) or the
 * SMS order phone alone; every field is optional, and a name or URL that is sent must not be empty.
 */
export const updateStoreSchema = z.object({
  name: storeName.optional(),
  slug: storeSlug.optional(),
  defaultLocale: z.enum(LANGUAGES, "errors.invalidLanguage").optional(),
  heroImageUrl: imageUrlField.nullable().optional(),
  description: description.nullable().optional(),
  phone: z.string().trim().max(40, "errors.phoneInvalid").nullable().optional(),
});
export type UpdateStoreInput = z.infer<typeof updateStoreSchema>;

export interface StoreSummary {
  id: string;
  name: string;
  slug: string;
  defaultLocale: string;
  heroImageUrl: string | null;
  fallbackHeroImage: string | null;
  phone: string | null;
  /** The seller proved the phone is theirs with a texted code; only then does it get orders' texts. */
  phoneVerified: boolean;
  theme: { description?: string };
  productCount: number;
  createdAt: string;
  role?: "owner" | "staff";
}
