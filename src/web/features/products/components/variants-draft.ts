import type { ProductView } from "../../../../shared/product";
import {
  combinationsOf,
  type ProductOption,
  type ProductVariantsRequest,
  productVariantsSchema,
  variantLabelOf,
} from "../../../../shared/variants";

/** One combination as the seller fills it in: texts, "" meaning the product's price or unlimited stock. */
export interface VariantRowDraft {
  price: string;
  sku: string;
  stockQty: string;
  /** Sold at all: a combination the seller does not make can be left out. */
  offered: boolean;
}

/** The variants editor's state: options as typed ("S, M, L") and the rows by their values. */
export interface VariantsDraft {
  options: { name: string; values: string }[];
  rows: Record<string, VariantRowDraft>;
}

export const EMPTY_VARIANTS: VariantsDraft = { options: [], rows: {} };

const keyOf = (values: readonly string[]) => JSON.stringify(values);
/** A new combination: one to sell, like a product from a photo (decision 0032). */
const NEW_ROW: VariantRowDraft = { price: "", sku: "", stockQty: "1", offered: true };

export function draftOf(product: Pick<ProductView, "options" | "variants">): VariantsDraft {
  const rows: Record<string, VariantRowDraft> = {};
  for (const combination of combinationsOf(product.options)) {
    rows[keyOf(combination)] = { ...NEW_ROW, offered: false };
  }
  for (const variant of product.variants) {
    rows[keyOf(variant.values)] = {
      price: variant.price?.replace(/\.00$/, "") ?? "",
      sku: variant.sku ?? "",
      stockQty: variant.stockQty === null ? "" : String(variant.stockQty),
      offered: true,
    };
  }
  return {
    options: product.options.map((option) => ({ name: option.name, values: option.values.join(", ") })),
    rows,
  };
}

/** The options as the draft says them: values split at commas, empty ones dropped. */
export function optionsOf(draft: VariantsDraft): ProductOption[] {
  return draft.options.map((option) => ({
    name: option.name.trim(),
    values: option.values
      .split(",")
      .map((value) => value.trim())
      .filter(Boolean),
  }));
}

/** Every combination of the draft's options with its row (a new one until the seller fills it). */
export function rowsOf(draft: VariantsDraft) {
  const options = optionsOf(draft);
  return combinationsOf(options).map((values) => ({
    key: keyOf(values),
    values,
    label: variantLabelOf(options, values),
    row: draft.rows[keyOf(values)] ?? NEW_ROW,
  }));
}

/** The `variants` of add product and of PUT /api/products/{id}; productVariantsSchema checks it on both sides. */
export function requestOf(draft: VariantsDraft): ProductVariantsRequest {
  return {
    options: optionsOf(draft),
    variants: rowsOf(draft)
      .filter(({ row }) => row.offered)
      .map(({ values, row }) => ({
        values,
        price: row.price.trim() === "" ? null : row.price.trim(),
        sku: row.sku.trim() || null,
        stockQty: row.stockQty.trim(),
      })),
  };
}

/** The first thing productVariantsSchema refuses in the draft (a message key), or undefined. */
export function draftError(draft: VariantsDraft): string | undefined {
  const parsed = productVariantsSchema.safeParse(requestOf(draft));
  return parsed.success ? undefined : parsed.error.issues[0]?.message;
}
