import type { PaymentStatus } from "../../../shared/payment";
import { conflict } from "../../lib/http-error";
import { hitRateLimit } from "../../lib/rate-limit";
import {
  latestPayment,
  PAID_STATUSES,
  type PaymentContext,
  refreshPayment,
  returnMoney,
  type SettleOptions,
} from "./state";

/**
 * How often a stall sale's screen may have Torg ask Vipps about an attempt under way (as the web order
 * page, decision 0056): asks in between answer from the database, which the webhook keeps current.
 */
export const STALL_READ_INTERVAL_MS = 3_000;

/**
 * Stops an order's attempt under way at its provider before the seller does something else with the sale
 * (a new QR or push, cash, giving it up; decision 0077): read first (it may have been paid a moment ago),
 * then cancelled (Vipps: "If the payment has not yet reached the AUTHORIZED state, a cancellation by the
 * merchant via the API will result in the TERMINATED state"). `keepHold` keeps the sale's stock for what
 * comes next. Refuses with 409 orderAlreadyPaid when the shopper had paid: the sale is paid by Vipps.
 */
export async function stopAttemptUnderWay(ctx: PaymentContext, orderId: string, options: SettleOptions = {}) {
  let latest = await latestPayment(ctx.db, orderId);
  if (latest?.status === "created") {
    latest = await refreshPayment(ctx, latest, options);
    if (latest.status === "created") latest = await returnMoney(ctx, latest, options);
  }
  if (latest && PAID_STATUSES.includes(latest.status as PaymentStatus)) throw conflict("orderAlreadyPaid");
  if (latest?.status === "created") throw conflict("paymentUnderWay");
}

/**
 * The stall's read of a sale waiting for Vipps: when its webhook has not come, the attempt is read from
 * Vipps, at most once per STALL_READ_INTERVAL_MS per attempt (counted in the database, so every app server
 * keeps to it). What Vipps says moves the sale (paid and captured, or its stock back), never the screen.
 */
export async function readAttemptUnderWay(ctx: PaymentContext, orderId: string) {
  const payment = await latestPayment(ctx.db, orderId);
  if (payment?.status !== "created") return;
  const { allowed } = await hitRateLimit(ctx.db, `payment-read:${payment.id}`, 1, STALL_READ_INTERVAL_MS);
  if (!allowed) return;
  await refreshPayment(ctx, payment).catch((error: unknown) =>
    ctx.log.warn({ err: error, paymentId: payment.id }, "could not read a stall payment from Vipps"),
  );
}
