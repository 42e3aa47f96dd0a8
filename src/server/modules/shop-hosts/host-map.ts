import { and, eq, isNull } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/client";
import { primaryDomainSql } from "../../db/primary-domain";
import { storeDomains, stores } from "../../db/schema";
import type { ShopDomain } from "../../lib/origin";

/** A miss for an unknown host reads the domains again at most this often: a stranger's names cost little. */
export const MISS_REFRESH_MS = 1000;

/**
 * Which store each verified domain serves (decision 0080), held in memory: Fastify's `rewriteUrl` is
 * synchronous and runs on every request, so it cannot ask the database. A snapshot of every verified
 * domain, read when the app is ready, again whenever the catalogue changes on any app server (a domain
 * verified or removed calls `onCatalogueChange`, which every server hears), and on a miss for a host
 * that is neither the platform's nor known, at most once a second.
 */
export class HostMap {
  private byHost = new Map<string, ShopDomain>();
  private bySlug = new Map<string, ShopDomain>();
  private byStore = new Map<string, ShopDomain>();
  private reading: Promise<void> | undefined;
  private again = false;
  private lastMissRead = 0;

  constructor(
    private readonly db: Db,
    private readonly log: Pick<FastifyBaseLogger, "warn">,
    private readonly now: () => number = Date.now,
  ) {}

  /** The store a host serves ("keramikkari.no", "keramikkari.no:3000", "KERAMIKKARI.NO."), if verified. */
  lookup(host: string): ShopDomain | undefined {
    return this.byHost.get(hostnameOf(host));
  }

  /** The primary domain's entry of a store with one, by its slug. */
  ofSlug(slug: string): ShopDomain | undefined {
    return this.bySlug.get(slug.toLowerCase());
  }

  /** The primary domain's entry of a store with one, by its id. */
  ofStore(storeId: string): ShopDomain | undefined {
    return this.byStore.get(storeId);
  }

  /** Whether any store has a domain: the platform's product pages ask the database only then. */
  get isEmpty(): boolean {
    return this.byHost.size === 0;
  }

  /**
   * Reads the verified domains again. A call while a read runs waits for one more read after it, so a
   * change committed during a read is never missed.
   */
  refresh(): Promise<void> {
    if (this.reading) {
      this.again = true;
      return this.reading;
    }
    this.reading = (async () => {
      try {
        do {
          this.again = false;
          await this.read();
        } while (this.again);
      } finally {
        this.reading = undefined;
      }
    })();
    return this.reading;
  }

  /** Refreshes in the background (a catalogue change): a failed read keeps the last snapshot. */
  refreshSoon(): void {
    this.refresh().catch((error: Error) =>
      this.log.warn({ err: error }, "Could not read the shops' own domains; keeping the last ones"),
    );
  }

  /**
   * A host nobody knows: read the domains again, unless that was done within the last second (another
   * server may have verified it since the last change this one heard of). True when the host is now known.
   */
  async learn(host: string): Promise<boolean> {
    const now = this.now();
    if (now - this.lastMissRead < MISS_REFRESH_MS) return false;
    this.lastMissRead = now;
    await this.refresh();
    return this.lookup(host) !== undefined;
  }

  /** The next miss may read at once: for a test that stands in for another server without waiting a second. */
  forgetLastMiss(): void {
    this.lastMissRead = 0;
  }

  private async read(): Promise<void> {
    const rows = await this.db
      .select({
        domain: storeDomains.domain,
        storeId: stores.id,
        slug: stores.slug,
        primary: primaryDomainSql(stores.id),
      })
      .from(storeDomains)
      .innerJoin(stores, eq(stores.id, storeDomains.storeId))
      .where(and(eq(storeDomains.status, "verified"), isNull(stores.deletedAt)));
    const byHost = new Map<string, ShopDomain>();
    const byStore = new Map<string, ShopDomain>();
    for (const row of rows) {
      const primary = byStore.get(row.storeId) ?? {
        storeId: row.storeId,
        slug: row.slug,
        primary: row.primary ?? row.domain,
      };
      byStore.set(row.storeId, primary);
      byHost.set(row.domain, primary);
    }
    this.byHost = byHost;
    this.byStore = byStore;
    this.bySlug = new Map([...byStore.values()].map((entry) => [entry.slug, entry]));
  }
}

/** A Host header's name: lower case, without its port or a trailing dot. */
export function hostnameOf(host: string): string {
  const name = host.startsWith("[") ? host : host.replace(/:\d*$/, "");
  return name.toLowerCase().replace(/\.$/, "");
}
