import { and, eq, isNull } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { storeMembers, stores, type users } from "../../db/schema";
import { notFound } from "../../lib/http-error";

type User = typeof users.$inferSelect;
export type StoreRow = typeof stores.$inferSelect;

/**
 * The one authorization check for store-scoped routes (decision 0004): the store exists, is not deleted, and the
 * user is one of its members or a platform admin. Anything else is a 404, as if it did not exist.
 */
export async function requireStoreMember(db: DbOrTx, user: User, storeId: string): Promise<StoreRow> {
  if (!isUuid(storeId)) throw notFound("storeNotFound");
  const live = and(eq(stores.id, storeId), isNull(stores.deletedAt));
  const [row] = user.isAdmin
    ? await db.select().from(stores).where(live)
    : await db
        .select({ store: stores })
        .from(stores)
        .innerJoin(storeMembers, and(eq(storeMembers.storeId, stores.id), eq(storeMembers.userId, user.id)))
        .where(live)
        .then((rows) => rows.map((r) => r.store));
  if (!row) throw notFound("storeNotFound");
  return row;
}

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids in URLs are checked before they reach SQL, so a malformed one is a 404 rather than a database error. */
export function isUuid(value: string): boolean {
  return UUID_PATTERN.test(value);
}
