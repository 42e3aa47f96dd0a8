import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { translateShared } from "../../../shared/i18n";
import { formatKr } from "../../../shared/money";
import { toE164 } from "../../../shared/phone";
import { LANGUAGES, type Language } from "../../../shared/preferences";
import type { SmsProvider } from "../../adapters/sms";
import type { Db } from "../../db/client";
import { smsLog, smsOutbox } from "../../db/schema";

type OutboxRow = typeof smsOutbox.$inferSelect;

/** How long a claimed message stays reserved for one worker; after that another may retry it. */
const CLAIM_MS = 60_000;
const BATCH = 10;
const MAX_BACKOFF_MS = 60 * 60 * 1000;
/** How long a wake-up waits for more messages to share its pass. */
const WAKE_DELAY_MS = 50;

export const shortOrderId = (id: string) => id.slice(0, 8);

export interface OutboxMessage {
  to_number: string;
  message: string;
  purpose: "order_confirmation" | "seller_new_order";
}

/**
 * The SMS an order sends: the buyer's confirmation and, when a store owner has SMS notifications on,
 * the store's new-order message, in the store's language. The order writes them to the outbox in the
 * same statement as itself, so they commit together.
 */
export function orderSmsMessages(
  order: { id: string; totalGross: string; shipToName: string; shipToPhone: string },
  store: { name: string; phone: string | null; defaultLocale: string; sellerWantsSms: boolean },
): OutboxMessage[] {
  const language: Language = (LANGUAGES as readonly string[]).includes(store.defaultLocale)
    ? (store.defaultLocale as Language)
    : "en";
  const params = {
    store: store.name,
    order: shortOrderId(order.id),
    total: formatKr(order.totalGross, language),
    name: order.shipToName,
  };
  const messages: OutboxMessage[] = [];
  const buyer = toE164(order.shipToPhone);
  if (buyer) {
    messages.push({
      to_number: buyer,
      purpose: "order_confirmation",
      message: translateShared(language, "sms.orderConfirmation", params),
    });
  }
  if (store.phone && store.sellerWantsSms) {
    messages.push({
      to_number: store.phone,
      purpose: "seller_new_order",
      message: translateShared(language, "sms.sellerNewOrder", params),
    });
  }
  return messages;
}

export interface OutboxOptions {
  maxAttempts: number;
  retryBaseMs: number;
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

  constructor(
    private readonly db: Db,
    private readonly provider: SmsProvider,
    private readonly options: OutboxOptions,
  ) {}

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

  private async claim(): Promise<OutboxRow[]> {
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
        lockedUntil: sql`now() + make_interval(secs => ${CLAIM_MS / 1000})`,
        attempts: sql`${smsOutbox.attempts} + 1`,
      })
      .where(inArray(smsOutbox.id, due))
      .returning();
  }

  /** Tries one message; a failure is recorded at once, a success is returned to be recorded with its batch. */
  private async attempt(row: OutboxRow) {
    const log = {
      orderId: row.orderId,
      outboxId: row.id,
      toNumber: row.toNumber,
      message: row.message,
      purpose: row.purpose,
      provider: this.provider.name,
      attempt: row.attempts,
    };
    try {
      const result = await this.provider.send({ to: row.toNumber, body: row.message });
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
    await this.db.transaction(async (tx) => {
      await tx.insert(smsLog).values(sent);
      await tx
        .update(smsOutbox)
        .set({ status: "sent", sentAt: new Date(), lockedUntil: null, lastError: null })
        .where(inArray(smsOutbox.id, ids));
    });
  }
}
