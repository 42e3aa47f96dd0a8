import { and, eq, isNull } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { Config } from "../config";
import type { DbOrTx } from "../db/client";
import { storeMembers, stores, type users } from "../db/schema";
import { HttpError, notFound, unauthorized } from "./http-error";

/**
 * The access checks routes start with, in one place (decision 0076): who is signed in, whose store it
 * is, whose address is proven. They read only the request and the tables, so every module may use them
 * without reaching into auth or stores.
 */

type User = typeof users.$inferSelect;
export type StoreRow = typeof stores.$inferSelect;

/** The signed-in user, or a 401. Every route that needs an account starts with this. */
export function requireUser(request: FastifyRequest) {
  if (!request.user) throw unauthorized();
  return request.user;
}

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

/**
 * What needs a proven address (decision 0065) asks for it: a 403 with a message saying to confirm the
 * address first.
 */
export function requireVerifiedEmail(user: Pick<User, "emailVerifiedAt">) {
  if (!user.emailVerifiedAt) throw new HttpError(403, "emailNotVerified");
}

/**
 * On an install whose sign-ups are allow-listed, an account has a seller's rights (a store) only once its
 * address is proven: anyone can type an allow-listed address at sign-up (decision 0065).
 */
export function requireAllowlistProof(
  user: Pick<User, "emailVerifiedAt">,
  config: Pick<Config, "signupAllowlist">,
) {
  if (config.signupAllowlist.length > 0) requireVerifiedEmail(user);
}
