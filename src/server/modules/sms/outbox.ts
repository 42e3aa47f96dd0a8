import { eq } from "drizzle-orm";
import type { FastifyBaseLogger, FastifyRequest } from "fastify";
import { translateShared } from "../../../shared/i18n";
import { formatKr } from "../../../shared/money";
import { shortOrderId } from "../../../shared/order";
import { LANGUAGES, type Language } from "../../../shared/preferences";
import type { SmsProvider } from "../../adapters/sms";
import type { Config } from "../../config";
import type { Database } from "../../db/client";
import { smsLog, smsOutbox } from "../../db/schema";
import { publicOrigin } from "../../lib/origin";
import { OutboxPasses } from "../../lib/outbox-passes";
import { HOUR_MS, hitRateLimit } from "../../lib/rate-limit";
import { smsDestinationProblem } from "./destination";

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
const MAX_BACKOFF_MS = 60 * 60 * 1000;

/**
 * Claims up to $2 due texts for $1 seconds, each with what it says (an order's text is composed from the
 * order, its store and its lines when sent). Prepared, so PostgreSQL plans it once per connection rather
 * than on every pass.
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

export type SmsPurpose = "order_confirmation" | "seller_new_order" | "phone_verification";

/** What an order's SMS say, read from the order and its store when the message is sent. */
export interface OrderSmsContext {
  orderId: string;
  totalGross: string;
  storeId: string;
  storeName: string;
  storeSlug: string;
  storeLocale: string;
  /** The message goes to the store's phone, and the seller proved it is theirs. */
  toVerifiedStorePhone: boolean;
  /** The delivery chosen (decision 0036), null on orders without one. */
  deliveryName: string | null;
  deliveryKind: "pickup" | "parcel" | null;
  /** The order's lines as ordered (the items' own copies), for the seller's text only. */
  items: OrderSmsItem[];
}

export interface OrderSmsItem {
  title: string;
  variantLabel: string | null;
  qty: number;
}

/** The seller's text names this many lines at most, then "+ N more". */
export const SMS_ITEM_LINES = 3;
/** A title or variant label is cut to this many characters in a text. */
const SMS_NAME_LENGTH = 40;

/** Cut at a word where one is near, with "..." (GSM-7, unlike "…", so the text stays one encoding). */
function shortName(text: string) {
  const name = text.replace(/\s+/g, " ").trim();
  if (name.length <= SMS_NAME_LENGTH) return name;
  const cut = name.slice(0, SMS_NAME_LENGTH - 3);
  const space = cut.lastIndexOf(" ");
  return `${(space > SMS_NAME_LENGTH / 2 ? cut.slice(0, space) : cut).trimEnd()}...`;
}

/** "1 x Genser (Size: M), 2 x Kopp + 1 more": the lines a seller packs, kept short. */
function itemsText(language: Language, items: readonly OrderSmsItem[]) {
  const lines = items.slice(0, SMS_ITEM_LINES).map((item) =>
    item.variantLabel
      ? translateShared(language, "sms.itemVariant", {
          qty: item.qty,
          title: shortName(item.title),
          variant: shortName(item.variantLabel),
        })
      : translateShared(language, "sms.item", { qty: item.qty, title: shortName(item.title) }),
  );
  const more = items.length - lines.length;
  const listed = lines.join(", ");
  return more > 0 ? `${listed} ${translateShared(language, "sms.moreItems", { count: more })}` : listed;
}

const languageOf = (locale: string): Language =>
  (LANGUAGES as readonly string[]).includes(locale) ? (locale as Language) : "en";

/**
 * Where the link in a buyer's confirmation points: PUBLIC_URL, or the address the order came to. A
 * request's Host header is whatever its sender wrote, so that address is used only while texts are not
 * really sent (the log provider); a gateway that texts strangers needs PUBLIC_URL for the link, else the
 * text goes without one rather than point at a host an attacker chose.
 */
export function orderLinkOrigin(
  request: FastifyRequest,
  config: Pick<Config, "publicUrl" | "allowedHosts"> & { sms: Pick<Config["sms"], "provider"> },
): string | null {
  if (config.publicUrl) return config.publicUrl;
  return config.sms.provider === "log" ? publicOrigin(request, config) : null;
}

/** The shopper's texts after the confirmation (decision 0064), each one catalogue text. */
const SHOPPER_TEXT_KEYS: Record<string, string> = {
  order_cancelled: "sms.orderCancelled",
  order_refunded: "sms.orderRefunded",
  order_ready_for_pickup: "sms.orderReadyForPickup",
};

/**
 * The text of an order's SMS, in the store's language. The buyer's confirmation goes to any number a
 * shopper types, so it is a fixed template: the order number and a link to the shop on Torg's own
 * address, and nothing a store or a buyer wrote. The seller's new-order message goes only to the
 * store's verified phone; it names the store, the total and the lines ordered (the seller's own titles
 * and variants, the first few), but not the buyer's name (anyone can write anything there). Composed when sent rather than when queued, so placing an order stays a single
 * statement.
 */
export function orderSmsText(purpose: string, context: OrderSmsContext, linkOrigin: string | null): string {
  const language = languageOf(context.storeLocale);
  const order = shortOrderId(context.orderId);
  if (purpose === "seller_new_order") {
    const fields = { store: context.storeName, order, total: formatKr(context.totalGross, language) };
    // The items' titles and variants are the seller's own words, going to the seller's own verified phone.
    const text =
      context.items.length > 0
        ? translateShared(language, "sms.sellerNewOrderItems", {
            ...fields,
            items: itemsText(language, context.items),
          })
        : translateShared(language, "sms.sellerNewOrder", fields);
    // The seller's own option name, to the seller's own verified phone (decision 0036).
    return context.deliveryName
      ? `${text} ${translateShared(language, "sms.delivery", { delivery: context.deliveryName })}`
      : text;
  }
  const notice = SHOPPER_TEXT_KEYS[purpose];
  if (notice) {
    // A fixed template like the confirmation (decision 0022): the order number and the shop's link only.
    const text = translateShared(language, notice, { order });
    return linkOrigin
      ? `${text} ${translateShared(language, "sms.shopLink", { link: `${linkOrigin}/s/${context.storeSlug}` })}`
      : text;
  }
  const text = linkOrigin
    ? translateShared(language, "sms.orderConfirmation", {
        order,
        link: `${linkOrigin}/s/${context.storeSlug}`,
      })
    : translateShared(language, "sms.orderConfirmationNoLink", { order });
  // The buyer's text stays fixed (decision 0022): the kind of delivery in Torg's words, not the option's name.
  return context.deliveryKind
    ? `${text} ${translateShared(language, context.deliveryKind === "pickup" ? "sms.deliveryPickup" : "sms.deliveryParcel")}`
    : text;
}

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
    if (row.purpose === "phone_verification") return row.body ?? undefined;
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
      const finalAttempt = row.attempts >= this.options.maxAttempts;
      const delay = Math.min(MAX_BACKOFF_MS, this.options.retryBaseMs * 2 ** (row.attempts - 1));
      await this.database.db.transaction(async (tx) => {
        await tx.insert(smsLog).values({ ...log, status: "failed", error: message.slice(0, 500) });
        await tx
          .update(smsOutbox)
          .set({
            status: finalAttempt ? "failed" : "pending",
            lastError: message.slice(0, 500),
            lockedUntil: null,
            nextAttemptAt: new Date(Date.now() + delay),
            ...(finalAttempt ? { body: null } : {}),
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
