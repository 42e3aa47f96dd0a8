import { and, eq, inArray } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { OrderPaymentState, PaymentStatus } from "../../../shared/payment";
import { PaymentProviderError } from "../../adapters/payments";
import { payments } from "../../db/schema";
import { conflict, HttpError } from "../../lib/http-error";
import { enforceQuota, HOUR_MS } from "../../lib/rate-limit";
import { orderByToken, PAYMENT_RETRIES_PER_ADDRESS_PER_HOUR, readOrderPayment } from "./service";
import { PAID_STATUSES, type PaymentContext, refreshPayment, returnMoney } from "./state";

/**
 * The shopper cancels her own unpaid order from her order page (decision 0063): only an order paid
 * online that is still waiting for its payment. An attempt under way is read first (she may have paid a
 * moment ago: then 409 `orderAlreadyPaid`, nothing changes) and stopped at the provider; the order is
 * cancelled through changeOrderStatus (stock back unless its hold ended already, held messages dropped),
 * recorded as the shopper's. Limited per client address like the retries; a provider that cannot be
 * reached is 502 and the order stays as it was.
 */
export async function cancelByShopper(
  ctx: PaymentContext,
  input: { token: string; client: { ip: string; log: FastifyBaseLogger; trustProxy: boolean } },
): Promise<OrderPaymentState> {
  const order = await orderByToken(ctx.db, input.token);
  if (order.status === "paid" || order.status === "fulfilled") throw conflict("orderAlreadyPaid");
  if (order.status !== "pending") throw conflict("orderNotAwaitingPayment");
  await enforceQuota(ctx.db, {
    key: `order-cancels:ip:${input.client.ip}`,
    limit: PAYMENT_RETRIES_PER_ADDRESS_PER_HOUR,
    windowMs: HOUR_MS,
    messageKey: "tooManyOrderCancels",
    address: input.client,
  });
  const attempts = await ctx.db.select().from(payments).where(eq(payments.orderId, order.id));
  // An order with no online payment is the seller's manual flow: the shopper asks the shop instead.
  if (attempts.length === 0) throw conflict("orderNotAwaitingPayment");
  const open = await ctx.db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, order.id), inArray(payments.status, ["created", ...PAID_STATUSES])));
  try {
    for (const row of open) {
      let current = row;
      if (current.status === "created") current = await refreshPayment(ctx, current, { keepHold: true });
      if (current.status === "created") current = await returnMoney(ctx, current, { keepHold: true });
      if (PAID_STATUSES.includes(current.status as PaymentStatus)) throw conflict("orderAlreadyPaid");
    }
  } catch (error) {
    if (error instanceof PaymentProviderError) throw new HttpError(502, "paymentProviderDown");
    throw error;
  }
  const cancelled = await ctx.orders.changeOrderStatus(ctx.db, order.id, "cancelled", null, {
    by: "shopper",
    onlyFrom: "pending",
  });
  // Paid or cancelled by someone else in between: the page shows what the order now is.
  if (!cancelled) throw conflict("orderNotAwaitingPayment");
  return readOrderPayment(ctx, input.token);
}
