import { eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { deliveryOf } from "../../../shared/order";
import type { EmailMessage, EmailProvider } from "../../adapters/email";
import type { Database } from "../../db/client";
import { emailLog, emailOutbox } from "../../db/schema";
import { OutboxPasses } from "../../lib/outbox-passes";
import { failedAttempt, failureReason } from "../../lib/outbox-retry";
import { contactEmailSqlText } from "../stores";
import { type AccountLinkParams, composeAccountLink } from "./account-link";
import { type ContactConfirmationParams, composeContactConfirmation } from "./contact-confirmation";
import { composeGiftCardEmail, type GiftCardEmailParams } from "./gift-card-email";
import { withoutToken } from "./link-token";
import { composeOrderEmail, goesToShopper, type OrderEmailContext, type OrderEmailPurpose } from "./messages";
import { composePayoutNotice, type PayoutNoticeParams } from "./payout-notice";
import { recipientOverLimit } from "./recipient-limit";
import type { RefundNoticeParams } from "./refund-notice";
import { composeStallReceiptEmail, type StallReceiptEmailParams } from "./stall-receipt-email";
import { type EmailStoreLook, STORE_LOOK_SQL } from "./store-look";

/** A claimed message, with what it is written from (null when its order is gone). */
interface ClaimedRow {
  id: string;
  orderId: string | null;
  storeId: string | null;
  toAddress: string;
  purpose: string;
  attempts: number;
  linkOrigin: string | null;
  context: OrderEmailContext | null;
  /** The look and address of the message's store when sent (decision 0080); null without a store. */
  look: EmailStoreLook | null;
  /** What a message fixed when queued says: a payout notice (0058), a refund notice (0064), a link (0065, 0066). */
  params:
    | PayoutNoticeParams
    | RefundNoticeParams
    | ContactConfirmationParams
    | AccountLinkParams
    | GiftCardEmailParams
    | null;
}

/** A claimed row as CLAIM_SQL returns it: the context's dates arrive as JSON strings, its delivery as columns. */
type ClaimRow = {
  id: string;
  order_id: string | null;
  store_id: string | null;
  to_address: string;
  purpose: string;
  attempts: number;
  link_origin: string | null;
  params: ClaimedRow["params"];
  look: EmailStoreLook | null;
  context:
    | (Omit<OrderEmailContext, "placedAt" | "withdrawnAt" | "delivery"> & {
        placedAt: string;
        withdrawnAt: string | null;
        deliveryName: string | null;
        deliveryKind: string | null;
        deliveryPrice: string | null;
      })
    | null;
};

const BATCH = 20;

/** The link's token a claimed message carries, if it is one (decisions 0065, 0066). */
const tokenOf = (row: ClaimedRow): string | undefined =>
  row.params && "token" in row.params && typeof row.params.token === "string" ? row.params.token : undefined;

const withoutTokenParam = (params: ClaimedRow["params"]) => {
  const { token: _token, ...rest } = (params ?? {}) as Record<string, string | null>;
  return rest;
};

/**
 * Claims up to $2 due messages for $1 seconds and reads what they are written from, in one statement: the
 * orders and their stores and items (decision 0037: composed when sent), each order's read once however
 * many of its messages the batch holds (a receipt and a new-order e-mail share it). Prepared, so
 * PostgreSQL plans it once per connection rather than on every pass. Numbers and dates come back as text,
 * the same on both drivers.
 */
const CLAIM_SQL = `/* torg:email_claim */
  with claimed as materialized (
    update email_outbox o set locked_until = now() + make_interval(secs => $1::int), attempts = o.attempts + 1
    where o.id in (
      select d.id from email_outbox d
      where d.status = 'pending' and d.next_attempt_at <= now() and (d.locked_until is null or d.locked_until < now())
      order by d.next_attempt_at
      limit $2::int
      for update skip locked
    )
    returning o.id, o.order_id, o.store_id, o.to_address, o.purpose, o.attempts, o.link_origin, o.params
  ), contexts as materialized (
    select o.id, json_build_object(
      'orderId', o.id, 'placedAt', o.placed_at, 'totalGross', o.total_gross::text, 'buyerEmail', o.buyer_email,
      'shipToName', o.ship_to_name, 'shipToAddr', o.ship_to_addr, 'publicToken', o.public_token,
      'withdrawnAt', o.withdrawn_at, 'trackingNumber', o.tracking_number, 'vat', o.vat,
      'trackingUrl', (select sh.tracking_url from shipments sh
        where sh.order_id = o.id and sh.tracking_number = o.tracking_number),
      'deliveryName', o.delivery_name, 'deliveryKind', o.delivery_kind, 'deliveryPrice', o.delivery_price::text,
      'discountCode', o.discount_code, 'discountTotal', o.discount_total::text,
      'giftCardTotal', o.gift_card_total::text, 'giftCardSales', o.gift_card_sales::text,
      'pickupNote', (select d.note from delivery_options d where d.id = o.delivery_option_id),
      'money', (select json_build_object(
          'provider', (array_agg(p.provider order by p.created_at desc, p.id desc))[1],
          'refunded', sum(p.refunded_amount)::text,
          'released', bool_or(p.status = 'cancelled' and p.authorised_at is not null))
        from payments p where p.order_id = o.id having count(*) > 0),
      'store', json_build_object('id', s.id, 'name', s.name, 'slug', s.slug, 'locale', s.default_locale,
        'phone', s.phone, 'contactEmail', ${contactEmailSqlText("s")}),
      'legal', json_build_object('legalName', s.legal_name, 'orgNumber', s.org_number, 'address', s.address),
      'items', coalesce((select json_agg(json_build_object('title', i.title, 'variantLabel', i.variant_label,
          'unitPrice', i.unit_price::text, 'qty', i.qty, 'giftCard', i.gift_card) order by i.title, i.id)
        from order_items i where i.order_id = o.id), '[]'::json)
    ) as context
    from orders o join stores s on s.id = o.store_id
    where o.id in (select order_id from claimed)
  )
  select c.*, x.context, ${STORE_LOOK_SQL("c.store_id")} as look
  from claimed c left join contexts x on x.id = c.order_id`;

/**
 * Records a batch of sent messages in one statement, atomically: their email_log rows and their outbox
 * status. $1: the log rows as JSON, each naming its outbox row.
 */
const RECORD_SENT_SQL = `/* torg:email_sent */
  with sent as materialized (
    select * from jsonb_to_recordset($1::jsonb) as s(outbox_id uuid, order_id uuid, store_id uuid,
      to_address text, subject text, body text, purpose text, status text, provider text, attempt int)
  ), marked as (
    update email_outbox o set status = 'sent', sent_at = now(), locked_until = null, last_error = null,
      -- A link's token is kept only until it is sent (decisions 0065, 0066).
      params = o.params - 'token'
    where o.id in (select outbox_id from sent)
  )
  insert into email_log (order_id, store_id, outbox_id, to_address, subject, body, purpose, status, provider,
    attempt, sent_at)
  select order_id, store_id, outbox_id, to_address, subject, body, purpose, status, provider, attempt, now()
  from sent`;

export interface EmailOutboxOptions {
  maxAttempts: number;
  retryBaseMs: number;
  /** The provider's time limit for one message. */
  timeoutMs: number;
  pollMs?: number;
  logger: Pick<FastifyBaseLogger, "info" | "warn" | "error">;
  /** E-mails one address a shopper typed may get per hour; 0: no limit (decision 0058). */
  perRecipientPerHour: number;
}

/**
 * Sends queued e-mails outside any request, as the SMS outbox does (decisions 0008, 0037). Every app
 * server may run one: rows are claimed with FOR UPDATE SKIP LOCKED and reserved for a while, so each
 * message goes to one worker; failures retry with exponential backoff until maxAttempts; every attempt
 * is written to email_log. The message is composed from the order when sent, so queuing it is one
 * insert in the transaction that causes it, and a mail server that is down never touches an order.
 * A pass costs the database two prepared statements whatever its batch holds (the claim with the orders'
 * one read, and one statement for every message sent); only a failure is recorded on its own.
 */
export class EmailOutboxWorker {
  private readonly passes: OutboxPasses<ClaimedRow, typeof emailLog.$inferInsert>;
  /** A claimed batch stays reserved this long: longer than a slow send, short after a crash. */
  private readonly claimMs: number;

  constructor(
    private readonly database: Database,
    private readonly provider: EmailProvider,
    private readonly options: EmailOutboxOptions,
  ) {
    // An SMTP send may wait for the connection, the greeting and the reply: three timeouts, plus a margin.
    this.claimMs = Math.max(60_000, 4 * options.timeoutMs + 10_000);
    this.passes = new OutboxPasses(
      {
        claim: () => this.claim(),
        attempt: (row) => this.attempt(row),
        recordSent: (sent) => this.recordSent(sent),
      },
      {
        batchSize: BATCH,
        pollMs: options.pollMs ?? 2000,
        logger: options.logger,
        failureMessage: "E-mail outbox pass failed; will retry",
      },
    );
  }

  start() {
    this.passes.start();
  }

  async stop() {
    await this.passes.stop();
    this.provider.close?.();
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
    const rows = await this.database.runPrepared<ClaimRow>("email_claim", CLAIM_SQL, [
      Math.ceil(this.claimMs / 1000),
      BATCH,
    ]);
    return rows.map((row) => ({
      id: row.id,
      orderId: row.order_id,
      storeId: row.store_id,
      toAddress: row.to_address,
      purpose: row.purpose,
      attempts: row.attempts,
      linkOrigin: row.link_origin,
      params: row.params,
      look: row.look,
      context: row.context && {
        ...row.context,
        placedAt: new Date(row.context.placedAt),
        withdrawnAt: row.context.withdrawnAt === null ? null : new Date(row.context.withdrawnAt),
        delivery: deliveryOf(row.context),
      },
    }));
  }

  /** The message, written now from its order (decision 0037), or from what was fixed when it was queued. */
  private compose(row: ClaimedRow): Omit<EmailMessage, "to"> {
    if (row.purpose === "payout_account_changed") {
      if (!row.params) throw new Error("This notice has nothing to say");
      return composePayoutNotice(row.params as PayoutNoticeParams, row.linkOrigin);
    }
    if (row.purpose === "contact_email_confirmation") {
      if (!row.params) throw new Error("This confirmation has nothing to say");
      return composeContactConfirmation(row.params as ContactConfirmationParams, row.linkOrigin);
    }
    if (row.purpose === "password_reset" || row.purpose === "email_verification") {
      if (!row.params) throw new Error("This link has nothing to say");
      return composeAccountLink(row.purpose, row.params as AccountLinkParams, row.linkOrigin);
    }
    if (row.purpose === "stall_receipt") {
      if (!row.params) throw new Error("This receipt e-mail has nothing to say");
      return composeStallReceiptEmail(
        row.params as unknown as StallReceiptEmailParams,
        row.linkOrigin,
        row.look,
      );
    }
    if (row.purpose === "gift_card") {
      if (!row.params) throw new Error("This gift card e-mail has nothing to say");
      return composeGiftCardEmail(row.params as GiftCardEmailParams, row.linkOrigin, row.look);
    }
    if (!row.context) throw new Error("The order of this e-mail no longer exists");
    const refund = row.purpose === "order_refunded" ? (row.params as RefundNoticeParams | null) : null;
    return composeOrderEmail(row.purpose as OrderEmailPurpose, row.context, row.linkOrigin, refund, row.look);
  }

  /** Tries one message; a failure is recorded at once, a success is returned to be recorded with its batch. */
  private async attempt(row: ClaimedRow) {
    let subject = "";
    let text = "";
    try {
      const message = this.compose(row);
      subject = message.subject;
      text = withoutToken(message.text, tokenOf(row));
      const held = await this.overRecipientLimit(row);
      if (held) {
        await this.recordHeld(row, subject, text, held);
        return undefined;
      }
      // The shopper's answer goes to the seller, not to Torg's sending address (decision 0066).
      const replyTo = goesToShopper(row.purpose) ? row.context?.store.contactEmail || undefined : undefined;
      const result = await this.provider.send({
        ...message,
        to: row.toAddress,
        ...(replyTo ? { replyTo } : {}),
        ...(tokenOf(row) ? { oneTimeLink: true } : {}),
      });
      return this.logRow(row, subject, text, result.status, null);
    } catch (error) {
      const reason = failureReason(error);
      const failed = failedAttempt(row.attempts, this.options, reason);
      const { finalAttempt } = failed;
      await this.database.db.transaction(async (tx) => {
        await tx.insert(emailLog).values(this.logRow(row, subject, text, "failed", reason));
        await tx
          .update(emailOutbox)
          .set({
            ...failed.row,
            // A link given up on is never sent: its token leaves the outbox with it.
            ...(finalAttempt && tokenOf(row) ? { params: withoutTokenParam(row.params) } : {}),
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

  /** Over the hourly limit of an address a shopper typed (decision 0058): the reason, else undefined. */
  private overRecipientLimit(row: ClaimedRow): Promise<string | undefined> {
    return recipientOverLimit(this.database.db, row, this.options.perRecipientPerHour);
  }

  /** A held-back message is recorded, with what it would have said, and never sent (its final status). */
  private async recordHeld(row: ClaimedRow, subject: string, body: string, reason: string) {
    await this.database.db.transaction(async (tx) => {
      await tx.insert(emailLog).values(this.logRow(row, subject, body, "rate_limited", reason));
      await tx
        .update(emailOutbox)
        .set({ status: "rate_limited", lastError: reason, lockedUntil: null })
        .where(eq(emailOutbox.id, row.id));
    });
    this.options.logger.warn({ outboxId: row.id, purpose: row.purpose, reason }, "E-mail held back");
  }

  /** One statement for a whole batch of sent messages: their log rows and their outbox status, atomically. */
  private async recordSent(sent: (typeof emailLog.$inferInsert)[]) {
    if (sent.length === 0) return;
    const rows = sent.map((entry) => ({
      outbox_id: entry.outboxId,
      order_id: entry.orderId,
      store_id: entry.storeId,
      to_address: entry.toAddress,
      subject: entry.subject,
      body: entry.body,
      purpose: entry.purpose,
      status: entry.status,
      provider: entry.provider,
      attempt: entry.attempt,
    }));
    await this.database.runPrepared("email_sent", RECORD_SENT_SQL, [JSON.stringify(rows)]);
  }

  private logRow(
    row: ClaimedRow,
    subject: string,
    body: string,
    status: "sent" | "logged" | "failed" | "rate_limited",
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
      sentAt: status === "sent" || status === "logged" ? new Date() : null,
    };
  }
}
