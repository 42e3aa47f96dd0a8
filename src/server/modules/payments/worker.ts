import { and, eq, inArray, isNull, lt, notExists, or, sql } from "drizzle-orm";
import type { PaymentStatus } from "../../../shared/payment";
import { orders, payments } from "../../db/schema";
import { IntervalWorker } from "../../lib/interval-worker";
import {
  attemptDeadline,
  captureAtStall,
  expireUnpaidOrder,
  PAID_STATUSES,
  type PaymentContext,
  type PaymentRow,
  refreshPayment,
  returnMoney,
  STALL_UNPAID_SALE_MS,
} from "./state";

const BATCH = 50;
/** An attempt younger than this is left to its webhook: the shopper is still on the provider's page. */
const FRESH_MS = 5_000;
const CLAIM_MS = 60_000;

export interface PaymentPassResult {
  read: number;
  expired: number;
  /** Paid attempts of cancelled orders whose money was given back in this pass. */
  returned: number;
  /** Stall payments authorized but not captured yet (Vipps could not be reached then), tried again. */
  captured: number;
}

/**
 * The payment worker (decision 0034), safe on many servers: unfinished attempts are claimed with
 * FOR UPDATE SKIP LOCKED and a lease, read from their provider (the webhook may never come), and an
 * order still unpaid PAYMENT_EXPIRY_MINUTES after it was placed is expired: its attempt cancelled at the
 * provider, the order cancelled through changeOrderStatus (which gives the stock back and drops the
 * messages held for the payment). A stall attempt (decision 0077) is ended at its own, shorter deadline
 * (attemptDeadline: the Vipps request's lifetime), and a stall sale left unpaid is cancelled
 * STALL_UNPAID_SALE_MS after its last attempt started. Money that reached an order already cancelled (the expiry won a race
 * with the shopper) and could not be given back at once is given back here: a cancelled order never
 * keeps a reservation or a capture.
 */
export async function runPaymentPass(ctx: PaymentContext, now = new Date()): Promise<PaymentPassResult> {
  const cutoff = new Date(now.getTime() - ctx.config.payments.expiryMs);
  const stallCutoff = new Date(now.getTime() - STALL_UNPAID_SALE_MS);
  const due = ctx.db
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(
        eq(payments.status, "created"),
        lt(payments.createdAt, new Date(now.getTime() - FRESH_MS)),
        or(isNull(payments.lockedUntil), lt(payments.lockedUntil, sql`now()`)),
      ),
    )
    .limit(BATCH)
    .for("update", { skipLocked: true });
  const claimed = await ctx.db
    .update(payments)
    .set({ lockedUntil: new Date(Date.now() + CLAIM_MS) })
    .where(inArray(payments.id, due))
    .returning();

  let expired = 0;
  for (const row of claimed) {
    try {
      let current: PaymentRow = await refreshPayment(ctx, row);
      const [order] = await ctx.db.select().from(orders).where(eq(orders.id, row.orderId));
      if (
        current.status === "created" &&
        order &&
        now.getTime() >= attemptDeadline(current, order, ctx.config).getTime()
      ) {
        current = await returnMoney(ctx, current);
        await ctx.db
          .update(payments)
          .set({ status: "expired", updatedAt: new Date() })
          .where(and(eq(payments.id, current.id), eq(payments.status, "cancelled")));
      }
    } catch (error) {
      ctx.log.warn({ err: error, paymentId: row.id }, "payment worker could not read or cancel an attempt");
    } finally {
      await ctx.db.update(payments).set({ lockedUntil: null }).where(eq(payments.id, row.id));
    }
  }

  // Orders waiting for an online payment past the expiry, with no attempt paid or under way: a web order
  // its time to pay after it was placed, a stall sale STALL_UNPAID_SALE_MS after its last attempt.
  const stale = await ctx.db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.status, "pending"),
        or(
          and(eq(orders.channel, "web"), lt(orders.placedAt, cutoff)),
          and(
            eq(orders.channel, "stall"),
            sql`not exists (select 1 from ${payments} p where p.order_id = ${orders.id} and p.created_at >= ${stallCutoff})`,
          ),
        ),
        sql`exists (select 1 from ${payments} p where p.order_id = ${orders.id})`,
        notExists(
          ctx.db
            .select({ id: payments.id })
            .from(payments)
            .where(
              and(
                eq(payments.orderId, orders.id),
                inArray(payments.status, ["created", "authorized", "captured"]),
              ),
            ),
        ),
      ),
    )
    .limit(BATCH);
  for (const order of stale) {
    if (await expireUnpaidOrder(ctx, order.id)) expired += 1;
  }

  // Paid attempts of cancelled orders: settleOrder gives them back when they arrive; this is its retry.
  const strandedDue = ctx.db
    .select({ id: payments.id })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(
      and(
        inArray(payments.status, PAID_STATUSES),
        eq(orders.status, "cancelled"),
        or(isNull(payments.lockedUntil), lt(payments.lockedUntil, sql`now()`)),
      ),
    )
    .limit(BATCH)
    .for("update", { of: payments, skipLocked: true });
  const stranded = await ctx.db
    .update(payments)
    .set({ lockedUntil: new Date(Date.now() + CLAIM_MS) })
    .where(inArray(payments.id, strandedDue))
    .returning();
  let returned = 0;
  for (const row of stranded) {
    try {
      const after = await returnMoney(ctx, row);
      if (!PAID_STATUSES.includes(after.status as PaymentStatus)) returned += 1;
    } catch (error) {
      ctx.log.warn(
        { err: error, paymentId: row.id },
        "payment worker could not return a cancelled order's money",
      );
    } finally {
      await ctx.db.update(payments).set({ lockedUntil: null }).where(eq(payments.id, row.id));
    }
  }

  // Stall payments authorized and not captured (settleOrder's capture could not run): taken now.
  const uncaptured = await ctx.db
    .select()
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(
      and(
        eq(payments.status, "authorized"),
        eq(orders.channel, "stall"),
        eq(orders.status, "paid"),
        or(isNull(payments.lockedUntil), lt(payments.lockedUntil, sql`now()`)),
      ),
    )
    .limit(BATCH);
  let captured = 0;
  for (const { payments: row } of uncaptured) {
    await captureAtStall(ctx, row);
    const [after] = await ctx.db
      .select({ status: payments.status })
      .from(payments)
      .where(eq(payments.id, row.id));
    if (after?.status === "captured") captured += 1;
  }
  return { read: claimed.length, expired, returned, captured };
}

/** Runs passes on a timer (like the housekeeping and SMS workers); tests call run() instead. */
export class PaymentWorker extends IntervalWorker<Awaited<ReturnType<typeof runPaymentPass>>> {
  constructor(ctx: PaymentContext, intervalMs: number) {
    super({
      name: "payment",
      intervalMs: intervalMs,
      log: ctx.log,
      pass: (now) => runPaymentPass(ctx, now),
    });
  }
}
