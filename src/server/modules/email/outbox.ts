import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { EmailProvider } from "../../adapters/email";
import type { Db } from "../../db/client";
import { emailLog, emailOutbox, orderItems, orders, stores } from "../../db/schema";
import { deliveryOf } from "../orders/service";
import { composeOrderEmail, type EmailPurpose, type OrderEmailContext } from "./messages";

type ClaimedRow = Pick<
  typeof emailOutbox.$inferSelect,
  "id" | "orderId" | "storeId" | "toAddress" | "purpose" | "attempts" | "linkOrigin"
>;

const BATCH = 20;
const MAX_BACKOFF_MS = 60 * 60 * 1000;
const WAKE_DELAY_MS = 50;

/**
 * Everything the e-mails of these orders are written from, read when they are sent: two queries for any
 * number of orders, so a batch's receipts and new-order e-mails (two or more per order) share one read.
 * An order that is gone has no entry.
 */
export async function loadOrderEmailContexts(
  db: Db,
  orderIds: readonly string[],
): Promise<Map<string, OrderEmailContext>> {
  const contexts = new Map<string, OrderEmailContext>();
  if (orderIds.length === 0) return contexts;
  const rows = await db
    .select({
      order: orders,
      store: {
        id: stores.id,
        name: stores.name,
        slug: stores.slug,
        locale: stores.defaultLocale,
        phone: stores.phone,
      },
      legal: { legalName: stores.legalName, orgNumber: stores.orgNumber, address: stores.address },
    })
    .from(orders)
    .innerJoin(stores, eq(stores.id, orders.storeId))
    .where(inArray(orders.id, [...orderIds]));
  if (rows.length === 0) return contexts;
  const items = await db
    .select({
      orderId: orderItems.orderId,
      title: orderItems.title,
      variantLabel: orderItems.variantLabel,
      unitPrice: orderItems.unitPrice,
      qty: orderItems.qty,
    })
    .from(orderItems)
    .where(
      inArray(
        orderItems.orderId,
        rows.map((row) => row.order.id),
      ),
    )
    .orderBy(asc(orderItems.title), asc(orderItems.id));
  for (const { order, store, legal } of rows) {
    contexts.set(order.id, {
      orderId: order.id,
      placedAt: order.placedAt,
      totalGross: order.totalGross,
      buyerEmail: order.buyerEmail,
      shipToName: order.shipToName,
      shipToAddr: order.shipToAddr ?? null,
      publicToken: order.publicToken,
      withdrawnAt: order.withdrawnAt,
      items: [],
      store,
      delivery: deliveryOf(order),
      vat: order.vat,
      trackingNumber: order.trackingNumber,
      legal,
    });
  }
  for (const { orderId, ...item } of items) contexts.get(orderId)?.items.push(item);
  return contexts;
}

export interface EmailOutboxOptions {
  maxAttempts: number;
  retryBaseMs: number;
  /** The provider's time limit for one message. */
  timeoutMs: number;
  pollMs?: number;
  logger: Pick<FastifyBaseLogger, "info" | "warn" | "error">;
}

/**
 * Sends queued e-mails outside any request, as the SMS outbox does (decisions 0008, 0037). Every app
 * server may run one: rows are claimed with FOR UPDATE SKIP LOCKED and reserved for a while, so each
 * message goes to one worker; failures retry with exponential backoff until maxAttempts; every attempt
 * is written to email_log. The message is composed from the order when sent, so queuing it is one
 * insert in the transaction that causes it, and a mail server that is down never touches an order.
 * A pass costs the database four statements whatever its batch holds (claim, the orders' one read, and
 * one statement for every message sent); only a failure is recorded on its own.
 */
export class EmailOutboxWorker {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | undefined;
  private scheduled: NodeJS.Timeout | undefined;
  private again = false;
  /** A claimed batch stays reserved this long: longer than a slow send, short after a crash. */
  private readonly claimMs: number;

  constructor(
    private readonly db: Db,
    private readonly provider: EmailProvider,
    private readonly options: EmailOutboxOptions,
  ) {
    // An SMTP send may wait for the connection, the greeting and the reply: three timeouts, plus a margin.
    this.claimMs = Math.max(60_000, 4 * options.timeoutMs + 10_000);
  }

  start() {
    this.timer ??= setInterval(() => this.wake(), this.options.pollMs ?? 2000);
    this.timer.unref();
    this.wake();
  }

  async stop() {
    clearInterval(this.timer);
    clearTimeout(this.scheduled);
    this.timer = undefined;
    await this.running?.catch(() => {});
    this.provider.close?.();
  }

