import { normalizePrice } from "./money";
import { multiLineText, singleLineText } from "./text";
import { expectedUpdatedAtField } from "./versioning";
import { z } from "./zod";

/**
 * A product's price: whole kroner, 0 or more, as a number or text ("199", "199.00" or "199,00"), kept as
 * an exact decimal string ("199.00"). The form's field steps by 1 kr; øre ("12.50") are refused, so a
 * price shown rounded never disagrees with the totals computed from it.
 */
export const priceField = (message = "errors.priceInvalid") =>
  z.union([z.string(), z.number()], message).transform((value, ctx) => wholeKronerPrice(value, ctx, message));

/**
 * A variant's price (decision 0032): as priceField, or null for the product's own, sent as null or ""
 * (a form's empty field). One schema, so a bad price gets its own message, not a union's "not valid".
 */
export const optionalPriceField = (message = "errors.priceInvalid") =>
  z
    .union([z.string(), z.number(), z.null()], message)
    .transform((value, ctx): string | null =>
      value === null || (typeof value === "string" && value.trim() === "")
        ? null
        : wholeKronerPrice(value, ctx, message),
    );

function wholeKronerPrice(value: string | number, ctx: z.RefinementCtx, message: string) {
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
}

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

/**
 * A product's limits, the same wherever a product is written: the seller's add and edit forms, quick-create's
 * editor and the routes behind them (decision 0028).
 */
export const PRODUCT_LIMITS = { title: 200, description: 5000, sku: 64, seoTitle: 120, seoDescription: 320 };

const optionalText = (text: typeof singleLineText, max: number) =>
  text()
    .max(max, "errors.textTooLong")
    .optional()
    .transform((value) => value || undefined);

/**
 * The product's fields, built once for both ways of creating a product. The seller's form and quick-create
 * differ only where docs/product-spec.md sets them apart, each with the spec's own message: the seller's
 * title needs one character, quick-create's two; quick-create's description (the AI's proposal the maker
 * checks) needs ten, the seller's blurb is optional; quick-create takes a price such as 199.99 as the spec
 * shows and saves it rounded to whole kroner, the seller's form asks for whole kroner (decision 0007).
 */
export const productFields = {
  title: (min: 1 | 2) =>
    min === 1
      ? singleLineText("errors.titleRequired")
          .min(1, "errors.titleRequired")
          .max(PRODUCT_LIMITS.title, "errors.titleMax")
      : singleLineText("errors.productTitleMin")
          .min(2, "errors.productTitleMin")
          .max(PRODUCT_LIMITS.title, "errors.titleMax"),
  optionalDescription: () => optionalText(multiLineText, PRODUCT_LIMITS.description),
  requiredDescription: () =>
    multiLineText("errors.descriptionMin")
      .min(10, "errors.descriptionMin")
      .max(PRODUCT_LIMITS.description, "errors.textTooLong"),
  sku: () => optionalText(singleLineText, PRODUCT_LIMITS.sku),
  seoTitle: () => optionalText(singleLineText, PRODUCT_LIMITS.seoTitle),
  seoDescription: () => optionalText(multiLineText, PRODUCT_LIMITS.seoDescription),
};

/** Add product (docs/product-spec.md 5): title required, price 0 or more, blurb and sku optional. */
export const productFieldsSchema = z.object({
  title: productFields.title(1),
  blurb: productFields.optionalDescription(),
  basePrice: priceField("errors.priceInvalid"),
  sku: productFields.sku(),
  seoMetaTitle: productFields.seoTitle(),
  seoMetaDesc: productFields.seoDescription(),
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
const clearableText = (text: typeof singleLineText, max: number) =>
  text()
    .max(max, "errors.textTooLong")
    .nullable()
    .optional()
    .transform((value) => (value === undefined ? undefined : value || null));

/**
 * The fields of PUT /api/products/{id}: any subset of them, plus the active switch, and the product's
 * `updatedAt` the edit form was filled from (`expectedUpdatedAt`: a stale one is refused with 409). The
 * whole body, with the options and variants, is `updateProductSchema` in ./variants.
 */
export const updateProductFieldsSchema = productFieldsSchema.partial().extend({
  blurb: clearableText(multiLineText, PRODUCT_LIMITS.description),
  sku: clearableText(singleLineText, PRODUCT_LIMITS.sku),
  seoMetaTitle: clearableText(singleLineText, PRODUCT_LIMITS.seoTitle),
  seoMetaDesc: clearableText(multiLineText, PRODUCT_LIMITS.seoDescription),
  isActive: z.boolean("errors.invalidInput").optional(),
  coordinates: coordinatesSchema.nullable().optional(),
  expectedUpdatedAt: expectedUpdatedAtField,
});

/** One of the seller's options and its values (decision 0032); the input schemas are in ./variants. */
export const productOptionViewSchema = z.object({ name: z.string(), values: z.array(z.string()) });
export type ProductOption = z.infer<typeof productOptionViewSchema>;

/** One variant as the product's reads carry it (decision 0032). */
export const productVariantViewSchema = z.object({
  id: z.string(),
  productId: z.string(),
  /** Built from the values, as the spec's variantLabel. */
  label: z.string(),
  values: z.array(z.string()),
  /** The variant's own price, or null for the product's. */
  price: z.string().nullable(),
  /** The spec's field: the variant's price less the product's (0 when it has none of its own). */
  priceDelta: z.string(),
  sku: z.string().nullable(),
  /** null: unlimited. */
  stockQty: z.number().int().nullable(),
  available: z.boolean(),
});
export type ProductVariantView = z.infer<typeof productVariantViewSchema>;

export const productViewSchema = z.object({
  id: z.string(),
  storeId: z.string(),
  sku: z.string().nullable(),
  title: z.string(),
  blurb: z.string().nullable(),
  seoMetaTitle: z.string().nullable(),
  seoMetaDesc: z.string().nullable(),
  basePrice: z.string(),
  currencyCode: z.string(),
  isActive: z.boolean(),
  coordinates: z.object({ x: z.number(), y: z.number() }).nullable(),
  position: z.number(),
  /** What is left to sell; null is unlimited (decision 0032). With options: the variants' added up. */
  stockQty: z.number().nullable(),
  /** false when sold out: the product, or every one of its variants. */
  available: z.boolean(),
  /** The seller's options ([] for none); with options, the product sells only as one of its variants. */
  options: z.array(productOptionViewSchema),
  variants: z.array(productVariantViewSchema),
  primaryImage: z.string().nullable(),
  images: z.array(
    z.object({ id: z.string(), url: z.string(), isPrimary: z.boolean(), sortOrder: z.number() }),
  ),
  store: z.object({ id: z.string(), name: z.string(), slug: z.string() }),
  createdAt: z.string(),
  /** The version an edit form sends back as `expectedUpdatedAt`. */
  updatedAt: z.string(),
  publishedAt: z.string().nullable(),
});
export type ProductView = z.infer<typeof productViewSchema>;

/**
 * A product's packed weight and size (decision 0079; null: not given, the store's default weight stands
 * in). The seller's own facts: the public product view never carries them.
 */
export const productShippingViewSchema = z.object({
  weightGrams: z.number().int().nullable(),
  lengthCm: z.number().int().nullable(),
  widthCm: z.number().int().nullable(),
  heightCm: z.number().int().nullable(),
});
export type ProductShippingView = z.infer<typeof productShippingViewSchema>;

/** The product as its store's members read and write it: the public view and its weight and size. */
export const sellerProductViewSchema = productViewSchema.extend(productShippingViewSchema.shape);
export type SellerProductView = z.infer<typeof sellerProductViewSchema>;
