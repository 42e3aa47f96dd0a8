import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { CarrierProvider, TrackingEvent, TrackingState } from "../../../shared/shipping";
import {
  type CarrierAccount,
  CarrierError,
  type Carriers,
  type TrackingResult,
} from "../../adapters/carriers";
import type { Db } from "../../db/client";
import { orders, shipments } from "../../db/schema";
import { capturePayment, latestPayment, type PaymentContext } from "../payments";
import { readStoreCarrier } from "./store-carrier";
import {
  backoffUntil,
  nextCheckAt,
  RATE_LIMIT_BACKOFF_MS,
  UNAUTHORIZED_BACKOFF_MS,
  UNAVAILABLE_BACKOFF_MS,
} from "./tracking-pace";

/** Shipments one pass claims at most; the rest wait for the next pass. */
export const TRACKING_BATCH = 100;
/**
 * Numbers handed to the carrier per `track` call, one call after the other (Bring's adapter reads a few
 * of a call's numbers at a time: the Tracking API answers one `q` per request). Its documentation gives
 * no number for the limit: authenticated requests get "less strict" rate limits, over the limit is a
 * 429 ("Too many requests"), no Retry-After is documented, and it recommends the Event Cast API to avoid
 * "the need to repeatedly poll statuses by calling the Tracking API" (that API allows "50 concurrent
 * requests per user"). So Torg reads a bounded batch per pass, each parcel at most about once per poll
 * interval (tracking-pace.ts), and stops at the first 429.
 */
export const TRACKING_CHUNK = 10;
/** How long a claimed shipment is this server's: a pass of TRACKING_BATCH reads ends well within it. */
const CLAIM_MS = 5 * 60_000;

export interface TrackingContext {
  db: Db;
  carriers: Carriers;
  /** The money and the order's status when a delivered parcel fulfils its order. */
  payments: PaymentContext;
  log: Pick<FastifyBaseLogger, "info" | "warn" | "error">;
  /** BRING_TRACKING_POLL_MINUTES in ms: the base interval between reads of one parcel. */
  pollMs: number;
  /** Math.random unless a test fixes the jitter. */
  random?: () => number;
  /** Shipments one pass claims at most (TRACKING_BATCH unless a test wants a small one). */
  batch?: number;
}

export interface TrackingPassResult {
  claimed: number;
  /** Shipments whose tracking was read and written. */
  read: number;
  /** Shipments that became delivered in this pass. */
  delivered: number;
  /** Orders fulfilled because their parcel was delivered (the store's `fulfilOnDelivery`). */
  fulfilled: number;
  /** Shipments pushed back after a failed read. */
  backedOff: number;
  /** Bring said 429 or could not be reached: no further calls were made in this pass. */
  stopped: boolean;
}

type ShipmentRow = typeof shipments.$inferSelect;

/**
 * One pass of the tracking worker (decision 0079), safe on many servers: due shipments are claimed with
 * FOR UPDATE SKIP LOCKED and a lease, read from each store's own carrier account in chunks, and written
 * with the state, the events (newest first) and the next read (tracking-pace.ts). A 429 or a carrier
 * that cannot be reached pushes that store's parcels back and ends the calls of this pass; a refused key
 * pushes the store's parcels back a long while. A pass never throws: a failure is logged, and what was
 * not read stays due.
 */
export async function runTrackingPass(ctx: TrackingContext, now = new Date()): Promise<TrackingPassResult> {
  const result: TrackingPassResult = {
    claimed: 0,
    read: 0,
    delivered: 0,
    fulfilled: 0,
    backedOff: 0,
    stopped: false,
  };
  if (Object.keys(ctx.carriers).length === 0) return result;
  let claimed: ShipmentRow[] = [];
  try {
    claimed = await claimDue(ctx.db, now, ctx.batch ?? TRACKING_BATCH);
    result.claimed = claimed.length;
    for (const [storeId, rows] of groupByStore(claimed)) {
      if (result.stopped) break;
      await trackStore(ctx, storeId, rows, now, result);
    }
  } catch (error) {
    ctx.log.warn({ err: error }, "tracking pass failed; what was not read stays due");
  } finally {
    // Whatever was not written (a stopped pass, a failure) is let go now, still due for the next pass.
    if (claimed.length > 0)
      await ctx.db
        .update(shipments)
        .set({ lockedUntil: null })
        .where(
          inArray(
            shipments.id,
            claimed.map((row) => row.id),
          ),
        )
        .catch((error: unknown) => ctx.log.warn({ err: error }, "tracking pass could not let go"));
  }
  return result;
}

