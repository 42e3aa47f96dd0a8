import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { HttpError } from "../../lib/http-error";

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

type HeldLine = {
  title: string;
  variant_label: string | null;
  product_id: string;
  variant_id: string | null;
  qty: number;
  stock_qty: number | null;
};

/**
 * Takes an order's stock again after it was given back while the order stayed payable (decision 0063:
 * its payment attempt ended unpaid, the shopper pays now). The same locks in the same order as
 * returnOrderStock and the checkout's TAKE_STOCK_SQL (products, then variants, each in id order, FOR NO KEY
 * UPDATE); either every line has enough and all is taken, or nothing is and the answer is the checkout's
 * 409 naming the product (soldOut / notEnoughStock) the shopper can no longer have. The caller holds the
 * order's row lock.
 */
export async function takeOrderStockAgain(tx: DbOrTx, orderId: string) {
  const locked = await tx.execute<HeldLine>(sql`
    with items as (
      select product_id, variant_id, sum(qty)::int as qty from order_items
      where order_id = ${orderId} and product_id is not null
      group by product_id, variant_id
    ), product_rows as materialized (
      select p.id, p.stock_qty, p.title from products p
      where p.id in (select product_id from items) order by p.id for no key update
    ), variant_rows as materialized (
      select v.id, v.stock_qty, v.label from product_variants v
      where v.id in (select variant_id from items where variant_id is not null)
        and (select count(*) from product_rows) >= 0
      order by v.id for no key update
    )
    select p.title, v.label as variant_label, i.product_id, i.variant_id, i.qty,
      case when i.variant_id is null then p.stock_qty else v.stock_qty end as stock_qty
    from items i join product_rows p on p.id = i.product_id
    left join variant_rows v on v.id = i.variant_id`);
  const lines = locked.rows;
  for (const line of lines) {
    if (line.stock_qty === null || line.stock_qty >= line.qty) continue;
    const name = line.variant_label ? `${line.title} (${line.variant_label})` : line.title;
    const body = { productId: line.product_id, variantId: line.variant_id, stockQty: line.stock_qty };
    throw line.stock_qty <= 0
      ? new HttpError(409, "soldOut", { title: name }, {}, body)
      : new HttpError(409, "notEnoughStock", { title: name, left: line.stock_qty }, {}, body);
  }
  await tx.execute(sql`
    with items as (
      select product_id, sum(qty)::int as qty from order_items
      where order_id = ${orderId} and product_id is not null and variant_id is null group by product_id
    )
    update products p set stock_qty = p.stock_qty - i.qty, updated_at = now()
    from items i where p.id = i.product_id and p.stock_qty is not null`);
  await tx.execute(sql`
    with items as (
      select variant_id, sum(qty)::int as qty from order_items
      where order_id = ${orderId} and variant_id is not null group by variant_id
    )
    update product_variants v set stock_qty = v.stock_qty - i.qty
    from items i where v.id = i.variant_id and v.stock_qty is not null`);
}

/**
 * Puts some pieces of an order back on their products and variants (a return at the stall, decision
 * 0077): `lines` are order item ids and how many of each. The same locks in the same order as
 * returnOrderStock (products, then variants, each in id order, FOR NO KEY UPDATE); unlimited rows stay
 * unlimited, a deleted product or variant has nothing to get back. The caller holds the order's row lock.
 */
export async function returnItemStock(
  tx: DbOrTx,
  orderId: string,
  lines: readonly { itemId: string; qty: number }[],
) {
  if (lines.length === 0) return;
  const given = JSON.stringify(lines.map((line) => ({ item_id: line.itemId, qty: line.qty })));
  const items = sql`
    items as (
      select oi.product_id, oi.variant_id, sum(g.qty)::int as qty
      from jsonb_to_recordset(${given}::jsonb) as g(item_id uuid, qty int)
      join order_items oi on oi.id = g.item_id and oi.order_id = ${orderId}::uuid
      where oi.product_id is not null
      group by oi.product_id, oi.variant_id
    )`;
  await tx.execute(sql`
    with ${items}, product_rows as materialized (
      select p.id from products p
      where p.id in (select product_id from items where variant_id is null) and p.stock_qty is not null
      order by p.id for no key update
    )
    update products p set stock_qty = p.stock_qty + i.qty, updated_at = now()
    from items i
    where i.variant_id is null and p.id = i.product_id and p.id in (select id from product_rows)`);
  await tx.execute(sql`
    with ${items}, variant_rows as materialized (
      select v.id from product_variants v
      where v.id in (select variant_id from items where variant_id is not null) and v.stock_qty is not null
      order by v.id for no key update
    )
    update product_variants v set stock_qty = v.stock_qty + i.qty
    from items i where v.id = i.variant_id and v.id in (select id from variant_rows)`);
}