  /** Asks for a pass soon (after an order, a fulfilment, a withdrawal); calls close together share one. */
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
        this.options.logger.warn({ err: error }, "E-mail outbox pass failed; will retry");
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
      const contexts = await loadOrderEmailContexts(this.db, [
        ...new Set(claimed.flatMap((row) => (row.orderId ? [row.orderId] : []))),
      ]);
      const sent = await Promise.all(claimed.map((row) => this.attempt(row, contexts)));
      await this.recordSent(sent.filter((entry) => entry !== undefined));
      total += claimed.length;
    }
  }

  private async claim(): Promise<ClaimedRow[]> {
    const due = this.db
      .select({ id: emailOutbox.id })
      .from(emailOutbox)
      .where(
        and(
          eq(emailOutbox.status, "pending"),
          lte(emailOutbox.nextAttemptAt, sql`now()`),
          or(isNull(emailOutbox.lockedUntil), lt(emailOutbox.lockedUntil, sql`now()`)),
        ),
      )
      .orderBy(asc(emailOutbox.nextAttemptAt))
      .limit(BATCH)
      .for("update", { skipLocked: true });
    return this.db
      .update(emailOutbox)
      .set({
        lockedUntil: sql`now() + make_interval(secs => ${this.claimMs / 1000})`,
        attempts: sql`${emailOutbox.attempts} + 1`,
      })
      .where(inArray(emailOutbox.id, due))
      .returning({
        id: emailOutbox.id,
        orderId: emailOutbox.orderId,
        storeId: emailOutbox.storeId,
        toAddress: emailOutbox.toAddress,
        purpose: emailOutbox.purpose,
        attempts: emailOutbox.attempts,
        linkOrigin: emailOutbox.linkOrigin,
      });
  }

  /** Tries one message; a failure is recorded at once, a success is returned to be recorded with its batch. */
  private async attempt(row: ClaimedRow, contexts: ReadonlyMap<string, OrderEmailContext>) {
    let subject = "";
    let text = "";
    try {
      const context = row.orderId ? contexts.get(row.orderId) : undefined;
      if (!context) throw new Error("The order of this e-mail no longer exists");
      const message = composeOrderEmail(row.purpose as EmailPurpose, context, row.linkOrigin);
      subject = message.subject;
      text = message.text;
      const result = await this.provider.send({ ...message, to: row.toAddress });
      return this.logRow(row, subject, text, result.status, null);
    } catch (error) {
      const reason = (error instanceof Error ? error.message : String(error)).slice(0, 500);
      const finalAttempt = row.attempts >= this.options.maxAttempts;
      const delay = Math.min(MAX_BACKOFF_MS, this.options.retryBaseMs * 2 ** (row.attempts - 1));
      await this.db.transaction(async (tx) => {
        await tx.insert(emailLog).values(this.logRow(row, subject, text, "failed", reason));
        await tx
          .update(emailOutbox)
          .set({
            status: finalAttempt ? "failed" : "pending",
            lastError: reason,
            lockedUntil: null,
            nextAttemptAt: new Date(Date.now() + delay),
          })
          .where(eq(emailOutbox.id, row.id));
      });
      this.options.logger.warn(
        { outboxId: row.id, attempt: row.attempts, finalAttempt, error: reason },
        "E-mail attempt failed",
      );
      return undefined;
    }
  }

  /** One statement for a whole batch of sent messages: their log rows and their outbox status, atomically. */
  private async recordSent(sent: (typeof emailLog.$inferInsert)[]) {
    const ids = sent.flatMap((entry) => (entry.outboxId ? [entry.outboxId] : []));
    if (ids.length === 0) return;
    const marked = this.db
      .$with("marked")
      .as(
        this.db
          .update(emailOutbox)
          .set({ status: "sent", sentAt: new Date(), lockedUntil: null, lastError: null })
          .where(inArray(emailOutbox.id, ids))
          .returning({ id: emailOutbox.id }),
      );
    await this.db.with(marked).insert(emailLog).values(sent);
  }

  private logRow(
    row: ClaimedRow,
    subject: string,
    body: string,
    status: "sent" | "logged" | "failed",
    error: string | null,
  ): typeof emailLog.$inferInsert {
    return {
      orderId: row.orderId,
      storeId: row.storeId,
      outboxId: row.id,
      toAddress: row.toAddress,
      subject,
      body,
      purpose: row.purpose,
      status,
      provider: this.provider.name,
      attempt: row.attempts,
      error,
      sentAt: status === "failed" ? null : new Date(),
    };
  }
}
