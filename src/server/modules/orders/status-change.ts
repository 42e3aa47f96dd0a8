import { eq } from "drizzle-orm";
import type { OrderStatus } from "../../../shared/order";
import { orders } from "../../db/schema";
import { HttpError, notFound } from "../../lib/http-error";
import {
  capturePayment,
  latestPayment,
  type PaymentContext,
  PaymentProviderError,
  returnOrderMoney,
} from "../payments";
import { changeOrderStatus } from "./service";

/**
 * A seller changes an order's status, and the money follows BEFORE the status changes (decision 0034):
 * fulfilling captures a Vipps reservation; cancelling cancels a reservation or an attempt nobody paid,
 * or refunds money taken. When the provider refuses or cannot be reached the status stays as it was.
 * A capture runs once: a second is refused (409) and nothing is sent to the provider.
 */
export async function changeStatusWithPayment(
  ctx: PaymentContext,
  input: { orderId: string; status: OrderStatus; userId: string; trackingNumber?: string; restock?: boolean },
) {
  const [current] = await ctx.db
    .select({ status: orders.status })
    .from(orders)
    .where(eq(orders.id, input.orderId));
  // The same status moves no money, nor does reopening a cancelled order: its attempts ended with the
  // cancel, and changeOrderStatus refuses a reopen once money went back (decision 0067).
  const refused = !current || current.status === input.status || current.status === "cancelled";
  const payment = refused ? undefined : await latestPayment(ctx.db, input.orderId);
  if (payment) {
    try {
      if (input.status === "fulfilled" && payment.status === "authorized")
        await capturePayment(ctx, payment.id);
      if (input.status === "cancelled") await returnOrderMoney(ctx, input.orderId);
    } catch (error) {
      if (error instanceof PaymentProviderError) throw new HttpError(502, "paymentProviderDown");
      throw error;
    }
  }
  const changed = await changeOrderStatus(ctx.db, input.orderId, input.status, input.userId, {
    by: "seller",
    trackingNumber: input.trackingNumber,
    restock: input.restock,
  });
  if (!changed) throw notFound("orderNotFound");
  return changed;
}
