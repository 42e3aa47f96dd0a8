import { and, eq, inArray, isNull } from "drizzle-orm";
import { toOre } from "../../../shared/money";
import { isGiftCardLine, type OrderLineInput } from "../../../shared/order";
import { parcelWeightGrams } from "../../../shared/shipping";
import type { Parcel } from "../../adapters/carriers";
import type { DbOrTx } from "../../db/client";
import { products, productVariants, stores } from "../../db/schema";
import { badRequest, notFound } from "../../lib/http-error";

/** What the carrier is asked about a cart: its parcel, and what its lines add up to (for free delivery). */
export interface CartParcel {
  parcel: Parcel;
  /** The product lines at their current prices, in øre, before any code: free-above is shown from it. */
  linesOre: number;
  /** No product line (gift cards only): nothing to send. */
  empty: boolean;
}

/**
 * The cart's one parcel: its weight from each product's own (or the store's default weight, through
 * parcelWeightGrams), and a single item's size when the seller gave it (several items are packed
 * together in a box of unknown size, so the weight alone is asked). A product of another store, gone
 * or inactive makes the cart unreadable: the checkout will refuse it anyway.
 */
export async function readCartParcel(
  db: DbOrTx,
  storeId: string,
  items: readonly OrderLineInput[],
  defaultWeightGrams: number,
): Promise<CartParcel> {
  const [store] = await db
    .select({ id: stores.id })
    .from(stores)
    .where(and(eq(stores.id, storeId), isNull(stores.deletedAt)));
  if (!store) throw notFound("storeNotFound");
  const lines = items.flatMap((item) => (isGiftCardLine(item) ? [] : [item]));
  if (lines.length === 0) return { parcel: { weightGrams: 0 }, linesOre: 0, empty: true };
  const productIds = [...new Set(lines.map((line) => line.productId))];
  const variantIds = [...new Set(lines.flatMap((line) => (line.variantId ? [line.variantId] : [])))];
  const [productRows, variantRows] = await Promise.all([
    db
      .select({
        id: products.id,
        storeId: products.storeId,
        isActive: products.isActive,
        basePrice: products.basePrice,
        weightGrams: products.weightGrams,
        lengthCm: products.lengthCm,
        widthCm: products.widthCm,
        heightCm: products.heightCm,
      })
      .from(products)
      .where(inArray(products.id, productIds)),
    variantIds.length === 0
      ? Promise.resolve([])
      : db
          .select({
            id: productVariants.id,
            productId: productVariants.productId,
            price: productVariants.price,
          })
          .from(productVariants)
          .where(inArray(productVariants.id, variantIds)),
  ]);
  const productById = new Map(productRows.map((row) => [row.id, row]));
  const variantById = new Map(variantRows.map((row) => [row.id, row]));
  let linesOre = 0;
  const weighed: { qty: number; weightGrams: number | null }[] = [];
  for (const line of lines) {
    const product = productById.get(line.productId);
    if (!product || product.storeId !== storeId || !product.isActive) throw badRequest("shippingCartInvalid");
    const variant = line.variantId ? variantById.get(line.variantId) : undefined;
    if (line.variantId && variant?.productId !== product.id) throw badRequest("shippingCartInvalid");
    linesOre += toOre(variant?.price ?? product.basePrice) * line.qty;
    weighed.push({ qty: line.qty, weightGrams: product.weightGrams });
  }
  const parcel: Parcel = { weightGrams: parcelWeightGrams(weighed, defaultWeightGrams) };
  const only = lines.length === 1 && lines[0]?.qty === 1 ? productById.get(lines[0].productId) : undefined;
  if (only?.lengthCm && only.widthCm && only.heightCm) {
    Object.assign(parcel, { lengthCm: only.lengthCm, widthCm: only.widthCm, heightCm: only.heightCm });
  }
  return { parcel, linesOre, empty: false };
}
