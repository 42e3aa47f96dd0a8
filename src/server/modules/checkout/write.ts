import type { PreparedQuery } from "../../db/client";
import { HELD_UNTIL } from "../orders";

/** One priced order as WRITE_ORDERS_SQL reads it from its JSON parameter. */
export interface OrderToWrite {
  /** Its place in the batch: the statement answers one row per order, in this order. */
  n: number;
  order_id: string;
  store_id: string;
  /** pending, or paid when a gift card paid all of it (total_gross 0, decision 0076). */
  status: "pending" | "paid";
  total_gross: string;
  /** The price rules (decision 0076), as priced: the code as the store spells it, and the amounts. */
  discount_code: string | null;
  discount_code_id: string | null;
  discount_total: string;
  gift_card_total: string;
  gift_card_sales: string;
  buyer_email: string;
  ship_to_name: string;
  /** E.164. */
  ship_to_phone: string;
  /** Left out when the order keeps no address (a JSON null would be a jsonb null, not SQL null). */
  ship_to_addr?: Record<string, string>;
  idempotency_key: string | null;
  request_hash: string;
  delivery_option_id: string | null;
  delivery_name: string | null;
  delivery_kind: string | null;
  delivery_price: string | null;
  /** A carrier's service chosen at checkout (decision 0079); null on a flat option or none. */
  shipping_carrier: string | null;
  shipping_service: string | null;
  shipping_price_source: "bring" | "seller" | null;
  /** Left out when there is none (as ship_to_addr: a JSON null would be a jsonb null). */
  pickup_point?: { id: string; name: string; address: string; postalCode: string; city: string };
  expected_delivery: string | null;
  vat: { rate: number; amount: string }[];
  items: {
    line: number;
    /** null on a gift card bought. */
    product_id: string | null;
    variant_id: string | null;
    title: string;
    variant_label: string | null;
    unit_price: string;
    qty: number;
    /** A gift card bought: who it is for (left out on a product's line). */
    gift_card?: Record<string, string>;
  }[];
  /** Torg's address for the link in the buyer's text, or null. */
  sms_link_origin: string | null;
  /** Torg's address for the link in the buyer's e-mail, or null. */
  email_link_origin: string | null;
  /** The order's texts and e-mails wait for payment (decision 0034). */
  hold_messages: boolean;
  /** The buyer's phone gets the confirmation text: a number in a country Torg texts (decision 0068). */
  text_buyer: boolean;
  /**
   * web, or stall: a sale on the market screen (decision 0077), which queues no messages at placing and
   * whose first events are the seller's.
   */
  channel: "web" | "stall";
  /** Who placed it, in its first status event: the shopper online, the seller at the stall. */
  placed_by: "shopper" | "seller";
  /** A stall sale's own columns (decision 0077); null on a web order. */
  client_sale_id: string | null;
  sold_at: string | null;
  market_session_id: string | null;
  payment_method: string | null;
  cash_given: string | null;
  terminal_ref: string | null;
  buyer_address: string | null;
}

/** One order's row: written (placed_at and its items), or skipped because its Idempotency-Key was used. */
export type WrittenRow = {
  placed_at: string | Date | null;
  public_token: string | null;
  items: {
    id: string;
    product_id: string | null;
    variant_id: string | null;
    title: string;
    variant_label: string | null;
    unit_price: string;
    qty: number;
    gift_card: Record<string, string> | null;
  }[];
};

