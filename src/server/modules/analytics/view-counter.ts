import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { osloDate } from "../../../shared/analytics";
import type { Db } from "../../db/client";

/**
 * Storefront product page views, counted by our own server. Each view adds one to a counter in memory
 * per (product, Oslo day); a flush every few seconds, and one when the app closes, adds them all to
 * `product_views` in one upsert. A popular product page therefore costs no write per view and never
 * queues its shoppers behind one hot row, and app servers behind a load balancer each add their own
 * increments (decision 0016: the rows hold the truth, memory only holds what is on its way there).
 *
 * A visitor (a client address) looking at one product again within half an hour is the same view:
 * reloads, back-and-forth and a forged browser name do not inflate the figure. Each app server
 * remembers its own visitors.
 *
 * The trade-off: a crash or a kill -9 loses the views of the last few seconds. Views are a trend
 * figure, not money, so that is the price of not writing on every page view. A flush the database
 * refuses (an outage) keeps its counts for the next one.
 */
const SAME_VIEW_WINDOW_MS = 30 * 60 * 1000;
/** Bounds the memory a flood of distinct visitors can take; past it, the oldest are forgotten early. */
const MAX_RECENT_VISITS = 100_000;

export class ProductViewCounter {
  /** Views not yet written, keyed "productId day". */
  private pending = new Map<string, number>();
  /** When each recent (visitor, product) view stops counting as the same view, oldest first. */
  private recent = new Map<string, number>();
  /** Flushes run one after another, so a flush that resolves has written everything recorded before it. */
  private writing: Promise<void> = Promise.resolve();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Db,
    private readonly logger: FastifyBaseLogger,
    private readonly flushIntervalMs = 5000,
  ) {}

  /** Counts a view, unless `visitor` already viewed this product within the window. */
  record(productId: string, moment: Date = new Date(), visitor?: string): void {
    if (visitor !== undefined && this.seenRecently(`${visitor} ${productId}`, moment.getTime())) return;
    const key = `${productId} ${osloDate(moment)}`;
    this.pending.set(key, (this.pending.get(key) ?? 0) + 1);
  }

  private seenRecently(visit: string, now: number): boolean {
    // Entries go in in time order and the window is fixed, so the expired ones are at the front.
    for (const [oldest, until] of this.recent) {
      if (until > now && this.recent.size < MAX_RECENT_VISITS) break;
      this.recent.delete(oldest);
    }
    const until = this.recent.get(visit);
    if (until !== undefined && until > now) return true;
    this.recent.delete(visit);
    this.recent.set(visit, now + SAME_VIEW_WINDOW_MS);
    return false;
  }

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.flush(), this.flushIntervalMs);
    // Pending views never keep a process alive on their own; closing the app flushes them.
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.flush();
  }

  /** Writes every view recorded so far. */
  flush(): Promise<void> {
    this.writing = this.writing.then(() => this.writePending());
    return this.writing;
  }

  private async writePending(): Promise<void> {
    if (this.pending.size === 0) return;
    const batch = this.pending;
    this.pending = new Map();
    const rows = [...batch].map(([key, views]) => {
      const [product_id, day] = key.split(" ");
      return { product_id, day, views };
    });
    try {
      // The join takes the store from the product and skips one deleted since its view was counted.
      await this.db.execute(sql`
        insert into product_views (product_id, store_id, day, views)
        select v.product_id, p.store_id, v.day, v.views
        from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as v(product_id uuid, day date, views int)
        join products p on p.id = v.product_id
        on conflict (product_id, day) do update set views = product_views.views + excluded.views`);
    } catch (error) {
      for (const [key, views] of batch) this.pending.set(key, (this.pending.get(key) ?? 0) + views);
      this.logger.warn(
        { err: error, keys: batch.size },
        "product views not written; kept for the next flush",
      );
    }
  }
}
