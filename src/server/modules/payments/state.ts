import { and, desc, eq, inArray, isNull, lt, or, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { fromOre, toOre } from "../../../shared/money";
import type { OrderActor, OrderStatus } from "../../../shared/order";
import { type PaymentProvider, type PaymentStatus, refundedInFull } from "../../../shared/payment";
import {
  type PaymentGateways,
  type PaymentHandle,
  PaymentProviderError,
  type ProviderPaymentState,
} from "../../adapters/payments";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { orders, payments } from "../../db/schema";
import { conflict } from "../../lib/http-error";
import { queueRefundNotice } from "../email";
import { refusalOf } from "./binding";

export type PaymentRow = typeof payments.$inferSelect;

/** What every payment operation needs: the database, the providers the platform has keys for, a log. */
export interface PaymentContext {
  db: Db;
  gateways: PaymentGateways;
  config: Config;
  log: Pick<FastifyBaseLogger, "info" | "warn" | "error">;
  orders: OrderEffects;
}

/**
 * What a payment does to its order, handed in by app.ts from the orders module (decision 0075). Orders
 * sits above payments (a seller's fulfil or cancel moves the money first, decision 0034), so payments
 * names what it needs here instead of importing orders.
 */
export interface OrderEffects {
  /** The order's status changed by the provider, the shopper or an expiry: stock, held messages, notice. */
  changeOrderStatus(
    db: Db,
    orderId: string,
    status: OrderStatus,
    userId: null,
    options: { by: OrderActor; onlyFrom?: OrderStatus },
  ): Promise<unknown>;
  /** An attempt ended unpaid: the order gives its stock back and stays payable (decision 0063). */
  releaseUnpaidHold(db: Db, orderId: string): Promise<boolean>;
  /** "Pay now" on an order that gave its stock back takes it again, or refuses with the checkout's 409. */
  holdStockAgain(db: Db, orderId: string): Promise<void>;
}

/**
 * Where a payment may go from each status (decision 0034). Anything else is an event arriving late or
 * out of order, and is ignored: a payment never moves backwards.
 */
export const PAYMENT_STATUS_NEXT: Record<PaymentStatus, readonly PaymentStatus[]> = {
  created: ["authorized", "captured", "refunded", "cancelled", "expired", "failed"],
  authorized: ["captured", "refunded", "cancelled"],
  captured: ["refunded"],
  refunded: [],
  cancelled: [],
  expired: [],
  failed: [],
};

/**
 * How a change was made: `keepHold` when Torg itself stops an attempt to start the next one at once
 * (a retry), so the order's stock is not given back between the two (decision 0063).
 */
export interface SettleOptions {
  keepHold?: boolean;
  /**
   * Torg's own refund or read while it cancels the order (returnMoney): the shopper's cancellation mail
   * names the money, so no refund notice is queued for it (decision 0064).
   */
  ownRefund?: boolean;
}

/** Statuses in which the shopper has paid (money reserved or taken). */
export const PAID_STATUSES: readonly PaymentStatus[] = ["authorized", "captured"];

export function handleOf(row: PaymentRow): PaymentHandle {
  return {
    reference: row.reference,
    merchant: row.merchant,
    sessionId: row.providerSessionId,
    providerTxId: row.providerTxId,
  };
}

/** The latest attempt of an order, or undefined when it is paid by hand. */
export async function latestPayment(db: Db, orderId: string) {
  const [row] = await db
    .select()
    .from(payments)
    .where(eq(payments.orderId, orderId))
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(1);
  return row;
}

/**
 * Applies what a provider said (a verified webhook or a read) to one attempt, under its row lock:
 * only a forward move, amounts only growing, and a payment whose amount is not the order's is never
 * taken as paid. Money taken is `refunded` only once all of it was given back (refundedInFull, decision
 * 0056): a partial refund keeps it `captured` with the amount refunded so far, whatever the provider
 * calls it. Then the order follows (see settleOrder). Returns the row as it now is.
 *
 * A refunded amount that grew is the shopper's refund notice (decision 0064), whoever learnt it: the
 * provider's refund event, the worker's read or the order page's read (decision 0067), once per refunded
 * total (queueRefundNotice). Not for Torg's own refund while cancelling (`ownRefund`).
 */
export async function applyProviderState(
  ctx: PaymentContext,
  paymentId: string,
  state: Partial<ProviderPaymentState> & { status?: PaymentStatus },
  options: SettleOptions = {},
): Promise<PaymentRow | undefined> {
  let before: PaymentRow | undefined;
  const row = await ctx.db.transaction(async (tx) => {
    const [current] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for("update");
    if (!current) return undefined;
    before = current;
    const claim = state.status;
    const amountOre = toOre(current.amount);
    if (claim === "authorized" || claim === "captured") {
      const proven = state.authorizedOre ?? state.capturedOre;
      if (proven !== undefined && proven !== amountOre) {
        ctx.log.error(
          { paymentId, expectedOre: amountOre, providerOre: proven },
          "payment provider reports a different amount: not taken as paid",
        );
        return current;
      }
    }
    const tookMoney = claim === "captured" || claim === "refunded";
    let capturedOre = Math.max(toOre(current.capturedAmount), state.capturedOre ?? 0);
    // A capture or refund that says no amount took the whole amount (Torg never captures in parts).
    if (capturedOre === 0 && tookMoney) capturedOre = amountOre;
    capturedOre = Math.min(capturedOre, amountOre);
    let refundedOre = Math.max(toOre(current.refundedAmount), state.refundedOre ?? 0);
    if (refundedOre === 0 && claim === "refunded") refundedOre = capturedOre;
    refundedOre = Math.min(refundedOre, capturedOre);
    const next = tookMoney ? (refundedInFull(capturedOre, refundedOre) ? "refunded" : "captured") : claim;
    const moves = next !== undefined && PAYMENT_STATUS_NEXT[current.status as PaymentStatus].includes(next);
    const status = moves ? next : (current.status as PaymentStatus);
    const [updated] = await tx
      .update(payments)
      .set({
        status,
        capturedAmount: fromOre(capturedOre),
        refundedAmount: fromOre(refundedOre),
        providerTxId: current.providerTxId ?? state.providerTxId ?? null,
        authorisedAt:
          current.authorisedAt ??
          (moves && ["authorized", "captured", "refunded"].includes(status) ? new Date() : null),
        updatedAt: new Date(),
      })
      .where(eq(payments.id, paymentId))
      .returning();
    return updated;
  });
  if (row) await settleOrder(ctx, row, options);
  // After settleOrder: a read that found the payment paid and partly refunded makes the order paid first.
  if (row && before && !options.ownRefund) await queueRefundNotice(ctx.db, before, row);
  return row;
}

/**
 * When an order paid online must be paid by: PAYMENT_EXPIRY_MINUTES after it was placed, however many
 * attempts the shopper started since (decision 0056). A retry after it is refused; the worker cancels it.
 */
export function paymentDeadline(placedAt: Date, config: Pick<Config, "payments">): Date {
  return new Date(placedAt.getTime() + config.payments.expiryMs);
}

/**
 * How long a Vipps payment made at the stall (a QR or a push, decision 0077) can be paid: the ePayment
 * default, Timeouts: "By default, a user has a total of 10 minutes to accept a payment" (5 to open it, 5 to
 * approve it), and "the customer needs to scan the QR code and pay within 10 minutes" (one-time payment QR).
 */
export const VIPPS_REQUEST_LIFETIME_MS = 10 * 60_000;
/**
 * A stall attempt still under way this long after it started is ended by Torg (cancelled at Vipps, the
 * stock given back): the request's lifetime and a minute, as Timeouts asks ("waits for at least the full
 * 10-minute timeout period before canceling"), so a shopper who approves in the last second is paid.
 * The stall holds its piece only these few minutes, not a web order's time to pay.
 */
export const STALL_ATTEMPT_MS = VIPPS_REQUEST_LIFETIME_MS + 60_000;

/**
 * A stall sale whose Vipps payment ended unpaid stays payable (a new QR, cash) while the seller is at the
 * table with the shopper; one left so this long after its last attempt started was given up: the worker
 * cancels it (its stock was given back when the attempt ended).
 */
export const STALL_UNPAID_SALE_MS = 60 * 60_000;

/** When the shopper can no longer pay a stall attempt at Vipps (the SaleView's `payment.expiresAt`). */
export function stallRequestExpiresAt(attemptCreatedAt: Date): Date {
  return new Date(attemptCreatedAt.getTime() + VIPPS_REQUEST_LIFETIME_MS);
}

/**
 * When Torg ends an attempt still under way: a stall attempt STALL_ATTEMPT_MS after it started, a web
 * attempt at its order's time to pay (paymentDeadline).
 */
export function attemptDeadline(
  attempt: Pick<PaymentRow, "createdAt">,
  order: { channel: string; placedAt: Date },
  config: Pick<Config, "payments">,
): Date {
  return order.channel === "stall"
    ? new Date(attempt.createdAt.getTime() + STALL_ATTEMPT_MS)
    : paymentDeadline(order.placedAt, config);
}

/**
 * The order follows its payment, idempotently (run after every change, so a crash between the two is
 * mended by the next event or read): paid once the provider holds the money (changeOrderStatus releases
 * the messages that waited for it in the same transaction). A payment that arrives for an order already
 * cancelled (the expiry won a race with the shopper) is given back at once, or by the worker's next pass
 * if the provider cannot be reached now. An attempt the provider reports expired after the order's own
 * expiry ends the order now rather than at the next poll.
 *
 * An attempt that ended unpaid within the time to pay ends the order's hold on its stock at once
 * (decision 0063): the order stays payable and the stock is back for everyone. The documented endings:
 * Vipps ePayment "ABORTED: The payment has been actively stopped by the user ... This is a final state"
 * (`epayments.payment.aborted.v1`, the landing page's Reject or the shopper going back), "EXPIRED: The
 * user did not act on the payment within the payment expiration time" (`epayments.payment.expired.v1`),
 * "TERMINATED: The merchant has cancelled the payment before authorization" (`...terminated.v1`;
 * `...cancelled.v1` is a cancelled reservation), all read as `cancelled` or `expired`; Stripe
 * `checkout.session.expired` ("Return items to your inventory ... any items reserved in the expired
 * session", Manage limited inventory).
 */
export async function settleOrder(ctx: PaymentContext, row: PaymentRow, options: SettleOptions = {}) {
  const [order] = await ctx.db
    .select({ status: orders.status, placedAt: orders.placedAt, channel: orders.channel })
    .from(orders)
    .where(eq(orders.id, row.orderId));
  if (!order) return;
  if (PAID_STATUSES.includes(row.status as PaymentStatus)) {
    if (order.status === "pending") {
      await ctx.orders.changeOrderStatus(ctx.db, row.orderId, "paid", null, {
        by: "provider",
        onlyFrom: "pending",
      });
      // The goods are handed over at the table as the shopper approves: taken at once (captureAtStall).
      if (order.channel === "stall" && row.status === "authorized") await captureAtStall(ctx, row);
    } else if (order.status === "cancelled") {
      await returnMoney(ctx, row).catch((error: unknown) =>
        ctx.log.warn({ err: error, paymentId: row.id }, "could not return a payment for a cancelled order"),
      );
    }
    return;
  }
  if (order.status !== "pending" || (row.status !== "expired" && row.status !== "cancelled")) return;
  // A stall sale has no time to pay of its own: its attempt ended, its stock goes back, and the seller
  // shows a new QR, takes cash or gives up (decision 0077); the worker ends a sale left so.
  if (
    order.channel !== "stall" &&
    row.status === "expired" &&
    paymentDeadline(order.placedAt, ctx.config).getTime() < Date.now()
  ) {
    await expireUnpaidOrder(ctx, row.orderId);
  } else if (!options.keepHold) {
    await ctx.orders.releaseUnpaidHold(ctx.db, row.orderId);
  }
}

/**
 * A stall sale's Vipps payment is captured as soon as it is authorized: the goods are handed over at the
 * table then, and the ePayment guide says to capture "After the goods or services have been delivered"
 * and "as soon as legally possible" (Capture; the in-person flows: "You may capture the payment
 * immediately and provide a receipt"). Idempotent: one capture per attempt (capturePayment's claim and
 * its `Idempotency-Key`); one that cannot run now (Vipps unreachable, the row claimed by the worker) is
 * left to the worker's next pass (runPaymentPass), never lost.
 */
export async function captureAtStall(ctx: PaymentContext, row: PaymentRow) {
  try {
    await capturePayment(ctx, row.id);
  } catch (error) {
    ctx.log.warn({ err: error, paymentId: row.id }, "stall payment not captured yet; the worker retries");
  }
}

/** Captures one authorized attempt, once: the claim (a lock on the row) makes a second call a 409. */
export async function capturePayment(ctx: PaymentContext, paymentId: string) {
  const [claimed] = await ctx.db
    .update(payments)
    .set({ lockedUntil: new Date(Date.now() + 60_000) })
    .where(
      and(
        eq(payments.id, paymentId),
        eq(payments.status, "authorized"),
        // Not claimed by another capture (or the worker) that is still running.
        or(isNull(payments.lockedUntil), lt(payments.lockedUntil, sql`now()`)),
      ),
    )
    .returning();
  if (!claimed) throw conflict("paymentAlreadyCaptured");
  const gateway = ctx.gateways[claimed.provider as PaymentProvider];
  try {
    if (!gateway) throw new PaymentProviderError(claimed.provider as PaymentProvider, "no platform keys");
    const state = await gateway.capture(
      handleOf(claimed),
      toOre(claimed.amount),
      `${claimed.reference}-capture`,
    );
    return await applyProviderState(ctx, claimed.id, { ...state, status: "captured" });
  } finally {
    await ctx.db.update(payments).set({ lockedUntil: null }).where(eq(payments.id, claimed.id));
  }
}

/**
 * Cancels an order nobody paid in time (decision 0034), through changeOrderStatus (stock back, held
 * messages dropped), unless one of its attempts is still under way or paid. Returns whether it did.
 */
export async function expireUnpaidOrder(ctx: PaymentContext, orderId: string) {
  const [open] = await ctx.db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.orderId, orderId), inArray(payments.status, ["created", ...PAID_STATUSES])))
    .limit(1);
  if (open) return false;
  const changed = await ctx.orders.changeOrderStatus(ctx.db, orderId, "cancelled", null, {
    by: "expiry",
    onlyFrom: "pending",
  });
  return changed !== undefined;
}

