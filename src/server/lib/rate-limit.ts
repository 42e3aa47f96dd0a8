import { type SQL, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { ErrorKey } from "../../shared/i18n";
import type { DbOrTx } from "../db/client";
import { rateLimits } from "../db/schema";
import { HttpError } from "./http-error";
import { isPrivateAddress } from "./private-address";

export const HOUR_MS = 60 * 60 * 1000;

export interface RateLimitResult {
  allowed: boolean;
  count: number;
  retryAfterMs: number;
}

/**
 * A fixed-window counter kept in the database, so every app server sees the same count (decision 0016).
 * One upsert both opens a new window when the old one ran out and counts this hit.
 */
export async function hitRateLimit(
  db: DbOrTx,
  key: string,
  limit: number,
  windowMs: number,
): Promise<RateLimitResult> {
  const resetAt = new Date(Date.now() + windowMs);
  const [row] = await db
    .insert(rateLimits)
    .values({ key, count: 1, resetAt })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.resetAt} <= now() then 1 else ${rateLimits.count} + 1 end`,
        resetAt: sql`case when ${rateLimits.resetAt} <= now() then ${resetAt.toISOString()}::timestamptz else ${rateLimits.resetAt} end`,
      },
    })
    .returning({ count: rateLimits.count, resetAt: rateLimits.resetAt });
  if (!row) throw new Error("rate limit upsert returned no row");
  return {
    allowed: row.count <= limit,
    count: row.count,
    retryAfterMs: Math.max(0, row.resetAt.getTime() - Date.now()),
  };
}

interface Quota {
  key: string;
  limit: number;
  windowMs: number;
  /** The refusal's message; it gets `{{minutes}}`, the wait rounded up. */
  messageKey: ErrorKey;
  /** How many units this request uses (an analysis of five photos uses five). */
  units?: number;
  /** For a quota counted per client address: that client, so a refusal can tell a proxy from a shopper. */
  address?: { ip: string; log: FastifyBaseLogger; trustProxy: boolean };
}

/** The 429 of a quota: its message with the minutes to wait, and Retry-After in seconds. */
export function quotaExceeded(messageKey: ErrorKey, retryAfterMs: number): HttpError {
  const minutes = Math.max(1, Math.ceil(retryAfterMs / 60_000));
  return new HttpError(
    429,
    messageKey,
    { minutes },
    { "retry-after": String(Math.ceil(retryAfterMs / 1000)) },
  );
}

/** Counts the request against its quota, or refuses it with quotaExceeded. */
export async function enforceQuota(
  db: DbOrTx,
  { key, limit, windowMs, messageKey, units = 1, address }: Quota,
) {
  let state = await hitRateLimit(db, key, limit, windowMs);
  for (let n = 1; n < units && state.allowed; n++) state = await hitRateLimit(db, key, limit, windowMs);
  if (state.allowed) return;
  // Behind a proxy that is not trusted, every client has the proxy's address and shares one quota.
  if (address && !address.trustProxy && isPrivateAddress(address.ip)) {
    address.log.warn(
      { ip: address.ip, quota: key },
      "a private address reached its quota: if Torg runs behind a proxy, set TRUST_PROXY=true",
    );
  }
  throw quotaExceeded(messageKey, state.retryAfterMs);
}

/** Gives one counted attempt back (it turned out to be a legitimate one). */
export async function releaseRateLimit(db: DbOrTx, key: string): Promise<void> {
  await db
    .update(rateLimits)
    .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
    .where(sql`${rateLimits.key} = ${key}`);
}

export async function clearRateLimit(db: DbOrTx, key: string): Promise<void> {
  await db.delete(rateLimits).where(sql`${rateLimits.key} = ${key}`);
}

interface Pacing {
  /** Attempts that never wait. */
  freeAttempts: number;
  /** The wait after the first paced attempt; it doubles with each further one. */
  baseDelayMs: number;
  /** The longest wait: what an attacker can cost a legitimate user at most. */
  maxDelayMs: number;
  /** A run of attempts is forgotten once the key has been quiet this long. */
  forgetAfterMs: number;
}

/**
 * Paces attempts on a key instead of locking it: after `freeAttempts`, each further attempt must wait a
 * growing time (base, 2×base, 4×base… up to `maxDelayMs`) after the one before. Claiming an attempt is
 * one atomic upsert (the row's reset_at is when the next attempt may come), so attempts sent at the same
 * moment from many servers are taken one at a time; the database's clock is the only clock used.
 */
export async function claimPacedAttempt(
  db: DbOrTx,
  key: string,
  { freeAttempts, baseDelayMs, maxDelayMs, forgetAfterMs }: Pacing,
): Promise<{ allowed: boolean; retryAfterMs: number }> {
  const forget = sql`now() - ${forgetAfterMs}::double precision * interval '1 millisecond'`;
  const next = sql`case when ${rateLimits.resetAt} <= ${forget} then 1 else ${rateLimits.count} + 1 end`;
  const waitAfter = (count: SQL) =>
    sql`now() + case when ${count} < ${freeAttempts}::int then 0
      else least(${maxDelayMs}::double precision,
        ${baseDelayMs}::double precision * power(2::double precision, least(${count} - ${freeAttempts}::int, 30)))
      end * interval '1 millisecond'`;
  const claimed = await db
    .insert(rateLimits)
    .values({ key, count: 1, resetAt: waitAfter(sql`1`) })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: { count: next, resetAt: waitAfter(next) },
      // Below the free attempts there is no wait to respect (and no clock to compare).
      setWhere: sql`${rateLimits.count} < ${freeAttempts}::int or ${rateLimits.resetAt} <= now()`,
    })
    .returning({ count: rateLimits.count });
  if (claimed.length > 0) return { allowed: true, retryAfterMs: 0 };
  const [row] = await db
    .select({
      waitMs: sql<number>`greatest(0, extract(epoch from ${rateLimits.resetAt} - now()) * 1000)`.mapWith(
        Number,
      ),
    })
    .from(rateLimits)
    .where(sql`${rateLimits.key} = ${key}`);
  return { allowed: false, retryAfterMs: Math.ceil(row?.waitMs ?? 0) };
}

/**
 * Deletes rows that ended a day ago or more (housekeeping): a fixed window's next hit starts from 1
 * anyway, and a paced key (claimPacedAttempt) is forgotten well within a day, so nothing still counting
 * is lost; the day's margin keeps a paced run that is only quiet for a moment.
 */
export async function deleteEndedRateLimits(db: DbOrTx): Promise<void> {
  await db.delete(rateLimits).where(sql`${rateLimits.resetAt} <= now() - interval '1 day'`);
}
