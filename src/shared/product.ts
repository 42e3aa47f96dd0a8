import { normalizePrice } from "./money";
import { expectedUpdatedAtField } from "./versioning";
import { z } from "./zod";

/**
 * A product's price: whole kroner, 0 or more, as a number or text ("199", "199.00" or "199,00"), kept as
 * an exact decimal string ("199.00"). The form's field steps by 1 kr; øre ("12.50") are refused, so a
 * price shown rounded never disagrees with the totals computed from it.
 */
export const priceField = (message = "errors.priceInvalid") =>
  z.union([z.string(), z.number()], message).transform((value, ctx) => {
    const normalized = normalizePrice(value);
    if (normalized === undefined) {
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    }
    if (!normalized.endsWith(".00")) {
      ctx.addIssue({ code: "custom", message: "errors.priceWholeKroner" });
      return z.NEVER;
    }
    return normalized;
  });

/** Where the product sits in its photo, in percent of the image's width and height. */
export const coordinatesSchema = z.object({
  x: z.coerce
    .number("errors.coordinatesInvalid")
    .min(0, "errors.coordinatesInvalid")
    .max(100, "errors.coordinatesInvalid"),
  y: z.coerce
    .number("errors.coordinatesInvalid")
    .min(0, "errors.coordinatesInvalid")
    .max(100, "errors.coordinatesInvalid"),
});
export type Coordinates = z.infer<typeof coordinatesSchema>;

/** The most a seller can stock of one product or variant; far below integer overflow. */
export const MAX_STOCK = 1_000_000;

/**
 * Stock (decision 0032): a whole number 0 or more, or unlimited, sent as null or "" (a form's empty
 * field). Multipart forms send text, JSON a number; both arrive as a number or null.
 */
export const stockQtyField = z
  .union([z.string(), z.number(), z.null()], "errors.stockInvalid")
  .transform((value, ctx): number | null => {
    if (value === null || (typeof value === "string" && value.trim() === "")) return null;
    const text = String(value).trim();
    const stock = Number(text);
    if (!/^\d+$/.test(text) || !Number.isSafeInteger(stock) || stock > MAX_STOCK) {
      ctx.addIssue({ code: "custom", message: "errors.stockInvalid" });
      return z.NEVER;
    }
    return stock;
  });

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, "errors.textTooLong")
    .optional()
    .transform((value) => value || undefined);

/** Add product (spec 5): title required, price 0 or more, blurb and sku optional. */
export const productFieldsSchema = z.object({
  title: z.string("errors.titleRequired").trim().min(1, "errors.titleRequired").max(200, "errors.titleMax"),
  blurb: optionalText(5000),
  basePrice: priceField("errors.priceInvalid"),
  sku: optionalText(64),
  seoMetaTitle: optionalText(120),
  seoMetaDesc: optionalText(320),
  /** Absent on create: 1, a product from a photo being one of a kind until the seller says otherwise. */
  stockQty: stockQtyField.optional(),
});
export type ProductFields = z.infer<typeof productFieldsSchema>;

/** Multipart forms send every field as text; coordinates arrive as JSON text. */
export const createProductFormSchema = productFieldsSchema.extend({
  coordinates: z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (!value) return undefined;
      try {
        const parsed = coordinatesSchema.safeParse(JSON.parse(value));
        if (parsed.success) return parsed.data;
      } catch {
        // fall through to the issue below
      }
      ctx.addIssue({ code: "custom", message: "errors.coordinatesInvalid" });
      return z.NEVER;
    }),
});

/** An optional text that an update may clear: "" or null empties it, absent leaves it as it is. */
const clearableText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, "errors.textTooLong")
    .nullable()
    .optional()
    .transform((value) => (value === undefined ? undefined : value || null));

/**
 * PUT /api/products/{id}: any subset of the fields, plus the active switch, and the product's
 * `updatedAt` the edit form was filled from (`expectedUpdatedAt`: a stale one is refused with 409).
 */
export const updateProductSchema = productFieldsSchema.partial().extend({
  blurb: clearableText(5000),
  sku: clearableText(64),
  seoMetaTitle: clearableText(120),
  seoMetaDesc: clearableText(320),
  isActive: z.boolean("errors.invalidInput").optional(),
  coordinates: coordinatesSchema.nullable().optional(),
  expectedUpdatedAt: expectedUpdatedAtField,
});
export type UpdateProductInput = z.infer<typeof updateProductSchema>;
/** What a client sends to PUT /api/products/{id} (before the schema normalises it). */
export type UpdateProductRequest = z.input<typeof updateProductSchema>;

/** One of the seller's options and its values (decision 0032); the schemas are in ./variants. */
export interface ProductOption {
  name: string;
  values: string[];
}

/** One variant as the product's reads carry it (productVariantViewSchema in ./variants). */
export interface ProductVariantView {
  id: string;
  productId: string;
  /** Built from the values, as the spec's variantLabel. */
  label: string;
  values: string[];
  /** The variant's own price, or null for the product's. */
  price: string | null;
  /** The spec's field: the variant's price less the product's (0 when it has none of its own). */
  priceDelta: string;
  sku: string | null;
  /** null: unlimited. */
  stockQty: number | null;
  available: boolean;
}

export interface ProductView {
  id: string;
  storeId: string;
  sku: string | null;
  title: string;
  blurb: string | null;
  seoMetaTitle: string | null;
  seoMetaDesc: string | null;
  basePrice: string;
  currencyCode: string;
  isActive: boolean;
  coordinates: Coordinates | null;
  position: number;
  /** What is left to sell; null is unlimited (decision 0032). With options: the variants' added up. */
  stockQty: number | null;
  /** false when sold out: the product, or every one of its variants. */
  available: boolean;
  /** The seller's options ([] for none); with options, the product sells only as one of its variants. */
  options: ProductOption[];
  variants: ProductVariantView[];
  primaryImage: string | null;
  images: { id: string; url: string; isPrimary: boolean; sortOrder: number }[];
  store: { id: string; name: string; slug: string };
  createdAt: string;
  /** The version an edit form sends back as `expectedUpdatedAt`. */
  updatedAt: string;
  publishedAt: string | null;
}