/**
 * Reads one attempt from its provider and applies what it says, under the webhooks' rule (decision
 * 0055): a read that is not the attempt's merchant, currency and amount moves nothing.
 */
export async function refreshPayment(ctx: PaymentContext, row: PaymentRow, options: SettleOptions = {}) {
  const gateway = ctx.gateways[row.provider as PaymentProvider];
  if (!gateway) return row;
  const state = await gateway.getPayment(handleOf(row));
  const refused = refusalOf(row, state);
  if (refused) {
    ctx.log.warn(
      {
        paymentId: row.id,
        reason: refused,
        providerCurrency: state.currency,
        providerTotalOre: state.totalOre,
      },
      "payment provider's read refused: not this payment's merchant, currency or amount",
    );
    return row;
  }
  return (await applyProviderState(ctx, row.id, state, options)) ?? row;
}

/**
 * Gives the money of one attempt back as its status needs: an authorization is cancelled, a capture
 * refunded (what is not refunded yet), an attempt nobody paid stopped. Idempotency keys make a repeat
 * one operation at the provider.
 *
 * Before a refund the provider's own totals are read (decision 0056): the seller may have given part of
 * the money back in Stripe's dashboard or the Vipps portal, and its event may not have arrived, so only
 * the rest is asked for (Stripe Refunds `amount`, Vipps `modificationAmount`), never more than is left.
 */
