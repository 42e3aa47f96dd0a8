import { randomBytes } from "node:crypto";
import { and, asc, count, eq, getTableColumns, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { type DomainView, MAX_DOMAINS_PER_STORE } from "../../../shared/domains";
import { type DnsResolver, DnsUnavailableError } from "../../adapters/dns";
import type { Db } from "../../db/client";
import { primaryDomainSql } from "../../db/primary-domain";
import { storeDomains, stores } from "../../db/schema";
import { isUniqueViolation } from "../../lib/db-errors";
import type { OnCatalogueChange } from "../../lib/deps";
import type { StoreRow } from "../../lib/guards";
import { badRequest, conflict, HttpError } from "../../lib/http-error";
import { recordsToSet } from "./records";
import { type CheckOutcome, checkRecords } from "./verification";

export type DomainRow = typeof storeDomains.$inferSelect;

/** What the domain services run with: the database, the resolver, the worker's pace, the cache's bell. */
export interface DomainContext {
  db: Db;
  resolver: DnsResolver;
  /** How often a pending domain is read again (DOMAIN_CHECK_MINUTES; 0 = the worker is off). */
  checkMs: number;
  onCatalogueChange: OnCatalogueChange;
  log: FastifyBaseLogger;
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** A verified domain is read again about daily: ownership can be lost (the TXT record removed). */
export const VERIFIED_RECHECK_MS = DAY_MS;
/** A domain that has not verified within this long stops being read by itself ("Check now" still works). */
export const PENDING_GIVE_UP_MS = 7 * DAY_MS;
/** When the worker is off, the next check of a pending domain is still written, at this pace. */
const DEFAULT_PENDING_MS = 10 * 60 * 1000;

const pendingInterval = (ctx: Pick<DomainContext, "checkMs">) =>
  ctx.checkMs > 0 ? ctx.checkMs : DEFAULT_PENDING_MS;

/** The views of a store's domains, oldest first, the one its shop is served at marked `primary`. */
export function toViews(rows: readonly (DomainRow & { primary: boolean })[]): DomainView[] {
  return rows.map((row) => ({
    id: row.id,
    domain: row.domain,
    status: row.status as DomainView["status"],
    records: row.records,
    checkError: row.checkError,
    checkedAt: row.checkedAt?.toISOString() ?? null,
    verifiedAt: row.verifiedAt?.toISOString() ?? null,
    primary: row.primary,
  }));
}

export async function listDomainRows(db: Db, storeId: string) {
  return db
    .select({
      ...getTableColumns(storeDomains),
      // The rule of db/primary-domain.ts, the one the shop is served by. The store's column is written out
      // in full: Drizzle leaves the table off a column of a query without joins, and a bare "store_id"
      // would be the subquery's own.
      primary: sql<boolean>`coalesce(${storeDomains.domain} = ${primaryDomainSql(sql.raw('"store_domains"."store_id"'))}, false)`,
    })
    .from(storeDomains)
    .where(eq(storeDomains.storeId, storeId))
    .orderBy(asc(storeDomains.createdAt), asc(storeDomains.id));
}

export async function listDomains(db: Db, storeId: string): Promise<DomainView[]> {
  return toViews(await listDomainRows(db, storeId));
}

/** One domain's view, read with its store's others (whether it is the primary one depends on them). */
export async function domainView(db: Db, row: Pick<DomainRow, "id" | "storeId">): Promise<DomainView> {
  const view = (await listDomains(db, row.storeId)).find((entry) => entry.id === row.id);
  if (!view) throw new HttpError(404, "domainNotFound");
  return view;
}

/**
 * Whether `domain` is Torg's own: one of the platform's hosts (PUBLIC_URL's, the request's own,
 * ALLOWED_HOSTS) or a name under one of them, or loopback. Those answer as the platform, never a shop.
 */
export function isPlatformDomain(domain: string, platformHosts: readonly string[]): boolean {
  if (domain === "localhost" || domain.endsWith(".localhost")) return true;
  return platformHosts
    .map((host) =>
      host
        .toLowerCase()
        .replace(/^\[(.*)\]$/, "$1")
        .replace(/\.$/, ""),
    )
    .filter(Boolean)
    .some((host) => domain === host || domain.endsWith(`.${host}`));
}

/** 128 bits and more from the system's generator, url-safe: nobody can guess another seller's token. */
const newToken = () => randomBytes(24).toString("base64url");

/**
 * Adds a domain to a store (decision 0080): refused when it is Torg's own, held by any store, or the
 * store has its most; the records are worked out (an apex's addresses asked of DNS: 503 when they
 * cannot be, and nothing is saved), then it is checked once, so records set beforehand verify at once.
 */
export async function addDomain(
  ctx: DomainContext,
  store: StoreRow,
  domain: string,
  place: { targetHost: string; platformHosts: readonly string[] },
  now = new Date(),
): Promise<DomainView> {
  if (isPlatformDomain(domain, place.platformHosts)) throw badRequest("domainIsPlatform");
  const [held] = await ctx.db
    .select({ storeId: storeDomains.storeId })
    .from(storeDomains)
    .where(eq(storeDomains.domain, domain));
  if (held) throw conflict("domainTaken");
  const token = newToken();
  const records = await recordsToSet(ctx.resolver, domain, token, place.targetHost);
  let row: DomainRow | undefined;
  try {
    row = await ctx.db.transaction(async (tx) => {
      // The store row is the lock: two adds at once cannot both pass the count.
      await tx.select({ id: stores.id }).from(stores).where(eq(stores.id, store.id)).for("update");
      const [{ held: total } = { held: 0 }] = await tx
        .select({ held: count() })
        .from(storeDomains)
        .where(eq(storeDomains.storeId, store.id));
      if (total >= MAX_DOMAINS_PER_STORE) throw conflict("tooManyDomains", { max: MAX_DOMAINS_PER_STORE });
      const [inserted] = await tx
        .insert(storeDomains)
        .values({
          storeId: store.id,
          domain,
          token,
          targetHost: place.targetHost,
          records,
          status: "pending",
          nextCheckAt: new Date(now.getTime() + pendingInterval(ctx)),
        })
        .returning();
      return inserted;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict("domainTaken");
    throw error;
  }
  if (!row) throw new Error("the domain insert returned no row");
  try {
    await checkDomain(ctx, row, now);
  } catch (error) {
    // DNS not answering now: the domain waits, pending, for "Check now" or the worker.
    if (!(error instanceof DnsUnavailableError)) throw error;
    ctx.log.info({ domain, err: error }, "domain added; DNS did not answer its first check");
  }
  return domainView(ctx.db, row);
}

/** The domain with this id, if the user is a member of its store; else the same 404 as none at all. */
export async function findDomain(db: Db, id: string): Promise<DomainRow> {
  const [row] = await db.select().from(storeDomains).where(eq(storeDomains.id, id));
  if (!row) throw new HttpError(404, "domainNotFound");
  return row;
}

/**
 * Asks DNS about the domain now and saves what was found. Throws DnsUnavailableError (nothing saved)
 * when DNS could not tell. Verified ↔ not verified tells every server's page cache and host router.
 */
export async function checkDomain(ctx: DomainContext, row: DomainRow, now = new Date()): Promise<DomainRow> {
  const outcome = await checkRecords(ctx.resolver, row.domain, row.records);
  const next = nextState(ctx, row, outcome, now);
  const [saved] = await ctx.db.update(storeDomains).set(next).where(eq(storeDomains.id, row.id)).returning();
  if (!saved) return row; // removed meanwhile
  if ((row.status === "verified") !== (saved.status === "verified")) ctx.onCatalogueChange();
  return saved;
}

/**
 * What a check's outcome makes of a domain:
 * - found: verified (since its first verification), read again about daily;
 * - a verified domain whose TXT record is gone: failed, ownership is no longer proven; one whose
 *   CNAME/A now answers elsewhere stays verified (a proxy in front of it may answer its own addresses),
 *   with the finding shown;
 * - pending: read again every interval, failed once it has waited PENDING_GIVE_UP_MS;
 * - failed stays failed until a check finds the records.
 */
function nextState(
  ctx: Pick<DomainContext, "checkMs">,
  row: DomainRow,
  outcome: CheckOutcome,
  now: Date,
): Partial<DomainRow> {
  if (outcome.verified) {
    return {
      status: "verified",
      checkError: null,
      checkedAt: now,
      verifiedAt: row.status === "verified" && row.verifiedAt ? row.verifiedAt : now,
      nextCheckAt: new Date(now.getTime() + VERIFIED_RECHECK_MS),
    };
  }
  const checkError = `errors.${outcome.error}`;
  if (row.status === "verified") {
    if (outcome.error === "dnsVerifyRecordMissing") {
      return { status: "failed", checkError, checkedAt: now, verifiedAt: null, nextCheckAt: null };
    }
    return { checkError, checkedAt: now, nextCheckAt: new Date(now.getTime() + VERIFIED_RECHECK_MS) };
  }
  if (row.status === "pending" && now.getTime() - row.createdAt.getTime() < PENDING_GIVE_UP_MS) {
    return { checkError, checkedAt: now, nextCheckAt: new Date(now.getTime() + pendingInterval(ctx)) };
  }
  return { status: "failed", checkError, checkedAt: now, verifiedAt: null, nextCheckAt: null };
}

/** Removes a domain: its shop goes back to /s/{slug} (or to its other verified domain). */
export async function removeDomain(ctx: DomainContext, row: DomainRow): Promise<void> {
  const [removed] = await ctx.db
    .delete(storeDomains)
    .where(and(eq(storeDomains.id, row.id), eq(storeDomains.storeId, row.storeId)))
    .returning({ status: storeDomains.status });
  if (removed?.status === "verified") ctx.onCatalogueChange();
}

/** Whether a certificate may be had for `domain`: only a verified shop domain (Caddy's "ask"). */
export async function isVerifiedDomain(db: Db, domain: string): Promise<boolean> {
  const [row] = await db
    .select({ id: storeDomains.id })
    .from(storeDomains)
    .where(and(eq(storeDomains.domain, domain), eq(storeDomains.status, "verified")));
  return Boolean(row);
}
