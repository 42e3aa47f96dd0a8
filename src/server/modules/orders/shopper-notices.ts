import { and, eq, sql } from "drizzle-orm";
import type { OrderStatus } from "../../../shared/order";
import type { DbOrTx } from "../../db/client";
import { orders } from "../../db/schema";
import { queueShopperText } from "../sms";

/**
 * The shopper's e-mail about a status change, queued in the transaction that makes it (decisions 0037,
 * 0064). Each kind goes once per order, however often the status goes back and forth: the seller's undo
 * and redo never mails the shopper twice.
 * - Fulfilled: "ready for pick-up" for an order whose delivery is a pick-up, else "has been sent". One of
 *   the two per order: a pick-up order never reads "sent, no tracking number".
 * - Cancelled: "your order was cancelled", with what was refunded (read when the mail is composed, after
 *   the refund that came before the cancel). Only to a shopper who was told of the order: an order paid
 *   online that was cancelled before it was paid had its receipt dropped (held-messages.ts), and its
 *   shopper hears of it on the order page, not by a mail about an order they never had confirmed.
 * A stall sale gets none (decision 0077): it was handed over at the table, and its buyer's e-mail is ""
 * unless the seller added one. The link to the order page uses the address the receipt was queued with. Where the shopper gets texts,
 * a fixed text says the same, once per kind (sms/shopper-texts.ts); a shipped order gets no text, as before.
 */
export async function queueShopperNotice(tx: DbOrTx, orderId: string, status: OrderStatus) {
  if (status === "fulfilled") {
    await queueShippedNotice(tx, orderId);
    const [pickup] = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.id, orderId), eq(orders.deliveryKind, "pickup")));
    if (pickup) await queueShopperText(tx, orderId, "order_ready_for_pickup");
  }
  if (status === "cancelled") {
    await tx.execute(sql`
      insert into email_outbox (order_id, store_id, to_address, purpose, link_origin)
      select o.id, o.store_id, o.buyer_email, 'order_cancelled', receipt.link_origin
      from orders o
      join lateral (select link_origin from email_outbox where order_id = o.id
        and purpose = 'order_confirmation' and status <> 'cancelled' limit 1) receipt on true
      where o.id = ${orderId}::uuid and o.channel = 'web' and o.buyer_email <> ''
        and not exists (select 1 from email_outbox where order_id = o.id and purpose = 'order_cancelled')`);
    await queueShopperText(tx, orderId, "order_cancelled");
  }
}

/**
 * "Has been sent" (or, for a pick-up order, "ready for pick-up"), once per order: fulfilling queues it,
 * and so does booking the parcel with a carrier when the store fulfils only at delivery (decision 0079),
 * so the fulfil at delivery then sends no second mail. The shipped mail reads the tracking number and
 * the carrier's tracking link when it is composed.
 */
export async function queueShippedNotice(tx: DbOrTx, orderId: string) {
  await tx.execute(sql`
    insert into email_outbox (order_id, store_id, to_address, purpose, link_origin)
    select o.id, o.store_id, o.buyer_email,
      case when o.delivery_kind = 'pickup' then 'order_ready_for_pickup' else 'order_shipped' end,
      (select link_origin from email_outbox where order_id = o.id and purpose = 'order_confirmation' limit 1)
    from orders o
    where o.id = ${orderId}::uuid and o.channel = 'web' and o.buyer_email <> ''
      and not exists (select 1 from email_outbox where order_id = o.id
        and purpose in ('order_shipped', 'order_ready_for_pickup'))`);
}
