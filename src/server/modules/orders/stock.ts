import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";

/**
 * Puts a cancelled order's stock back on its products and variants (decision 0032). The caller holds the
 * order's row lock and has checked that the order was not cancelled before, so it runs once per order.
 * Unlimited rows (stock_qty null) stay unlimited; a deleted product or variant has nothing to get back.
 * Products are locked before variants, each in id order and FOR NO KEY UPDATE, as the checkout's
 * TAKE_STOCK_SQL does, so a cancel and a checkout queue instead of deadlocking (FOR UPDATE would also wait
 * for the key-share locks of order items a running checkout has written).
 */
export async function returnOrderStock(tx: DbOrTx, orderId: string) {
  await tx.execute(sql`
    with items as (
      select product_id, variant_id, sum(qty)::int as qty from order_items
      where order_id = ${orderId} and product_id is not null
      group by product_id, variant_id
    ), product_rows as materialized (
      select p.id from products p
      where p.id in (select product_id from items where variant_id is null) and p.stock_qty is not null
      order by p.id for no key update
    )
    update products p set stock_qty = p.stock_qty + i.qty, updated_at = now()
    from items i
    where i.variant_id is null and p.id = i.product_id and p.id in (select id from product_rows)`);
  await tx.execute(sql`
    with items as (
      select variant_id, sum(qty)::int as qty from order_items
      where order_id = ${orderId} and variant_id is not null
      group by variant_id
    ), variant_rows as materialized (
      select v.id from product_variants v
      where v.id in (select variant_id from items) and v.stock_qty is not null
      order by v.id for no key update
    )
    update product_variants v set stock_qty = v.stock_qty + i.qty
    from items i where v.id = i.variant_id and v.id in (select id from variant_rows)`);
}