/**
 * Writes a batch of priced orders at once (decision 0046): $1 is the orders as JSON (OrderToWrite, each
 * with its place `n`), and it answers one row per order, in that order. It computes no amount and checks
 * no rule: the prices, delivery, total and VAT are the checkout's (price.ts), taken here as data. Its text
 * never changes, so PostgreSQL plans it once per connection, and a batch pays for one execution.
 *
 * Each order gets its items, its first status event (and a second, pending to paid, when a gift card paid
 * all of it: the history says it was placed and then paid, as an order paid online says) and its
 * messages, composed when sent (see
 * SmsOutboxWorker and EmailOutboxWorker). They wait for payment when it is paid online (held at
 * next_attempt_at = 9999-12-31 until the order is paid, decision 0034). The seller's new-order text is
 * queued only when the store's phone is verified (it equals the number the seller proved with a code): a
 * phone nobody verified could be anyone's. The buyer's confirmation text only when their number is in a
 * country Torg texts (text_buyer, decision 0068); every buyer gets the receipt e-mail, and members who
 * keep e-mail notifications on the new-order e-mail (decision 0037).
 *
 * The same Idempotency-Key twice in a batch: ON CONFLICT skips the second, which is answered with the
 * first's order after the commit, as two requests in one transaction were before.
 */
