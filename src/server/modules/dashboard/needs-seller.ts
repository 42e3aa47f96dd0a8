import { type SQL, sql } from "drizzle-orm";
import type { SellerNotification, SellerNotificationKind } from "../../../shared/dashboard";
import type { DbOrTx } from "../../db/client";
import { PAID_STATUSES } from "../payments";

/**
 * What needs the seller (decision 0061), the one rule behind the bell (GET /api/notifications) and the
 * dashboard's "New orders": one row per order of the given stores that waits for its seller, with why
 * (`kind`) and since when (`since`, what the bell's "new" is measured by):
 * - `order`: paid, or pending with no online payment attempt (the manual flow: nothing waits for a
 *   provider), and not withdrawn. Since it was paid online (the provider's event), else since placed. An
 *   order waiting for an online payment (its attempt created, rejected, expired or failed) is the
 *   shopper's to pay, and a cancelled or fulfilled one is done.
 * - `withdrawal`: the shopper withdrew (angrerett, decision 0037) and the order is not cancelled yet:
 *   the seller confirms it and gives the money back, which cancelling does. Since withdrawn.
 * - `stockConflict`: the order is cancelled (its stock back on sale) and yet one of its payments holds
 *   the shopper's money (authorized or captured): paid after the expiry won the race, and not given
 *   back yet (decision 0034: at once, or by the payment worker when the provider could not be reached).
 *   Since the later of paid and cancelled.
 *
 * A stall sale (decision 0077) is handed over at the table: it is no `order` or `withdrawal` to see to.
 * It stays in `stockConflict`: money held for a cancelled sale is the seller's to give back wherever sold.
 *
 * Each arm reads only the store's own rows, by index: its paid and pending orders (the store and status
 * index), its withdrawn ones (a partial index), and its cancelled ones, each asked whether it holds money
 * through a partial index of the payments that do (migration 0014), without reading the payment. That
 * last arm costs in proportion to the store's cancelled orders; a join from the payments side would read
 * every payment ever captured, in every store.
 */
function needsSellerRows(storeIds: string[]): SQL {
  const stores = sql.join(
    storeIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const paid = sql.raw(PAID_STATUSES.map((status) => `'${status}'`).join(", "));
  // Each arm carries the order's columns the bell shows: joining orders again after the union makes the
  // planner hash the whole table.
  const columns = sql.raw("o.id as order_id, o.store_id, o.total_gross, o.ship_to_name, o.placed_at");
  return sql`
    select 'order' as kind, ${columns},
      coalesce(
        (select max(e.changed_at) from order_status_events e
          where e.order_id = o.id and e.to_status = 'paid' and e.changed_by = 'provider'),
        o.placed_at) as since
    from orders o
    where o.store_id in (${stores}) and o.withdrawn_at is null and o.channel = 'web'
      and (o.status = 'paid'
        or (o.status = 'pending' and not exists (select 1 from payments p where p.order_id = o.id)))
    union all
    select 'withdrawal', ${columns}, o.withdrawn_at
    from orders o
    where o.store_id in (${stores}) and o.withdrawn_at is not null and o.status <> 'cancelled' and o.channel = 'web'
    union all
    select 'stockConflict', ${columns},
      greatest(held.since,
        (select max(e.changed_at) from order_status_events e
          where e.order_id = o.id and e.to_status = 'cancelled'))
    from orders o
    cross join lateral (select max(p.authorised_at) as since, count(*) as payments from payments p
      where p.order_id = o.id and p.status in (${paid})) held
    where o.store_id in (${stores}) and o.status = 'cancelled' and held.payments > 0`;
}

/** How many orders of `storeIds` need their seller: the dashboard's "New orders". */
export async function countNeedsSeller(db: DbOrTx, storeIds: string[]): Promise<number> {
  if (storeIds.length === 0) return 0;
  const result = await db.execute<{ total: number }>(
    sql`select count(*)::int as total from (${needsSellerRows(storeIds)}) n`,
  );
  return Number(result.rows[0]?.total ?? 0);
}

export interface NeedsSeller {
  /** How many orders need the seller (countNeedsSeller's answer). */
  total: number;
  /** How many of them came to need the seller after `seenAt`. */
  unseen: number;
  /** The latest `limit` of them, by when they came to need the seller. */
  items: SellerNotification[];
}

interface Row extends Record<string, unknown> {
  kind: SellerNotificationKind;
  order_id: string;
  since: Date | string;
  store_name: string;
  total_gross: string;
  ship_to_name: string;
  placed_at: Date | string;
  total: number;
  unseen: number;
}

/** The bell's answer: what needs the seller in `storeIds`, counted and the latest listed, in one statement. */
export async function listNeedsSeller(
  db: DbOrTx,
  storeIds: string[],
  { seenAt, limit }: { seenAt: Date; limit: number },
): Promise<NeedsSeller> {
  if (storeIds.length === 0) return { total: 0, unseen: 0, items: [] };
  const result = await db.execute<Row>(sql`
    select n.kind, n.order_id, n.since, s.name as store_name, n.total_gross::text as total_gross,
      n.ship_to_name, n.placed_at,
      (count(*) over ())::int as total,
      (count(*) filter (where n.since > ${seenAt.toISOString()}::timestamptz) over ())::int as unseen
    from (${needsSellerRows(storeIds)}) n
    join stores s on s.id = n.store_id
    order by n.since desc, n.order_id desc
    limit ${Math.max(1, limit)}`);
  const first = result.rows[0];
  return {
    total: Number(first?.total ?? 0),
    unseen: Number(first?.unseen ?? 0),
    items: result.rows.slice(0, limit).map((row) => {
      const since = new Date(row.since);
      return {
        kind: row.kind,
        orderId: row.order_id,
        storeName: row.store_name,
        totalGross: row.total_gross,
        shipToName: row.ship_to_name,
        placedAt: new Date(row.placed_at).toISOString(),
        since: since.toISOString(),
        isNew: since > seenAt,
      };
    }),
  };
}
