import { productShippingSchema } from "./carrier-settings";
import {
  createProductFormSchema,
  optionalPriceField,
  type ProductOption,
  type ProductVariantView,
  productFieldsSchema,
  productVariantViewSchema,
  stockQtyField,
  updateProductFieldsSchema,
} from "./product";
import { singleLineText } from "./text";
import { z } from "./zod";

/** Enough for size × colour × material; a bigger table is not something a maker fills in by hand. */
export const MAX_OPTIONS = 3;
export const MAX_VALUES_PER_OPTION = 20;
export const MAX_VARIANTS = 100;

const label = (message: string) =>
  singleLineText(message).min(1, message).max(40, "errors.variantTextTooLong");

export type { ProductOption, ProductVariantView };
export { productVariantViewSchema };

export const productOptionSchema = z.object({
  name: label("errors.optionNameRequired"),
  values: z
    .array(label("errors.optionValueRequired"), "errors.invalidInput")
    .min(1, "errors.optionValuesRequired")
    .max(MAX_VALUES_PER_OPTION, "errors.tooManyOptionValues"),
}) satisfies z.ZodType<ProductOption>;

export const variantInputSchema = z.object({
  /** One value per option, in the options' order. */
  values: z.array(singleLineText("errors.invalidInput"), "errors.invalidInput").max(MAX_OPTIONS),
  /** Absent, null or "": the product's price. */
  price: optionalPriceField("errors.priceInvalid").optional(),
  sku: singleLineText()
    .max(64, "errors.textTooLong")
    .nullable()
    .optional()
    .transform((value) => value || null),
  stockQty: stockQtyField,
});

const sameText = (a: string, b: string) => a.toLocaleLowerCase("nb") === b.toLocaleLowerCase("nb");
const hasDuplicates = (texts: string[]) =>
  texts.some((text, n) => texts.slice(0, n).some((t) => sameText(t, text)));

/**
 * PUT /api/products/{id}/variants: replaces the product's options and its variants (decision 0032).
 * Every variant names one value of each option; each combination once; no options, no variants.
 */
export const productVariantsSchema = z
  .object({
    options: z.array(productOptionSchema, "errors.invalidInput").max(MAX_OPTIONS, "errors.tooManyOptions"),
    variants: z.array(variantInputSchema, "errors.invalidInput").max(MAX_VARIANTS, "errors.tooManyVariants"),
  })
  .superRefine(({ options, variants }, ctx) => {
    const issue = (message: string, path: (string | number)[]) =>
      ctx.addIssue({ code: "custom", message, path });
    if (hasDuplicates(options.map((option) => option.name))) issue("errors.optionNameTwice", ["options"]);
    options.forEach((option, n) => {
      if (hasDuplicates(option.values)) issue("errors.optionValueTwice", ["options", n, "values"]);
    });
    if (options.length > 0 && variants.length === 0) issue("errors.variantsRequired", ["variants"]);
    if (options.length === 0 && variants.length > 0) issue("errors.variantsWithoutOptions", ["variants"]);
    const seen: string[] = [];
    variants.forEach((variant, n) => {
      const fits =
        variant.values.length === options.length &&
        variant.values.every((value, i) => options[i]?.values.includes(value));
      if (!fits) issue("errors.variantValuesInvalid", ["variants", n, "values"]);
      const key = JSON.stringify(variant.values);
      if (seen.includes(key)) issue("errors.variantTwice", ["variants", n, "values"]);
      seen.push(key);
    });
  });
export type ProductVariantsInput = z.infer<typeof productVariantsSchema>;
/** What a client sends (before the schema normalises prices and stock). */
export type ProductVariantsRequest = z.input<typeof productVariantsSchema>;

/**
 * PUT /api/products/{id}: the product's fields (any subset, see updateProductFieldsSchema) and, when the
 * edit form changed them, its options and variants as PUT .../variants takes them. The server saves
 * both in one transaction, or neither: the edit page has one Save (decision 0060).
 */
export const updateProductSchema = updateProductFieldsSchema.extend({
  ...productShippingSchema.shape,
  variants: productVariantsSchema.optional(),
});
export type UpdateProductInput = z.infer<typeof updateProductSchema>;
/** What a client sends to PUT /api/products/{id} (before the schema normalises it). */
export type UpdateProductRequest = z.input<typeof updateProductSchema>;

/**
 * Add product's fields with the product's weight and size (decision 0079): the seller's add form checks
 * them, and POST /api/stores/{id}/products the same as multipart text (`newProductFormSchema`).
 */
export const newProductSchema = productFieldsSchema.extend(productShippingSchema.shape);
export const newProductFormSchema = createProductFormSchema.extend(productShippingSchema.shape);

/** "Størrelse: M / Farge: Blå": the variant's name on the cart, the order items and the SMS. */
export function variantLabelOf(options: ProductOption[], values: string[]) {
  return options.map((option, n) => `${option.name}: ${values[n] ?? ""}`).join(" / ");
}

/** Every combination of the options' values, in the order a table lists them. */
export function combinationsOf(options: ProductOption[]): string[][] {
  return options.reduce<string[][]>(
    (rows, option) => rows.flatMap((row) => option.values.map((value) => [...row, value])),
    options.length > 0 ? [[]] : [],
  );
}

/** The answer of PUT /api/products/{id}/variants: what the product's views carry of it afterwards. */
export const productVariantsViewSchema = z.object({
  productId: z.string(),
  options: z.array(productOptionSchema),
  variants: z.array(productVariantViewSchema),
  stockQty: z.number().int().nullable(),
  available: z.boolean(),
  updatedAt: z.string(),
});
export type ProductVariantsView = z.infer<typeof productVariantsViewSchema>;
