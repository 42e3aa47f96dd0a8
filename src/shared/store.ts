import { emailField } from "./email";
import { isUploadedImageUrl } from "./image-url";
import { isValidOrgNumber } from "./org-number";
import { LANGUAGES } from "./preferences";
import { SLUG_PATTERN } from "./slug";
import { linkTokenText, multiLineText, singleLineText } from "./text";
import { vatRateSchema, vatRateSettingSchema } from "./vat";
import { expectedUpdatedAtField } from "./versioning";
import { z } from "./zod";

const storeName = singleLineText("errors.storeFieldsRequired")
  .min(1, "errors.storeFieldsRequired")
  .max(80, "errors.storeNameMax");
const storeSlug = singleLineText("errors.storeFieldsRequired")
  .min(1, "errors.storeFieldsRequired")
  .max(60, "errors.slugMax")
  .regex(SLUG_PATTERN, "errors.slugInvalid");
const description = multiLineText().max(1000, "errors.descriptionMax");

/**
 * A store's hero image: none, an image uploaded here (exactly as the upload pipeline names it: a path
 * trick such as `/uploads/../q/{code}` would be fetched by every visitor's browser), or an https address.
 * An https address may point anywhere, this site's /q/ included: a scan is counted only when a person
 * opens the link, never when a browser loads it as an image (see the QR scan route).
 */
export const imageUrlField = singleLineText()
  .max(2000, "errors.imageUrlInvalid")
  .refine(
    (url) => url === "" || isUploadedImageUrl(url) || /^https:\/\/[^\s/?#\\]+(?:[/?#][^\s\\]*)?$/i.test(url),
    "errors.imageUrlInvalid",
  );

export const createStoreSchema = z.object({
  name: storeName,
  slug: storeSlug,
  defaultLocale: z.enum(LANGUAGES, "errors.invalidLanguage").default("en"),
  description: description.optional(),
});
export type CreateStoreInput = z.infer<typeof createStoreSchema>;

/** An optional text setting: "" or null clears it. */
const optionalText = (text: typeof singleLineText, max: number) =>
  text().max(max, "errors.textTooLong").nullable().optional();

/**
 * The seller's legal details and MVA (decision 0036): shown on receipts and the terms page. The
 * organisation number is checked with the one mod-11 check the form uses too; the service stores it
 * without spaces.
 */
export const legalSettingsFields = {
  vatRate: vatRateSettingSchema.optional(),
  legalName: optionalText(singleLineText, 200),
  orgNumber: singleLineText()
    .max(20, "errors.orgNumberInvalid")
    .refine((text) => text === "" || isValidOrgNumber(text), "errors.orgNumberInvalid")
    .nullable()
    .optional(),
  address: optionalText(singleLineText, 300),
  termsExtra: optionalText(multiLineText, 5000),
};

/** What every store read carries of the seller's legal details. */
export const storeLegalDetailsSchema = z.object({
  vatRate: vatRateSchema.nullable(),
  legalName: z.string().nullable(),
  orgNumber: z.string().nullable(),
  address: z.string().nullable(),
  termsExtra: z.string().nullable(),
});
export type StoreLegalDetails = z.infer<typeof storeLegalDetailsSchema>;

/**
 * PUT /api/stores/{id} carries the settings form (name, slug, locale, hero image, description) or the
 * SMS order phone alone; every field is optional, and a name or URL that is sent must not be empty.
 * `expectedUpdatedAt` is the store's `updatedAt` the form was filled from: a stale one is refused (409).
 */
export const updateStoreSchema = z.object({
  name: storeName.optional(),
  slug: storeSlug.optional(),
  defaultLocale: z.enum(LANGUAGES, "errors.invalidLanguage").optional(),
  heroImageUrl: imageUrlField.nullable().optional(),
  description: description.nullable().optional(),
  phone: singleLineText().max(40, "errors.phoneInvalid").nullable().optional(),
  /**
   * Where shoppers reach the seller (decision 0066): "" or null for the owner's account address. Another
   * address is used only once its confirmation link has been opened.
   */
  contactEmail: z
    .union([z.literal(""), emailField])
    .nullable()
    .optional(),
  ...legalSettingsFields,
  /** Every stall sale a full sales document with the buyer's name and address (decision 0077). */
  stallFullDocuments: z.boolean("errors.invalidInput").optional(),
  expectedUpdatedAt: expectedUpdatedAtField,
});
export type UpdateStoreInput = z.infer<typeof updateStoreSchema>;

export const storeSummarySchema = storeLegalDetailsSchema.extend({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  defaultLocale: z.string(),
  heroImageUrl: z.string().nullable(),
  fallbackHeroImage: z.string().nullable(),
  phone: z.string().nullable(),
  /** The seller proved the phone is theirs with a texted code; only then does it get orders' texts. */
  phoneVerified: z.boolean(),
  /** The address the seller set for shoppers; null: the owner's account address (decision 0066). */
  contactEmail: z.string().nullable(),
  /** The address shoppers see and answer to now: `contactEmail` once confirmed, else the owner's. */
  contactEmailInUse: z.string(),
  /** Every stall sale is made a full sales document: the market screen asks for the buyer (decision 0077). */
  stallFullDocuments: z.boolean(),
  /** `contactEmail` waits for its confirmation link to be opened; the owner's address stands in. */
  contactEmailPending: z.boolean(),
  theme: z.object({ description: z.string().optional() }),
  productCount: z.number(),
  createdAt: z.string(),
  /** The version an edit form sends back as `expectedUpdatedAt`. */
  updatedAt: z.string(),
  role: z.enum(["owner", "staff"]).optional(),
});
export type StoreSummary = z.infer<typeof storeSummarySchema>;

/** GET /api/stores/slug-availability. */
export const slugAvailabilitySchema = z.object({
  slug: z.string(),
  available: z.boolean(),
  suggestion: z.string().nullable(),
});
export type SlugAvailability = z.infer<typeof slugAvailabilitySchema>;

/** GET /api/stores/{id}/finn-listing: a ready-to-paste Finn.no ad. */
export const finnListingSchema = z.object({
  title: z.string(),
  description: z.string(),
  storeUrl: z.string(),
});
export type FinnListing = z.infer<typeof finnListingSchema>;

/** POST /api/stores/{id}/contact-email/confirm: the token of the link the contact address was sent. */
export const confirmContactEmailSchema = z.object({
  token: linkTokenText("errors.contactLinkInvalid"),
});

/** POST /api/stores/{id}/contact-email/resend: where the new link went and until when it works. */
export const contactEmailSentSchema = z.object({ email: z.string(), expiresAt: z.string() });
