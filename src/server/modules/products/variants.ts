import { asc, eq, inArray } from "drizzle-orm";
import type { ProductOption, ProductVariantsInput, ProductVariantView } from "../../../shared/variants";
import { variantLabelOf } from "../../../shared/variants";
import type { Db, DbOrTx } from "../../db/client";
import { products, productVariants } from "../../db/schema";
import type { OnCatalogueChange } from "../../lib/deps";
import { notFound } from "../../lib/http-error";
import { nextVersion } from "../../lib/versioning";
import { type ProductRow, productColumns } from "./columns";
import { stockOf, toVariantView } from "./view";

// A variant's view and a product's stock are defined with the product's view (decision 0074).
export { stockOf, toVariantView };

/** The variants of these products, in the seller's order, by product id. */
export async function loadVariants(db: Db, rows: Pick<ProductRow, "id" | "basePrice">[]) {
  const byProduct = new Map<string, ProductVariantView[]>();
  if (rows.length === 0) return byProduct;
  const basePrices = new Map(rows.map((row) => [row.id, row.basePrice]));
  const variants = await db
    .select()
    .from(productVariants)
    .where(inArray(productVariants.productId, [...basePrices.keys()]))
    .orderBy(asc(productVariants.position), asc(productVariants.id));
  for (const variant of variants) {
    const list = byProduct.get(variant.productId) ?? [];
    list.push(toVariantView(variant, basePrices.get(variant.productId) ?? "0"));
    byProduct.set(variant.productId, list);
  }
  return byProduct;
}

/**
 * Replaces the product's options and variants. A combination that stays keeps its variant (and id), so
 * carts holding it still check out; one that goes is deleted (order items keep their label, decision 0032).
 * The product row is locked first, as the checkout statement locks it, then its variants.
 */
export async function replaceVariants(db: Db, productId: string, input: ProductVariantsInput) {
  await db.transaction((tx) => replaceVariantsIn(tx, productId, input));
}

/** replaceVariants inside the caller's transaction: add product saves a new product's variants with it. */
export async function replaceVariantsIn(tx: DbOrTx, productId: string, input: ProductVariantsInput) {
  const options: ProductOption[] = input.options;
  const [product] = await tx
    .update(products)
    .set({ options, updatedAt: nextVersion(products.updatedAt) })
    .where(eq(products.id, productId))
    .returning({ id: products.id });
  if (!product) throw notFound("productNotFound");
  const existing = await tx
    .select()
    .from(productVariants)
    .where(eq(productVariants.productId, productId))
    .orderBy(asc(productVariants.id))
    .for("update");
  const byValues = new Map(existing.map((row) => [JSON.stringify(row.optionValues), row]));
  const kept: string[] = [];
  for (const [position, variant] of input.variants.entries()) {
    const fields = {
      label: variantLabelOf(options, variant.values),
      optionValues: variant.values,
      price: variant.price ?? null,
      sku: variant.sku,
      stockQty: variant.stockQty,
      position,
    };
    const same = byValues.get(JSON.stringify(variant.values));
    if (same) {
      kept.push(same.id);
      await tx.update(productVariants).set(fields).where(eq(productVariants.id, same.id));
    } else {
      await tx.insert(productVariants).values({ productId, ...fields });
    }
  }
  const gone = existing.filter((row) => !kept.includes(row.id)).map((row) => row.id);
  if (gone.length > 0) await tx.delete(productVariants).where(inArray(productVariants.id, gone));
}

/**
 * Replaces the options and variants and answers what the product's views now carry of them; the shop
 * shows them at once (decision 0031).
 */
export async function saveVariants(
  db: Db,
  productId: string,
  input: ProductVariantsInput,
  onCatalogueChange: OnCatalogueChange,
) {
  await replaceVariants(db, productId, input);
  onCatalogueChange();
  const [product] = await db.select(productColumns).from(products).where(eq(products.id, productId));
  if (!product) throw notFound("productNotFound");
  const variants = (await loadVariants(db, [product])).get(productId) ?? [];
  return {
    productId,
    options: product.options,
    variants,
    ...stockOf(product, variants),
    updatedAt: product.updatedAt.toISOString(),
  };
}