export async function returnMoney(ctx: PaymentContext, row: PaymentRow, given: SettleOptions = {}) {
  const options = { ...given, ownRefund: true };
  const gateway = ctx.gateways[row.provider as PaymentProvider];
  if (!gateway) return row;
  const handle = handleOf(row);
  if (row.status === "created" || row.status === "authorized") {
    const state = await gateway.cancel(handle, `${row.reference}-cancel`);
    // The answer is what the provider now holds: an attempt paid just before the cancel reached it (a
    // Checkout Session completed, so there was nothing open to expire) is money taken, never "cancelled".
    const held = PAID_STATUSES.includes(state.status) || state.status === "refunded";
    return (
      (await applyProviderState(ctx, row.id, held ? state : { ...state, status: "cancelled" }, options)) ??
      row
    );
  }
  if (row.status === "captured") {
    // Read without applying: applying settles the order, which for a cancelled one returns this money.
    const held = await gateway.getPayment(handle);
    const capturedOre = Math.max(toOre(row.capturedAmount), held.capturedOre);
    const refundedOre = Math.max(toOre(row.refundedAmount), held.refundedOre);
    const owed = capturedOre - refundedOre;
    if (owed <= 0)
      return (await applyProviderState(ctx, row.id, { ...held, capturedOre, refundedOre }, options)) ?? row;
    const state = await gateway.refund(handle, owed, refundKey(row.reference, refundedOre));
    // The provider took the refund of all that was left: everything captured is given back.
    return (
      (await applyProviderState(
        ctx,
        row.id,
        {
          ...state,
          status: "refunded",
          capturedOre,
          refundedOre: Math.max(state.refundedOre, capturedOre),
        },
        options,
      )) ?? row
    );
  }
  return row;
}

/**
 * The idempotency key of "refund the rest": one operation per amount already refunded, so a repeat is
 * one refund at the provider, and a rest that changed (another partial refund came first) is a new one.
 * Within Vipps' 50 characters (our reference is 37).
 */
function refundKey(reference: string, refundedOre: number) {
  return refundedOre === 0 ? `${reference}-refund` : `${reference}-r${refundedOre.toString(36)}`;
}