/** The longest-due shipments no other server holds, leased to this one, longest-due first. */
async function claimDue(db: Db, now: Date, batch: number): Promise<ShipmentRow[]> {
  const due = db
    .select({ id: shipments.id })
    .from(shipments)
    .where(
      and(
        lte(shipments.nextCheckAt, now),
        or(isNull(shipments.lockedUntil), lt(shipments.lockedUntil, sql`now()`)),
      ),
    )
    .orderBy(asc(shipments.nextCheckAt))
    .limit(batch)
    .for("update", { skipLocked: true });
  const claimed = await db
    .update(shipments)
    .set({ lockedUntil: new Date(Date.now() + CLAIM_MS) })
    .where(inArray(shipments.id, due))
    .returning();
  return claimed.sort((a, b) => (a.nextCheckAt?.getTime() ?? 0) - (b.nextCheckAt?.getTime() ?? 0));
}

function groupByStore(rows: ShipmentRow[]): Map<string, ShipmentRow[]> {
  const stores = new Map<string, ShipmentRow[]>();
  for (const row of rows) stores.set(row.storeId, [...(stores.get(row.storeId) ?? []), row]);
  return stores;
}

async function backOff(ctx: TrackingContext, rows: ShipmentRow[], until: Date, result: TrackingPassResult) {
  if (rows.length === 0) return;
  await ctx.db
    .update(shipments)
    .set({ nextCheckAt: until, lockedUntil: null, updatedAt: new Date() })
    .where(
      inArray(
        shipments.id,
        rows.map((row) => row.id),
      ),
    );
  result.backedOff += rows.length;
}

/** One store's parcels, read with its own account; stops the pass on a 429 or a carrier down. */
async function trackStore(
  ctx: TrackingContext,
  storeId: string,
  rows: ShipmentRow[],
  now: Date,
  result: TrackingPassResult,
) {
  const provider = rows[0]?.carrier as CarrierProvider;
  const carrier = ctx.carriers[provider];
  const store = await readStoreCarrier(ctx.db, storeId).catch((error: unknown) => {
    ctx.log.warn({ err: error, storeId }, "tracking could not read the store's carrier account");
    return undefined;
  });
  if (!carrier || !store || store.provider !== provider) {
    // The seller disconnected the carrier (or this server has it off): look again much later.
    await backOff(ctx, rows, backoffUntil(now, UNAUTHORIZED_BACKOFF_MS, ctx.random), result);
    return;
  }
  for (let start = 0; start < rows.length; start += TRACKING_CHUNK) {
    const chunk = rows.slice(start, start + TRACKING_CHUNK);
    const rest = rows.slice(start);
    let answers: TrackingResult[];
    try {
      answers = await carrier.track(
        store.account,
        chunk.map((row) => row.trackingNumber),
      );
    } catch (error) {
      if (await afterFailedRead(ctx, error, storeId, chunk, rest, now, result)) return;
      continue;
    }
    const byNumber = new Map(answers.map((answer) => [answer.trackingNumber, answer]));
    for (const row of chunk) {
      await writeTracking(ctx, row, byNumber.get(row.trackingNumber), store, now, result);
    }
  }
}

/**
 * What a failed `track` call does to the store's parcels; true when no more of this store is read (and,
 * on a 429 or a carrier down, nothing more in this pass).
 */
