import { eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { SmsProvider } from "../../adapters/sms";
import type { Database } from "../../db/client";
import { primaryDomainText } from "../../db/primary-domain";
import { smsLog, smsOutbox } from "../../db/schema";
import { OutboxPasses } from "../../lib/outbox-passes";
import { failedAttempt, failureReason } from "../../lib/outbox-retry";
import { HOUR_MS, hitRateLimit } from "../../lib/rate-limit";
import { smsDestinationProblem } from "./destination";
import { type OrderSmsContext, orderSmsText } from "./messages";

type ClaimedRow = Pick<
  typeof smsOutbox.$inferSelect,
  "id" | "orderId" | "storeId" | "toNumber" | "purpose" | "attempts" | "linkOrigin" | "body"
> & {
  context: OrderSmsContext | null;
};

/** A claimed row as CLAIM_SQL returns it. */
type ClaimRow = {
  id: string;
  order_id: string | null;
  store_id: string | null;
  to_number: string;
  purpose: string;
  attempts: number;
  link_origin: string | null;
  body: string | null;
  context: OrderSmsContext | null;
};

const BATCH = 50;

/**
 * Claims up to $2 due texts for $1 seconds, each with what it says (an order's text is composed from the
 * order, its store and its lines when sent). Prepared, so PostgreSQL plans it once per connection rather
 * than on every pass.
 * The context carries the store's primary verified domain: a shopper's link points there (decision 0080).
 */
const CLAIM_SQL = `/* torg:sms_claim */
  update sms_outbox o set locked_until = now() + make_interval(secs => $1::int), attempts = o.attempts + 1
  where o.id in (
    select d.id from sms_outbox d
    where d.status = 'pending' and d.next_attempt_at <= now() and (d.locked_until is null or d.locked_until < now())
    order by d.next_attempt_at
    limit $2::int
    for update skip locked
  )
  returning o.id, o.order_id, o.store_id, o.to_number, o.purpose, o.attempts, o.link_origin, o.body, (
    select json_build_object('orderId', r.id, 'totalGross', r.total_gross::text,
      'storeId', s.id, 'storeName', s.name, 'storeSlug', s.slug, 'storeLocale', s.default_locale,
      'storeDomain', ${primaryDomainText("s.id")},
      'toVerifiedStorePhone', coalesce(s.phone = s.verified_phone and s.phone = o.to_number, false),
      'deliveryName', r.delivery_name, 'deliveryKind', r.delivery_kind,
      'items', coalesce((select json_agg(json_build_object('title', i.title,
          'variantLabel', i.variant_label, 'qty', i.qty) order by i.title, i.id)
        from order_items i where i.order_id = r.id), '[]'::json))
    from orders r join stores s on s.id = r.store_id where r.id = o.order_id
  ) as context`;

/**
 * Records a batch of sent texts in one statement, atomically: their sms_log rows and their outbox status
 * (the body of a verification code is emptied). $1: the log rows as JSON, each naming its outbox row.
 */
const RECORD_SENT_SQL = `/* torg:sms_sent */
  with sent as materialized (
    select * from jsonb_to_recordset($1::jsonb) as s(outbox_id uuid, order_id uuid, store_id uuid,
      to_number text, message text, purpose text, status text, provider text, attempt int)
  ), marked as (
    update sms_outbox o set status = 'sent', sent_at = now(), locked_until = null, last_error = null, body = null
    where o.id in (select outbox_id from sent)
  )
  insert into sms_log (order_id, store_id, outbox_id, to_number, message, purpose, status, provider, attempt,
    sent_at)
  select order_id, store_id, outbox_id, to_number, message, purpose, status, provider, attempt, now()
  from sent`;

/** A verification code in the log of a message a gateway sent: only the phone's holder may read it. */
const redactCode = (text: string) => text.replace(/\b\d{6}\b/g, "******");

export interface OutboxOptions {
  maxAttempts: number;
  retryBaseMs: number;
  /** The provider's time limit for one message. */
  timeoutMs: number;
  pollMs?: number;
  logger: Pick<FastifyBaseLogger, "info" | "warn" | "error">;
  /** Countries whose numbers are texted (others are refused); empty: none. */
  allowedCountries: readonly string[];
  /** Texts per destination number and per store per hour; 0: no limit. */
  perNumberPerHour: number;
  perStorePerHour: number;
}

/** Why a text is held back rather than sent; recorded as its final status. */
interface Held {
  status: "rate_limited" | "refused";
  reason: string;
}

/**
 * Sends queued SMS outside any request. Every app server may run one: rows are claimed with
 * FOR UPDATE SKIP LOCKED, so each message goes to one worker; failures retry with exponential backoff
 * until maxAttempts, and every attempt is written to SmsLog.
 */
export class SmsOutboxWorker {
  private readonly passes: OutboxPasses<ClaimedRow, typeof smsLog.$inferInsert>;

  /**
   * How long a claimed batch stays reserved for its worker; after that another worker may take it over
   * (the first one crashed). A batch sends in parallel, so it takes at most one provider timeout: twice
   * that plus a margin means a slow send is never taken over and sent twice, while a crashed server's
   * messages wait at most this long.
   */
  private readonly claimMs: number;

  constructor(
    private readonly database: Database,
    private readonly provider: SmsProvider,
    private readonly options: OutboxOptions,
  ) {
    this.claimMs = Math.max(30_000, 2 * options.timeoutMs + 10_000);
    this.passes = new OutboxPasses(
      {
        claim: () => this.claim(),
        attempt: (row) => this.attempt(row),
        recordSent: (sent) => this.recordSent(sent),
      },
      {
        batchSize: BATCH,
        pollMs: options.pollMs ?? 1000,
        logger: options.logger,
        failureMessage: "SMS outbox pass failed; will retry",
      },
    );
  }

  start() {
    this.passes.start();
  }

  async stop() {
    await this.passes.stop();
  }

  /** Asks for a pass soon (after an order, a fulfilment, a withdrawal); calls close together share one. */
  wake() {
    this.passes.wake();
  }

  /** Processes due messages until a claim finds fewer than a batch; returns how many attempts were made. */
  drain(): Promise<number> {
    return this.passes.drain();
  }

  private async claim(): Promise<ClaimedRow[]> {
    const rows = await this.database.runPrepared<ClaimRow>("sms_claim", CLAIM_SQL, [
      Math.ceil(this.claimMs / 1000),
      BATCH,
    ]);
    return rows.map((row) => ({
      id: row.id,
      orderId: row.order_id,
      storeId: row.store_id,
      toNumber: row.to_number,
      purpose: row.purpose,
      attempts: row.attempts,
      linkOrigin: row.link_origin,
      body: row.body,
      context: row.context,
    }));
  }

  /** The words of a message, or undefined when what it was about is gone. */
  private textOf(row: ClaimedRow): string | undefined {
    // A verification code and a stall receipt's link are written when queued (decision 0077).
    if (row.purpose === "phone_verification" || row.purpose === "stall_receipt") return row.body ?? undefined;
    return row.context ? orderSmsText(row.purpose, row.context, row.linkOrigin) : undefined;
  }

  /**
   * Whether a text must not go out. Checked here, when the worker sends, rather than when an order is
   * placed: the order is committed and answered by then, so a limit can never block or roll back an
   * order nor slow checkout down, and every path that queues a text (orders, verification codes) passes
   * through this one place. The hourly limits are counted in the database (shared by every app server)
   * on a message's first attempt only, so the retries of one text count once.
   */
  private async holdBack(row: ClaimedRow): Promise<Held | undefined> {
    const destination = smsDestinationProblem(row.toNumber, this.options.allowedCountries);
    if (destination) {
      const reason =
        destination.problem === "premium"
          ? "a premium-rate or service number"
          : destination.problem === "country"
            ? `a number in ${destination.country ?? "an unknown country"}, which Torg does not text`
            : "not a valid phone number";
      return { status: "refused", reason: `Not sent: ${reason}` };
    }
    if (row.purpose === "seller_new_order" && !row.context?.toVerifiedStorePhone) {
      return { status: "refused", reason: "Not sent: the store's phone number is not verified" };
    }
    if (row.attempts > 1) return undefined;
    const { perNumberPerHour, perStorePerHour } = this.options;
    if (perNumberPerHour > 0) {
      const hit = await hitRateLimit(
        this.database.db,
        `sms:number:${row.toNumber}`,
        perNumberPerHour,
        HOUR_MS,
      );
      if (!hit.allowed)
        return {
          status: "rate_limited",
          reason: `Not sent: over ${perNumberPerHour} texts to this number per hour`,
        };
    }
    const storeId = row.storeId ?? row.context?.storeId;
    if (perStorePerHour > 0 && storeId) {
      const hit = await hitRateLimit(this.database.db, `sms:store:${storeId}`, perStorePerHour, HOUR_MS);
      if (!hit.allowed)
        return {
          status: "rate_limited",
          reason: `Not sent: over ${perStorePerHour} texts for this store per hour`,
        };
    }
    return undefined;
  }

  /** Tries one message; a failure is recorded at once, a success is returned to be recorded with its batch. */
  private async attempt(row: ClaimedRow) {
    const text = this.textOf(row);
    const log = {
      orderId: row.orderId,
      storeId: row.storeId ?? row.context?.storeId ?? null,
      outboxId: row.id,
      toNumber: row.toNumber,
      // A verification code is kept out of sms_log: a code a gateway delivered stays on the phone alone.
      message: text && row.purpose === "phone_verification" ? redactCode(text) : (text ?? ""),
      purpose: row.purpose,
      provider: this.provider.name,
      attempt: row.attempts,
    };
    try {
      if (text === undefined) throw new Error("The order of this message no longer exists");
      const held = await this.holdBack(row);
      if (held) {
        await this.database.db.transaction(async (tx) => {
          await tx.insert(smsLog).values({ ...log, status: held.status, error: held.reason });
          await tx
            .update(smsOutbox)
            .set({ status: held.status, lastError: held.reason, lockedUntil: null, body: null })
            .where(eq(smsOutbox.id, row.id));
        });
        this.options.logger.warn(
          { outboxId: row.id, purpose: row.purpose, reason: held.reason },
          "SMS held back",
        );
        return undefined;
      }
      const result = await this.provider.send({ to: row.toNumber, body: text });
      // Except with the log provider: its rows are where a developer reads what would have been sent.
      const message = result.status === "logged" ? text : log.message;
      return { ...log, message, status: result.status, sentAt: new Date() };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const failed = failedAttempt(row.attempts, this.options, failureReason(error));
      const { finalAttempt } = failed;
      await this.database.db.transaction(async (tx) => {
        await tx.insert(smsLog).values({ ...log, status: "failed", error: failureReason(error) });
        await tx
          .update(smsOutbox)
          .set({ ...failed.row, ...(finalAttempt ? { body: null } : {}) })
          .where(eq(smsOutbox.id, row.id));
      });
      this.options.logger.warn(
        { outboxId: row.id, attempt: row.attempts, finalAttempt, error: message },
        "SMS attempt failed",
      );
      return undefined;
    }
  }

  /** One statement for a whole batch of sent messages: their log rows and their outbox status, atomically. */
  private async recordSent(sent: (typeof smsLog.$inferInsert)[]) {
    if (sent.length === 0) return;
    const rows = sent.map((entry) => ({
      outbox_id: entry.outboxId,
      order_id: entry.orderId,
      store_id: entry.storeId,
      to_number: entry.toNumber,
      message: entry.message,
      purpose: entry.purpose,
      status: entry.status,
      provider: entry.provider,
      attempt: entry.attempt,
    }));
    await this.database.runPrepared("sms_sent", RECORD_SENT_SQL, [JSON.stringify(rows)]);
  }
}
