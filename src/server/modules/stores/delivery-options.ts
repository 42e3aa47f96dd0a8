import { and, asc, eq, inArray, notInArray } from "drizzle-orm";
import type { DeliveryKind, DeliveryOptionInput, DeliveryOptionView } from "../../../shared/delivery";
import type { Db, DbOrTx } from "../../db/client";
import { deliveryOptions } from "../../db/schema";
import type { OnCatalogueChange } from "../../lib/deps";
import { badRequest } from "../../lib/http-error";

type DeliveryOptionRow = typeof deliveryOptions.$inferSelect;

function toView(row: DeliveryOptionRow): DeliveryOptionView {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind as DeliveryKind,
    price: row.price,
    freeAbove: row.freeAbove,
    note: row.note,
  };
}

/** A store's delivery options in the order the seller listed them (what checkout offers). */
export async function listDeliveryOptions(db: DbOrTx, storeId: string): Promise<DeliveryOptionView[]> {
  const rows = await db
    .select()
    .from(deliveryOptions)
    .where(eq(deliveryOptions.storeId, storeId))
    .orderBy(asc(deliveryOptions.position), asc(deliveryOptions.id));
  return rows.map(toView);
}

/**
 * Replaces the store's list in one transaction: an option sent with its id is updated in place, one
 * without is new, one left out is removed (past orders keep their own copy, decision 0036). An id that
 * is not one of this store's options is refused, so nobody edits another store's option through theirs.
 * The storefront's checkout and terms page show them at once (decision 0031).
 */
export async function replaceDeliveryOptions(
  db: Db,
  storeId: string,
  input: DeliveryOptionInput[],
  onCatalogueChange: OnCatalogueChange,
): Promise<DeliveryOptionView[]> {
  const options = await db.transaction(async (tx) => {
    const givenIds = input.flatMap((option) => (option.id ? [option.id] : []));
    if (new Set(givenIds).size !== givenIds.length) throw badRequest("deliveryOptionInvalid");
    if (givenIds.length > 0) {
      const owned = await tx
        .select({ id: deliveryOptions.id })
        .from(deliveryOptions)
        .where(and(eq(deliveryOptions.storeId, storeId), inArray(deliveryOptions.id, givenIds)))
        .for("update");
      if (owned.length !== givenIds.length) throw badRequest("deliveryOptionInvalid");
    }
    await tx
      .delete(deliveryOptions)
      .where(
        givenIds.length > 0
          ? and(eq(deliveryOptions.storeId, storeId), notInArray(deliveryOptions.id, givenIds))
          : eq(deliveryOptions.storeId, storeId),
      );
    for (const [position, option] of input.entries()) {
      const values = {
        name: option.name,
        kind: option.kind,
        price: option.price,
        freeAbove: option.freeAbove ?? null,
        note: option.note || null,
        position,
      };
      if (option.id) {
        await tx.update(deliveryOptions).set(values).where(eq(deliveryOptions.id, option.id));
      } else {
        await tx.insert(deliveryOptions).values({ ...values, storeId });
      }
    }
    return listDeliveryOptions(tx, storeId);
  });
  onCatalogueChange();
  return options;
}
