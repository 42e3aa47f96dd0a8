import { quickProductSchema, quickStoreDetailsSchema } from "../../../shared/quickstore";
import type { z } from "../../../shared/zod";
import type { DraftProduct, QuickCreateDraft, StoreDraft } from "./draft";
import { storeDetails } from "./save-request";

/** The draft checked by the same schemas the server parses it with; messages are i18n keys. */

export type FieldErrors<K extends string> = Partial<Record<K, string>>;
export type ProductErrors = FieldErrors<"title" | "description" | "price" | "stockQty">;
export type StoreErrors = FieldErrors<"name" | "qrCode" | "seoTitle" | "seoDescription">;

function issuesByField<K extends string>(issues: z.core.$ZodIssue[], fields: readonly K[]): FieldErrors<K> {
  const errors: FieldErrors<K> = {};
  for (const issue of issues) {
    const field = issue.path[0];
    if (typeof field === "string" && (fields as readonly string[]).includes(field) && !errors[field as K]) {
      errors[field as K] = issue.message;
    }
  }
  return errors;
}

const PRODUCT_FIELDS = ["title", "description", "price", "stockQty"] as const;
const STORE_FIELDS = ["name", "qrCode", "seoTitle", "seoDescription"] as const;

/** Spec 5's quick-create rules for one product; messages are i18n keys. */
export function validateProduct(
  product: Pick<DraftProduct, "title" | "description" | "price" | "stockQty">,
): ProductErrors {
  const result = quickProductSchema
    .pick({ title: true, description: true, price: true, stockQty: true })
    .safeParse({
      title: product.title,
      description: product.description,
      price: product.price,
      stockQty: product.stockQty,
    });
  return result.success ? {} : issuesByField(result.error.issues, PRODUCT_FIELDS);
}

export function validateStore(store: StoreDraft): StoreErrors {
  const result = quickStoreDetailsSchema.safeParse(storeDetails(store, "single"));
  return result.success ? {} : issuesByField(result.error.issues, STORE_FIELDS);
}

export interface DraftErrors {
  store: StoreErrors;
  products: Record<string, ProductErrors>;
  count: number;
}

export function validateDraft(draft: Pick<QuickCreateDraft, "products" | "store">): DraftErrors {
  const store = validateStore(draft.store);
  const products: Record<string, ProductErrors> = {};
  let count = Object.keys(store).length;
  for (const product of draft.products) {
    const errors = validateProduct(product);
    const found = Object.keys(errors).length;
    if (found) products[product.id] = errors;
    count += found;
  }
  return { store, products, count };
}
