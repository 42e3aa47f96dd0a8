import { contrastReportSchema, FONT_PAIRING_NAMES } from "./brand";
import { multiLineText, singleLineText } from "./text";
import { z } from "./zod";

/**
 * A shop's own look (decision 0080): logo, brand colour, a font pairing from a short list, and the
 * about page. Shared by the seller's settings (with its live preview), the routes and the shop pages.
 */

/** How many links an about page lists (Instagram, Facebook, a web site, …). */
export const MAX_ABOUT_LINKS = 6;
export const ABOUT_TEXT_MAX = 5000;

const HEX_COLOR = /^#[0-9a-f]{6}$/;

export const brandColorField = () =>
  singleLineText("errors.brandColorInvalid")
    .transform((text) => text.trim().toLowerCase())
    .pipe(z.string().regex(HEX_COLOR, "errors.brandColorInvalid"));

/** An https link, as shoppers follow it from the about page. */
const aboutLink = singleLineText("errors.aboutLinkInvalid")
  .max(500, "errors.aboutLinkInvalid")
  .refine((text) => {
    try {
      return new URL(text).protocol === "https:";
    } catch {
      return false;
    }
  }, "errors.aboutLinkInvalid");

export const aboutSchema = z.object({
  text: multiLineText("errors.aboutTextRequired")
    .trim()
    .min(1, "errors.aboutTextRequired")
    .max(ABOUT_TEXT_MAX, "errors.textTooLong"),
  /** A photo uploaded through the image routes (/uploads/…), or none. */
  imageUrl: z.string().max(500).nullable().optional(),
  location: singleLineText().trim().max(100, "errors.textTooLong").nullable().optional(),
  links: z.array(aboutLink).max(MAX_ABOUT_LINKS, "errors.aboutTooManyLinks").optional(),
});
export type About = z.infer<typeof aboutSchema>;

/** PUT /api/stores/{id}/identity: what is left out is kept; null clears it. */
export const identityInputSchema = z.object({
  logoImageUrl: z.string().max(500).nullable().optional(),
  brandColor: brandColorField().nullable().optional(),
  fontPairing: z.enum(FONT_PAIRING_NAMES, "errors.fontPairingInvalid").nullable().optional(),
  about: aboutSchema.nullable().optional(),
});
export type IdentityInput = z.input<typeof identityInputSchema>;

/**
 * What is made from the logo when it is saved (all /uploads/… addresses): a square crop (the shop's
 * avatar, the favicon's source), a wide crop (the shop header, e-mails, receipts), favicons at 32 and
 * 180 pixels (browsers, and the home screen of an iPhone), and the 1200×630 social card (Open Graph).
 */
export const brandAssetsSchema = z.object({
  logoSquare: z.string(),
  logoWide: z.string(),
  favicon32: z.string(),
  icon180: z.string(),
  socialCard: z.string(),
});
export type BrandAssets = z.infer<typeof brandAssetsSchema>;

export const identityViewSchema = z.object({
  logoImageUrl: z.string().nullable(),
  brandAssets: brandAssetsSchema.nullable(),
  brandColor: z.string().nullable(),
  fontPairing: z.enum(FONT_PAIRING_NAMES).nullable(),
  about: aboutSchema.nullable(),
  /** Whether text on and beside the brand colour is readable (WCAG AA), as the settings warn. */
  contrast: contrastReportSchema,
});
export type IdentityView = z.infer<typeof identityViewSchema>;