// The leading comment names the statement in pg_stat_activity, which keeps only the first 1 KB of its text
// (track_activity_query_size): the fault tests find checkouts waiting on a lock by it.
const WRITE_ORDERS_SQL = `/* torg:place_order */
  with input as materialized (
    select * from jsonb_to_recordset($1::jsonb) as i(n int, order_id uuid, store_id uuid, status text,
      total_gross numeric, discount_code text, discount_code_id uuid, discount_total numeric,
      gift_card_total numeric, gift_card_sales numeric, buyer_email text, ship_to_name text, ship_to_phone text, ship_to_addr jsonb, idempotency_key text,
      request_hash text, delivery_option_id uuid, delivery_name text, delivery_kind text, delivery_price numeric,
      shipping_carrier text, shipping_service text, shipping_price_source text, pickup_point jsonb, expected_delivery text,
      vat jsonb, items jsonb, sms_link_origin text, email_link_origin text, hold_messages boolean, text_buyer boolean,
      channel text, placed_by text, client_sale_id text, sold_at timestamptz, market_session_id uuid, payment_method text,
      cash_given numeric, terminal_ref text, buyer_address text)
  ), new_order as (
    insert into orders (id, store_id, status, total_gross, currency_code, buyer_email, ship_to_name, ship_to_phone,
      ship_to_addr, idempotency_key, request_hash, delivery_option_id, delivery_name, delivery_kind, delivery_price,
      shipping_carrier, shipping_service, shipping_price_source, pickup_point, expected_delivery, vat,
      discount_code, discount_code_id, discount_total, gift_card_total, gift_card_sales, channel, client_sale_id,
      sold_at, market_session_id, payment_method, cash_given, terminal_ref, buyer_address)
    select i.order_id, i.store_id, i.status, i.total_gross, 'NOK', i.buyer_email, i.ship_to_name, i.ship_to_phone,
      i.ship_to_addr, i.idempotency_key, i.request_hash, i.delivery_option_id, i.delivery_name, i.delivery_kind,
      i.delivery_price, i.shipping_carrier, i.shipping_service, i.shipping_price_source, i.pickup_point,
      i.expected_delivery, i.vat, i.discount_code, i.discount_code_id, i.discount_total, i.gift_card_total,
      i.gift_card_sales, i.channel, i.client_sale_id, i.sold_at, i.market_session_id, i.payment_method,
      i.cash_given, i.terminal_ref, i.buyer_address
    from input i
    order by i.n
    -- Either key used before (a web order's Idempotency-Key, a stall sale's client_sale_id in its store):
    -- skipped, and answered with the order it placed after the commit.
    on conflict do nothing
    returning id, placed_at, public_token
  ), placed as materialized (
    select i.n, i.store_id, i.status, i.channel, i.placed_by, i.items, i.buyer_email, i.ship_to_phone, i.text_buyer, i.sms_link_origin,
      i.email_link_origin, case when i.hold_messages then ${HELD_UNTIL} else now() end as messages_due, o.id,
      o.placed_at, o.public_token
    from new_order o join input i on i.order_id = o.id
  ), store as materialized (
    select s.id, case when s.phone = s.verified_phone then s.phone end as verified_phone,
      exists (
        select 1 from store_members m join user_settings us on us.user_id = m.user_id
        where m.store_id = s.id and us.sms_notifications
      ) as seller_sms
    from stores s where s.id in (select store_id from placed)
  ), new_items as (
    insert into order_items (order_id, product_id, variant_id, title, variant_label, unit_price, qty, gift_card)
    select o.id, l.product_id, l.variant_id, l.title, l.variant_label, l.unit_price, l.qty, l.gift_card
    from placed o, jsonb_to_recordset(o.items) as l(line int, product_id uuid, variant_id uuid, title text,
      variant_label text, unit_price numeric, qty int, gift_card jsonb)
    order by o.n, l.line
    returning order_id, id, product_id, variant_id, title, variant_label, unit_price::text as unit_price, qty,
      gift_card
  ), first_event as (
    insert into order_status_events (order_id, from_status, to_status, changed_by, changed_at)
    select e.id, e.from_status, e.to_status, e.changed_by, e.changed_at from (
      select id, null::text, 'pending', placed_by, now(), n, 0 from placed
      -- Paid at once (by a gift card, or in cash or on the terminal at the stall): a moment after it was
      -- placed, so the history reads in order.
      union all select id, 'pending', 'paid', placed_by, clock_timestamp(), n, 1 from placed where status = 'paid'
    ) as e(id, from_status, to_status, changed_by, changed_at, n, step)
    order by e.n, e.step
  ), queued_sms as (
    insert into sms_outbox (order_id, store_id, to_number, purpose, link_origin, next_attempt_at)
    select o.id, s.id, m.to_number, m.purpose, m.link_origin, o.messages_due
    from placed o join store s on s.id = o.store_id,
      lateral (values (case when o.text_buyer then o.ship_to_phone end, 'order_confirmation', o.sms_link_origin),
        (case when s.seller_sms then s.verified_phone end, 'seller_new_order', null))
        as m(to_number, purpose, link_origin)
    -- A stall sale is handed over at the table: no messages at placing (its receipt is asked for apart).
    where m.to_number is not null and o.channel = 'web'
  ), queued_email as (
    insert into email_outbox (order_id, store_id, to_address, purpose, link_origin, next_attempt_at)
    select o.id, o.store_id, m.to_address, m.purpose, o.email_link_origin, o.messages_due
    from placed o, lateral (
      select o.buyer_email as to_address, 'order_confirmation' as purpose
      union all
      select u.email, 'seller_new_order' from store_members sm join users u on u.id = sm.user_id
        left join user_settings us on us.user_id = sm.user_id
      where sm.store_id = o.store_id and coalesce(us.email_notifications, true)
    ) as m
    where o.channel = 'web'
  )
  select o.placed_at, o.public_token,
    coalesce((
      select json_agg(json_build_object('id', ni.id, 'product_id', ni.product_id, 'variant_id', ni.variant_id,
        'title', ni.title, 'variant_label', ni.variant_label, 'unit_price', ni.unit_price, 'qty', ni.qty,
        'gift_card', ni.gift_card))
      from new_items ni where ni.order_id = o.id
    ), '[]'::json) as items
  from input i
  left join placed o on o.n = i.n
  order by i.n`;

