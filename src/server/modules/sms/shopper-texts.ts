import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";

/** The shopper's texts about an order after its confirmation (decision 0064), fixed templates all. */
export type ShopperTextPurpose = "order_cancelled" | "order_refunded" | "order_ready_for_pickup";

/**
 * Queues a text about the order to the number its confirmation went to, only where the shopper gets
 * texts (the order has a confirmation text that was not refused: not held back and dropped with an unpaid
 * order, not to a country Torg does not text), once per kind and order. The worker's limits per number,
 * per store and its allowed countries apply as to every text (decision 0022).
 */
export async function queueShopperText(tx: DbOrTx, orderId: string, purpose: ShopperTextPurpose) {
  await tx.execute(sql`
    insert into sms_outbox (order_id, store_id, to_number, purpose, link_origin)
    select c.order_id, c.store_id, c.to_number, ${purpose}, c.link_origin
    from sms_outbox c
    where c.order_id = ${orderId}::uuid and c.purpose = 'order_confirmation' and c.status <> 'refused'
      and not exists (select 1 from sms_outbox where order_id = c.order_id and purpose = ${purpose})
    limit 1`);
}