async function afterFailedRead(
  ctx: TrackingContext,
  error: unknown,
  storeId: string,
  chunk: ShipmentRow[],
  rest: ShipmentRow[],
  now: Date,
  result: TrackingPassResult,
): Promise<boolean> {
  const kind = error instanceof CarrierError ? error.kind : "unexpected";
  if (kind === "rate_limited") {
    const wait = (error as CarrierError).retryAfterMs ?? RATE_LIMIT_BACKOFF_MS;
    await backOff(ctx, rest, backoffUntil(now, wait, ctx.random), result);
    ctx.log.warn({ storeId, retryAfterMs: wait }, "carrier tracking said 429; no more reads this pass");
    result.stopped = true;
    return true;
  }
  if (kind === "unavailable") {
    await backOff(ctx, rest, backoffUntil(now, UNAVAILABLE_BACKOFF_MS, ctx.random), result);
    ctx.log.warn({ storeId }, "carrier tracking could not be reached; no more reads this pass");
    result.stopped = true;
    return true;
  }
  if (kind === "unauthorized") {
    await backOff(ctx, rest, backoffUntil(now, UNAUTHORIZED_BACKOFF_MS, ctx.random), result);
    ctx.log.warn({ storeId }, "carrier refused the store's key for tracking; the seller must save a new one");
    return true;
  }
  // Refused or unexpected: these numbers wait a while; the store's other parcels are still read.
  ctx.log.warn({ err: error, storeId }, "carrier tracking refused a read");
  await backOff(ctx, chunk, backoffUntil(now, UNAVAILABLE_BACKOFF_MS, ctx.random), result);
  return false;
}

/** A parcel's answer written; a number the carrier does not know yet keeps what it had. */
async function writeTracking(
  ctx: TrackingContext,
  row: ShipmentRow,
  answer: TrackingResult | undefined,
  store: { fulfilOnDelivery: boolean; account: CarrierAccount },
  now: Date,
  result: TrackingPassResult,
) {
  const events: TrackingEvent[] = answer?.events.length
    ? [...answer.events].sort((a, b) => b.at.localeCompare(a.at))
    : (row.events as TrackingEvent[]);
  const state: TrackingState = answer?.state ?? (row.state as TrackingState);
  const newest = events[0] ? new Date(events[0].at) : null;
  const deliveredEvent = events.find((event) => event.state === "delivered");
  const deliveredAt =
    state === "delivered" ? (row.deliveredAt ?? (deliveredEvent ? new Date(deliveredEvent.at) : now)) : null;
  let next = nextCheckAt(
    { state, bookedAt: row.bookedAt, newestEventAt: newest },
    now,
    ctx.pollMs,
    ctx.random,
  );
  if (state === "delivered" && row.state !== "delivered") result.delivered += 1;
  if (state === "delivered" && store.fulfilOnDelivery) {
    try {
      if (await fulfilDelivered(ctx, row.orderId)) result.fulfilled += 1;
    } catch (error) {
      // Read again later, which tries the fulfil again (the capture may have been refused for now).
      ctx.log.warn({ err: error, orderId: row.orderId }, "a delivered parcel could not fulfil its order");
      next = backoffUntil(now, UNAVAILABLE_BACKOFF_MS, ctx.random);
    }
  }
  await ctx.db
    .update(shipments)
    .set({
      state,
      events,
      checkedAt: now,
      nextCheckAt: next,
      lockedUntil: null,
      deliveredAt,
      updatedAt: new Date(),
    })
    .where(eq(shipments.id, row.id));
  result.read += 1;
}

/**
 * The seller let a delivered parcel fulfil its order: a paid order becomes fulfilled, its reserved
 * money captured first as the seller's own fulfil does (orders/status-change.ts). Changed as the
 * "provider" (not a seller), so the shopper's notice follows its once-per-order rule: the "sent" mail
 * queued at booking is not sent twice. An order not paid (still pending, already fulfilled, cancelled)
 * is left as it is.
 */
async function fulfilDelivered(ctx: TrackingContext, orderId: string): Promise<boolean> {
  const [order] = await ctx.db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId));
  if (order?.status !== "paid") return false;
  const payment = await latestPayment(ctx.db, orderId);
  if (payment?.status === "authorized") await capturePayment(ctx.payments, payment.id);
  const changed = await ctx.payments.orders.changeOrderStatus(ctx.db, orderId, "fulfilled", null, {
    by: "provider",
    onlyFrom: "paid",
  });
  return changed !== false && changed !== undefined;
}
