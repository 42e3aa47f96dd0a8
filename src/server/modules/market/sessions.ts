import { and, desc, eq, isNull, sql } from "drizzle-orm";
import type { MarketSessionView } from "../../../shared/market";
import type { DbOrTx } from "../../db/client";
import { marketSessions, type users } from "../../db/schema";
import { isUuid, requireStoreMember } from "../../lib/guards";
import { conflict, HttpError, notFound } from "../../lib/http-error";

type User = typeof users.$inferSelect;
export type MarketSessionRow = typeof marketSessions.$inferSelect;

/**
 * Markets (decision 0077): a named selling session with the cash the till starts with, closed with the
 * cash counted. A store has at most one open market: a second "open" while one is open is a 409 naming
 * it, so two phones at one stall cannot split the till in two without the seller knowing.
 */

export function toMarketSessionView(row: MarketSessionRow): MarketSessionView {
  return {
    id: row.id,
    name: row.name,
    openingCash: row.openingCash,
    countedCash: row.countedCash,
    openedAt: row.openedAt.toISOString(),
    closedAt: row.closedAt?.toISOString() ?? null,
  };
}

/** A store's markets: the open one first, then the newest first. */
export async function listMarketSessions(
  db: DbOrTx,
  storeId: string,
  limit = 100,
): Promise<MarketSessionView[]> {
  const rows = await db
    .select()
    .from(marketSessions)
    .where(eq(marketSessions.storeId, storeId))
    .orderBy(
      sql`${marketSessions.closedAt} is null desc`,
      desc(marketSessions.openedAt),
      desc(marketSessions.id),
    )
    .limit(limit);
  return rows.map(toMarketSessionView);
}

/**
 * Opens a market. The store's row is locked first, so two opens at once queue and the second sees the
 * first: at most one open market per store without a unique index the schema does not have.
 */
export async function openMarketSession(
  db: DbOrTx,
  storeId: string,
  input: { name: string; openingCash: string },
): Promise<MarketSessionView> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select id from stores where id = ${storeId}::uuid for no key update`);
    const [open] = await tx
      .select({ name: marketSessions.name })
      .from(marketSessions)
      .where(and(eq(marketSessions.storeId, storeId), isNull(marketSessions.closedAt)))
      .limit(1);
    if (open) throw conflict("marketAlreadyOpen", { name: open.name });
    const [row] = await tx
      .insert(marketSessions)
      .values({ storeId, name: input.name, openingCash: input.openingCash })
      .returning();
    if (!row) throw new Error("market session not written");
    return toMarketSessionView(row);
  });
}

/** The market named in a URL, if the user may manage its store; another seller's market is a 404. */
export async function requireMarketSessionOfMember(
  db: DbOrTx,
  user: User,
  id: string,
): Promise<MarketSessionRow> {
  if (!isUuid(id)) throw notFound("marketSessionNotFound");
  const [row] = await db.select().from(marketSessions).where(eq(marketSessions.id, id));
  if (!row) throw notFound("marketSessionNotFound");
  await requireStoreMember(db, user, row.storeId).catch((error: unknown) => {
    throw error instanceof HttpError && error.statusCode === 404 ? notFound("marketSessionNotFound") : error;
  });
  return row;
}

/** A market of the store, for the day report; a market of another store is a 404. */
export async function marketSessionOfStore(
  db: DbOrTx,
  storeId: string,
  id: string,
): Promise<MarketSessionRow> {
  const [row] = await db
    .select()
    .from(marketSessions)
    .where(and(eq(marketSessions.id, id), eq(marketSessions.storeId, storeId)));
  if (!row) throw notFound("marketSessionNotFound");
  return row;
}

/** Closes a market with the cash counted; once: a closed market is a 409 and keeps its first count. */
export async function closeMarketSession(
  db: DbOrTx,
  id: string,
  countedCash: string,
): Promise<MarketSessionView> {
  const [row] = await db
    .update(marketSessions)
    .set({ countedCash, closedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(marketSessions.id, id), isNull(marketSessions.closedAt)))
    .returning();
  if (!row) throw conflict("marketAlreadyClosed");
  return toMarketSessionView(row);
}
