import { and, count, desc, eq, inArray, isNull, type SQL } from "drizzle-orm";
import type { AdminPage, AdminStoreRow, EmailLogRow } from "../../../shared/admin";
import type { Db } from "../../db/client";
import { aiLogs, emailLog, products, stores, type users } from "../../db/schema";
import { memberStoreIds } from "../../lib/guards";
import { countRows, paged } from "../../lib/paging";
import { aiLogScope } from "../ai";
import { countOrders, listOrders } from "../orders";
import { countProducts, loadProductViews } from "../products";

type User = typeof users.$inferSelect;

export interface PageRequest {
  limit: number;
  offset: number;
}

/** A seller without a store sees no store-bound rows at all. */
const NOTHING: AdminPage<never> = { items: [], total: 0 };

/** The stores whose rows a user sees on /admin (decision 0004): every live store for a platform admin, else their own. */
async function visibleStoreIds(db: Db, user: User): Promise<string[] | "all"> {
  return user.isAdmin ? "all" : memberStoreIds(db, user.id);
}

const ownsNothing = (storeIds: string[] | "all") => storeIds !== "all" && storeIds.length === 0;

export async function adminStores(db: Db, user: User, page: PageRequest): Promise<AdminPage<AdminStoreRow>> {
  const storeIds = await visibleStoreIds(db, user);
  if (ownsNothing(storeIds)) return NOTHING;
  const where = and(isNull(stores.deletedAt), storeIds === "all" ? undefined : inArray(stores.id, storeIds));
  const rows = db
    .select({
      id: stores.id,
      name: stores.name,
      slug: stores.slug,
      createdAt: stores.createdAt,
      // decision 0010: the real number of the store's products, inactive ones included.
      productCount: count(products.id),
    })
    .from(stores)
    .leftJoin(products, eq(products.storeId, stores.id))
    .where(where)
    .groupBy(stores.id)
    .orderBy(desc(stores.createdAt), desc(stores.id))
    .limit(page.limit)
    .offset(page.offset)
    .then((found) => found.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })));
  return paged(rows, countRows(db.select({ total: count() }).from(stores).where(where)));
}

export async function adminProducts(db: Db, user: User, page: PageRequest) {
  const storeIds = await visibleStoreIds(db, user);
  if (ownsNothing(storeIds)) return NOTHING;
  const scope: SQL | undefined = storeIds === "all" ? undefined : inArray(products.storeId, storeIds);
  return paged(loadProductViews(db, scope, page), countProducts(db, scope));
}

export async function adminOrders(db: Db, user: User, page: PageRequest) {
  const storeIds = await visibleStoreIds(db, user);
  return paged(listOrders(db, { storeIds, ...page }), countOrders(db, { storeIds }));
}

export async function adminAiLogs(db: Db, user: User, page: PageRequest) {
  const scope = await aiLogScope(db, user);
  return paged(
    db
      .select()
      .from(aiLogs)
      .where(scope)
      .orderBy(desc(aiLogs.createdAt), desc(aiLogs.id))
      .limit(page.limit)
      .offset(page.offset),
    countRows(db.select({ total: count() }).from(aiLogs).where(scope)),
  );
}

/** The e-mail log of the user's stores (every store's for a platform admin), newest first (decision 0037). */
export async function adminEmailLogs(db: Db, user: User, page: PageRequest): Promise<AdminPage<EmailLogRow>> {
  const storeIds = await visibleStoreIds(db, user);
  if (ownsNothing(storeIds)) return NOTHING;
  const scope = storeIds === "all" ? undefined : inArray(emailLog.storeId, storeIds);
  const rows = db
    .select()
    .from(emailLog)
    .where(scope)
    .orderBy(desc(emailLog.createdAt), desc(emailLog.id))
    .limit(page.limit)
    .offset(page.offset)
    .then((found) =>
      found.map(({ createdAt, sentAt: _sentAt, outboxId: _outboxId, status, ...row }) => ({
        ...row,
        status: status as EmailLogRow["status"],
        createdAt: createdAt.toISOString(),
      })),
    );
  return paged(rows, countRows(db.select({ total: count() }).from(emailLog).where(scope)));
}
