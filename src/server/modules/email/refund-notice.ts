import { eq, sql } from "drizzle-orm";
import { toOre } from "../../../shared/money";
import type { Db } from "../../db/client";
import { orders, type payments } from "../../db/schema";
import { queueShopperText } from "../sms";

type PaymentRow = typeof payments.$inferSelect;

/** What a refund notice says, fixed when queued: a later refund is a notice of its own (decision 0064). */
export interface RefundNoticeParams {
  refunded: string;
  of: string;
  provider: string;
}

/**
 * The shopper's "{store} has refunded 10.00 kr of 300.00 kr" when a refund made at the provider (the
 * seller's dashboard or portal, decision 0056) is learnt: the payment's refunded amount grew. One notice
 * per refunded total, so the same event delivered twice, or read twice, queues one. Not for a cancelled
 * order: its cancellation mail names the refund (a cancel refunds before it cancels), and not to a
 * shopper whose receipt was never sent.
 */
export async function queueRefundNotice(db: Db, before: PaymentRow, after: PaymentRow) {
  if (toOre(after.refundedAmount) <= toOre(before.refundedAmount)) return;
  const [order] = await db.select({ status: orders.status }).from(orders).where(eq(orders.id, after.orderId));
  if (!order || order.status === "cancelled") return;
  // The text names no amount and goes once per order (its rows keep no amounts); the mail has them.
  await queueShopperText(db, after.orderId, "order_refunded");
  const params: RefundNoticeParams = {
    refunded: after.refundedAmount,
    of: after.capturedAmount,
    provider: after.provider,
  };
  await db.execute(sql`
    insert into email_outbox (order_id, store_id, to_address, purpose, link_origin, params)
    select o.id, o.store_id, o.buyer_email, 'order_refunded', receipt.link_origin, ${JSON.stringify(params)}::jsonb
    from orders o
    join lateral (select link_origin from email_outbox where order_id = o.id
      and purpose = 'order_confirmation' and status <> 'cancelled' limit 1) receipt on true
    where o.id = ${after.orderId}::uuid and o.status <> 'cancelled'
      and not exists (select 1 from email_outbox where order_id = o.id and purpose = 'order_refunded'
        and params->>'refunded' = ${params.refunded})`);
}
