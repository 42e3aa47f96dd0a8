import type { Db } from "../../db/client";
import type { users } from "../../db/schema";
import { isUuid, requireStoreMember } from "../../lib/guards";
import { notFound } from "../../lib/http-error";
import { findProduct } from "./queries";

/** A product of one of the user's stores; anyone else's is a 404, as if it did not exist (decision 0004). */
export async function memberProduct(db: Db, user: typeof users.$inferSelect, productId: string) {
  if (!isUuid(productId)) throw notFound("productNotFound");
  const product = await findProduct(db, productId);
  await requireStoreMember(db, user, product.storeId).catch(() => {
    throw notFound("productNotFound");
  });
  return product;
}
