import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { translateShared } from "../../../shared/i18n";
import { formatKr } from "../../../shared/money";
import { shortOrderId } from "../../../shared/order";
import { LANGUAGES, type Language } from "../../../shared/preferences";
import type { SmsProvider } from "../../adapters/sms";
import type { Db } from "../../db/client";
import { smsLog, smsOutbox } from "../../db/schema";

type ClaimedRow = Pick<
  typeof smsOutbox.$inferSelect,
  "id" | "orderId" | "toNumber" | "purpose" | "attempts"
> & {
  context: OrderSmsContext | null;
};

const BATCH = 50;
const MAX_BACKOFF_MS = 60 * 60 * 1000;
/** How long a wake-up waits for more messages to share its pass. */
const WAKE_DELAY_MS = 50;

export type SmsPurpose = "order_confirmation" | "seller_new_order";

/** What an order's SMS say, read from the order and its store when the message is sent. */
export interface OrderSmsContext {
  orderId: string;
  totalGross: string;
  shipToName: string;
  storeName: string;
  storeLocale: string;
}

/**
 * The text of an order's SMS, in the store's language: the buyer's confirmation, or the store's
 * new-order message. Composed when sent rather than when queued, so placing an order stays a single
 * statement; a retry sends the same words unless the store was renamed in between.
 */
export function orderSmsText(purpose: string, context: OrderSmsContext): string {
  const language: Language = (LANGUAGES as readonly string[]).includes(context.storeLocale)
    ? (context.storeLocale as Language)
    : "en";
  const params = {
    store: context.storeName,
    order: shortOrderId(context.orderId),
    total: formatKr(context.totalGross, language),
    name: context.shipToName,
  };
  return translateShared(
    language,
    purpose === "seller_new_order" ? "sms.sellerNewOrder" : "sms.orderConfirmation",
    params,
  );
}

export interface OutboxOptions {
  maxAttempts: number;
  retryBaseMs: number;
  /** The provider's time limit for one message. */
  timeoutMs: number;
  pollMs?: number;
  logger: Pick<FastifyBaseLogger, "info" | "warn" | "error">;
}

/**
 * Sends queued SMS outside any request. Every app server may run one: rows are claimed with
 * FOR UPDATE SKIP LOCKED, so each message goes to one worker; failures retry with exponential backoff
 * until maxAttempts, and every attempt is written to SmsLog.
 */
export class SmsOutboxWorker {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | undefined;
  private scheduled: NodeJS.Timeout | undefined;
  private again = false;

  /**
   * How long a claimed batch stays reserved for its worker; after that another worker may take it over
   * (the first one crashed). A batch sends in parallel, so it takes at most one provider timeout: twice
   * that plus a margin means a slow send is never taken over and sent twice, while a crashed server's
   * messages wait at most this long.
   */
  private readonly claimMs: number;

  constructor(
    private readonly db: Db,
    private readonly provider: SmsProvider,
    private readonly options: OutboxOptions,
  ) {
    this.claimMs = Math.max(30_000, 2 * options.timeoutMs + 10_000);
  }

  start() {
    this.timer ??= setInterval(() => this.wake(), this.options.pollMs ?? 1000);
    this.timer.unref();
    this.wake();
  }

  async stop() {
    clearInterval(this.timer);
    clearTimeout(this.scheduled);
    this.timer = undefined;
    await this.running?.catch(() => {});
  }

  /**
   * Asks for a pass soon; the order route calls it after each order. Calls within a short window share
   * one pass, so a busy shop sends its messages in batches instead of one database round trip each.
   */
  wake() {
    if (this.scheduled) return;
    this.scheduled = setTimeout(() => {
      this.scheduled = undefined;
      this.runPass();
    }, WAKE_DELAY_MS);
    this.scheduled.unref();
  }

  private runPass() {
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.drain()
      .catch((error: unknown) => {
        this.options.logger.warn({ err: error }, "SMS outbox pass failed; will retry");
        return 0;
      })
      .finally(() => {
        this.running = undefined;
        if (this.again) {
          this.again = false;
          this.runPass();
        }
      });
  }

