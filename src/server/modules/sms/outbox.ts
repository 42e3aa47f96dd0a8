import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { translateShared } from "../../../shared/i18n";
import { formatKr } from "../../../shared/money";
import type { OrderView } from "../../../shared/order";
import { toE164 } from "../../../shared/phone";
import { LANGUAGES, type Language } from "../../../shared/preferences";
import type { SmsProvider } from "../../adapters/sms";
import type { Db, DbOrTx } from "../../db/client";
import { smsLog, smsOutbox, storeMembers, userSettings } from "../../db/schema";

type OutboxRow = typeof smsOutbox.$inferSelect;

/** How long a claimed message stays reserved for one worker; after that another may retry it. */
const CLAIM_MS = 60_000;
const BATCH = 10;
const MAX_BACKOFF_MS = 60 * 60 * 1000;

export const shortOrderId = (id: string) => id.slice(0, 8);

/**
 * Queues the buyer's confirmation and, when a store owner has SMS notifications on, the store's new-order
 * message. Runs inside the order's transaction: the order and its messages commit together.
 */
export async function enqueueOrderSms(
  tx: DbOrTx,
  order: OrderView,
  store: { name: string; phone: string | null; defaultLocale: string },
) {
  const language: Language = (LANGUAGES as readonly string[]).includes(store.defaultLocale)
    ? (store.defaultLocale as Language)
    : "en";
  const params = {
    store: store.name,
    order: shortOrderId(order.id),
    total: formatKr(order.totalGross, language),
    name: order.shipToName,
  };
  const rows: (typeof smsOutbox.$inferInsert)[] = [];
  const buyer = toE164(order.shipToPhone);
  if (buyer) {
    rows.push({
      orderId: order.id,
      toNumber: buyer,
      purpose: "order_confirmation",
      message: translateShared(language, "sms.orderConfirmation", params),
    });
  }
  if (store.phone) {
    const [wantsSms] = await tx
      .select({ userId: storeMembers.userId })
      .from(storeMembers)
      .innerJoin(userSettings, eq(userSettings.userId, storeMembers.userId))
      .where(and(eq(storeMembers.storeId, order.storeId), eq(userSettings.smsNotifications, true)))
      .limit(1);
    if (wantsSms) {
      rows.push({
        orderId: order.id,
        toNumber: store.phone,
        purpose: "seller_new_order",
        message: translateShared(language, "sms.sellerNewOrder", params),
      });
    }
  }
  if (rows.length) await tx.insert(smsOutbox).values(rows);
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
    this.timer = undefined;
    await this.running?.catch(() => {});
  }

  /** Runs a pass now (or right after the current one); the order route calls it after a commit. */
  wake() {
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
          this.wake();
        }
      });
  }

  /** Processes due messages until none are left; returns how many attempts were made. */
  async drain(): Promise<number> {
    let total = 0;
    for (;;) {
      const claimed = await this.claim();
      if (claimed.length === 0) return total;
      await Promise.all(claimed.map((row) => this.attempt(row)));
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
      const now = new Date();
      await this.db.transaction(async (tx) => {
        await tx.insert(smsLog).values({ ...log, status: result.status, sentAt: now });
        await tx
          .update(smsOutbox)
          .set({ status: "sent", sentAt: now, lockedUntil: null, lastError: null })
          .where(eq(smsOutbox.id, row.id));
      });
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
    }
  }
}