/**
 * Takes the stock of orders the checkout statement has just written in this transaction (decision 0043).
 * $1: their limited lines as JSON [{product_id, variant_id, qty}] (variant_id null on a product's own
 * line), the same product or variant any number of times.
 *
 * It locks the rows, products before variants and each in id order (as returnOrderStock does, so two
 * checkouts, or a checkout and a cancel, queue instead of deadlocking). The lock is FOR NO KEY UPDATE,
 * the one an UPDATE of stock_qty takes anyway: the checkout statements have already written order items
 * whose foreign keys hold FOR KEY SHARE on these rows, and FOR UPDATE would wait for each other's. A row lock waits for whoever
 * holds the row and hands back its newest committed version whatever this statement's snapshot says, so
 * `enough` is decided on current stock, and the UPDATEs apply to that same version (PostgreSQL re-reads
 * a row changed since the snapshot before updating it). Either every row has enough and all of it is
 * taken, or nothing is and the rows' current stock comes back, for the caller to roll back with.
 * Unlimited rows (stock_qty null) are neither locked nor changed. The checks stock_qty >= 0 stay the last
 * guard: an error, never an oversell.
 */
const TAKE_STOCK_SQL = `/* torg:take_stock */
  with wanted as materialized (
    select w.product_id, w.variant_id, sum(w.qty)::int as qty
    from jsonb_to_recordset($1::jsonb) as w(product_id uuid, variant_id uuid, qty int)
    group by w.product_id, w.variant_id
  ), locked_products as materialized (
    select p.id, p.stock_qty from products p
    where p.id in (select product_id from wanted where variant_id is null) and p.stock_qty is not null
    order by p.id for no key update
  ), locked_variants as materialized (
    select v.id, v.stock_qty from product_variants v
    -- The count makes every product lock come before the first variant lock.
    where v.id in (select variant_id from wanted where variant_id is not null) and v.stock_qty is not null
      and (select count(*) from locked_products) >= 0
    order by v.id for no key update
  ), enough as materialized (
    select not exists (
      select 1 from wanted w join locked_products p on p.id = w.product_id
      where w.variant_id is null and p.stock_qty < w.qty
    ) and not exists (
      select 1 from wanted w join locked_variants v on v.id = w.variant_id where v.stock_qty < w.qty
    ) as ok
  ), taken_products as (
    update products p set stock_qty = p.stock_qty - w.qty, updated_at = now()
    from wanted w
    where (select ok from enough) and w.variant_id is null and p.id = w.product_id
      and p.id in (select id from locked_products)
    returning p.id, p.stock_qty
  ), taken_variants as (
    update product_variants v set stock_qty = v.stock_qty - w.qty
    from wanted w
    where (select ok from enough) and v.id = w.variant_id and v.id in (select id from locked_variants)
    returning v.id, v.stock_qty
  )
  select e.ok, coalesce(case when e.ok
    then (select json_agg(t) from (
      select 'p:' || id as key, stock_qty from taken_products
      union all select 'v:' || id, stock_qty from taken_variants) t)
    else (select json_agg(t) from (
      select 'p:' || id as key, stock_qty from locked_products
      union all select 'v:' || id, stock_qty from locked_variants) t)
    end, '[]'::json) as stock
  from enough e`;

type TakeStockRow = { ok: boolean; stock: { key: string; stock_qty: number }[] };

/** Writes a batch's priced orders: one row per order, in the batch's order. */
export function writeOrders(query: PreparedQuery, orders: OrderToWrite[]): Promise<WrittenRow[]> {
  return query<WrittenRow>("place_orders", WRITE_ORDERS_SQL, [JSON.stringify(orders)]);
}

/**
 * Takes the stock of the written orders' limited lines: ok, with what is left of each row taken; or not
 * ok (nothing taken), with the locked rows' current stock. Keys are `p:<product id>` and `v:<variant id>`.
 */
export async function takeStock(
  query: PreparedQuery,
  wanted: { product_id: string; variant_id: string | null; qty: number }[],
): Promise<{ ok: boolean; left: Map<string, number> }> {
  if (wanted.length === 0) return { ok: true, left: new Map() };
  const [taken] = await query<TakeStockRow>("take_stock", TAKE_STOCK_SQL, [JSON.stringify(wanted)]);
  return { ok: Boolean(taken?.ok), left: new Map(taken?.stock.map((entry) => [entry.key, entry.stock_qty])) };
}