  /** Processes due messages until none are left; returns how many attempts were made. */
  async drain(): Promise<number> {
    let total = 0;
    for (;;) {
      const claimed = await this.claim();
      if (claimed.length === 0) return total;
      const sent = (await Promise.all(claimed.map((row) => this.attempt(row)))).filter(
        (entry) => entry !== undefined,
      );
      await this.recordSent(sent);
      total += claimed.length;
    }
  }

  private async claim(): Promise<ClaimedRow[]> {
    const due = this.db
      .select({ id: smsOutbox.id })
      .from(smsOutbox)
      .where(
        and(
          eq(smsOutbox.status, "pending"),
          lte(smsOutbox.nextAttemptAt, sql`now()`),
          or(isNull(smsOutbox.lockedUntil), lt(smsOutbox.lockedUntil, sql`now()`)),
        ),
      )
      .orderBy(asc(smsOutbox.nextAttemptAt))
      .limit(BATCH)
      .for("update", { skipLocked: true });
    return this.db
      .update(smsOutbox)
      .set({
        lockedUntil: sql`now() + make_interval(secs => ${this.claimMs / 1000})`,
        attempts: sql`${smsOutbox.attempts} + 1`,
      })
      .where(inArray(smsOutbox.id, due))
      .returning({
        id: smsOutbox.id,
        orderId: smsOutbox.orderId,
        toNumber: smsOutbox.toNumber,
        purpose: smsOutbox.purpose,
        attempts: smsOutbox.attempts,
        context: sql<OrderSmsContext | null>`(
          select json_build_object('orderId', o.id, 'totalGross', o.total_gross::text, 'shipToName', o.ship_to_name,
            'storeName', s.name, 'storeLocale', s.default_locale)
          from orders o join stores s on s.id = o.store_id where o.id = ${smsOutbox.orderId})`,
      });
  }

  /** Tries one message; a failure is recorded at once, a success is returned to be recorded with its batch. */
  private async attempt(row: ClaimedRow) {
    const log = {
      orderId: row.orderId,
      outboxId: row.id,
      toNumber: row.toNumber,
      message: row.context ? orderSmsText(row.purpose, row.context) : "",
      purpose: row.purpose,
      provider: this.provider.name,
      attempt: row.attempts,
    };
    try {
      if (!row.context) throw new Error("The order of this message no longer exists");
      const result = await this.provider.send({ to: row.toNumber, body: log.message });
      return { ...log, status: result.status, sentAt: new Date() };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const finalAttempt = row.attempts >= this.options.maxAttempts;
      const delay = Math.min(MAX_BACKOFF_MS, this.options.retryBaseMs * 2 ** (row.attempts - 1));
      await this.db.transaction(async (tx) => {
        await tx.insert(smsLog).values({ ...log, status: "failed", error: message.slice(0, 500) });
        await tx
          .update(smsOutbox)
          .set({
            status: finalAttempt ? "failed" : "pending",
            lastError: message.slice(0, 500),
            lockedUntil: null,
            nextAttemptAt: new Date(Date.now() + delay),
          })
          .where(eq(smsOutbox.id, row.id));
      });
      this.options.logger.warn(
        { outboxId: row.id, attempt: row.attempts, finalAttempt, error: message },
        "SMS attempt failed",
      );
      return undefined;
    }
  }

  /** One transaction for a whole batch of sent messages: their log rows and their outbox status. */
  private async recordSent(sent: (typeof smsLog.$inferInsert & { outboxId: string | null | undefined })[]) {
    if (sent.length === 0) return;
    const ids = sent.flatMap((entry) => (entry.outboxId ? [entry.outboxId] : []));
    // One statement, so one round trip and still atomic: the log rows and the outbox status together.
    const marked = this.db
      .$with("marked")
      .as(
        this.db
          .update(smsOutbox)
          .set({ status: "sent", sentAt: new Date(), lockedUntil: null, lastError: null })
          .where(inArray(smsOutbox.id, ids))
          .returning({ id: smsOutbox.id }),
      );
    await this.db.with(marked).insert(smsLog).values(sent);
  }
}
