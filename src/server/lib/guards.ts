import { verify } from "@node-rs/argon2";
import { and, asc, eq, isNull } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { Config } from "../config";
import type { Db, DbOrTx } from "../db/client";
import { storeMembers, stores, type users } from "../db/schema";
import { HttpError, notFound, unauthorized } from "./http-error";
import { hitRateLimit, quotaExceeded, releaseRateLimit } from "./rate-limit";

/**
 * The access checks routes start with, in one place (decision 0075): who is signed in, whose store it
 * is, which stores are theirs, whose address is proven, the current password and its throttle. They
 * read only the request, the configuration and the tables, so every module may use them without
 * reaching into auth or stores.
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

/** Ids of every live store the user may manage; platform admins are not special here ("Your Stores"). */
export async function memberStoreIds(db: DbOrTx, userId: string): Promise<string[]> {
  const rows = await db
    .select({ id: stores.id })
    .from(stores)
    .innerJoin(storeMembers, and(eq(storeMembers.storeId, stores.id), eq(storeMembers.userId, userId)))
    .where(isNull(stores.deletedAt))
    .orderBy(asc(stores.createdAt));
  return rows.map((row) => row.id);
}

/**
 * Every attempt to prove the current password while signed in (a new password, a new email) is counted
 * per account and per client address before the check, so a stolen session cannot guess the password
 * (or probe which emails have accounts) at speed; a success gives the attempt back.
 */
export async function throttleAccountChange(
  db: Db,
  config: Pick<Config, "loginMaxAttempts" | "loginWindowMs">,
  userId: string,
  clientIp: string,
) {
  const keys = [`account-change:user:${userId}`, `account-change:ip:${clientIp}`] as const;
  const [byUser, byIp] = await Promise.all([
    hitRateLimit(db, keys[0], config.loginMaxAttempts, config.loginWindowMs),
    hitRateLimit(db, keys[1], config.loginMaxAttempts * 5, config.loginWindowMs),
  ]);
  if (!byUser.allowed || !byIp.allowed) {
    throw quotaExceeded(
      "tooManyAccountChanges",
      Math.max(byUser.allowed ? 0 : byUser.retryAfterMs, byIp.allowed ? 0 : byIp.retryAfterMs),
    );
  }
  return { succeeded: () => Promise.all(keys.map((key) => releaseRateLimit(db, key))) };
}

export async function requireCurrentPassword(user: Pick<User, "passwordHash">, password: string | undefined) {
  if (!password || !(await verify(user.passwordHash, password)))
    throw new HttpError(400, "currentPasswordWrong");
}
