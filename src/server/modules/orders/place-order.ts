import { createHash, randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { MAX_QTY_PER_LINE, type OrderView, orderPagePath, type PlaceOrderInput } from "../../../shared/order";
import type { Database, Db } from "../../db/client";
import { orderItems, orders, stores } from "../../db/schema";
import { badRequest, conflict, HttpError } from "../../lib/http-error";
import { HELD_UNTIL } from "./held-messages";
import { toOrderItemView, toOrderView } from "./service";

/** total_gross is numeric(12,2): an order at or above this is refused rather than overflowing. */
const MAX_ORDER_TOTAL = 10_000_000_000;

/** What placing an order did: the order, its page, and whether an earlier request had placed it. */
export interface OrderPlacement {
  order: OrderView;
  /** The shopper's own order page, relative to Torg's address (decision 0026). */
  publicPath: string;
  /** true when an earlier request with the same Idempotency-Key already placed it. */
  replayed: boolean;
  /** This order took the last of a product or variant: cached shop pages must stop offering it. */
  soldOut: boolean;
}

/** The same request always hashes the same, whatever order the client listed its items in. */
function requestHashOf(input: PlaceOrderInput) {
  const canonical = {
    ...input,
    items: [...input.items].sort((a, b) =>
      `${a.productId}${a.variantId ?? ""}`.localeCompare(`${b.productId}${b.variantId ?? ""}`),
    ),
  };
  return createHash("sha256").update(JSON.stringify(canonical)).digest("hex");
}

/** The first order placed with this key, or a 409 when the key was used for a different request. */
async function findByIdempotencyKey(
  db: Db,
  key: string,
  requestHash: string,
): Promise<{ order: OrderView; publicPath: string } | undefined> {
  const [existing] = await db
    .select({ order: orders, storeName: stores.name, storeSlug: stores.slug })
    .from(orders)
    .innerJoin(stores, eq(stores.id, orders.storeId))
    .where(eq(orders.idempotencyKey, key));
  if (!existing) return undefined;
  if (existing.order.requestHash !== requestHash) throw conflict("idempotencyKeyReused");
  const items = await db.select().from(orderItems).where(eq(orderItems.orderId, existing.order.id));
  return {
    publicPath: orderPagePath(existing.storeSlug, existing.order.publicToken),
    order: toOrderView(existing.order, existing.storeName, items.map(toOrderItemView)),
  };
}

/** One line as the statement priced it, with what is needed to explain a refusal. */
type PricedLine = {
  product_id: string;
  variant_id: string | null;
  qty: number;
  title: string | null;
  is_active: boolean | null;
  store_id: string | null;
  variant_found: boolean;
  variant_label: string | null;
  /** The product has options, so a line must name one of its variants. */
  has_options: boolean | null;
  /** What is left of the line's product (or its variant) as the statement found it; null is unlimited. */
  stock_left: number | null;
};

type PlaceOrderRow = {
  store_name: string | null;
  /** The store has delivery options, so the order must name one of them. */
  delivery_required: boolean | null;
  delivery_found: boolean | null;
  /** A parcel was chosen without a street, postcode and city. */
  address_missing: boolean | null;
  delivery: { name: string; kind: "pickup" | "parcel"; price: string } | null;
  vat: { rate: number; amount: string }[] | null;
  store_slug: string | null;
  public_token: string | null;
  too_large: boolean | null;
  lines: PricedLine[];
  placed_at: string | Date | null;
  total_gross: string | null;
  items: {
    id: string;
    product_id: string;
    variant_id: string | null;
    title: string;
    variant_label: string | null;
    unit_price: string;
    qty: number;
  }[];
};

/** One checkout as PLACE_ORDERS_SQL reads it from its JSON parameter. */
interface CheckoutInput {
  /** Its place in the batch: the statement answers one row per checkout, in this order. */
  n: number;
  store_id: string;
  lines: { line: number; product_id: string; variant_id: string | null; qty: number }[];
  order_id: string;
  buyer_email: string;
  ship_to_name: string;
  /** E.164. */
  ship_to_phone: string;
  /** Left out when the order has no address (a JSON null would be a jsonb null, not SQL null). */
  ship_to_addr?: Record<string, string>;
  idempotency_key: string | null;
  request_hash: string;
  /** Torg's address for the link in the buyer's text, or null. */
  sms_link_origin: string | null;
  /** Torg's address for the link in the buyer's e-mail, or null. */
  email_link_origin: string | null;
  /** The order's texts and e-mails wait for payment (decision 0034). */
  hold_messages: boolean;
  /** The buyer's phone gets the confirmation text: a number in a country Torg texts (decision 0068). */
  text_buyer: boolean;
  delivery_option_id: string | null;
}

/**
 * The checkout statement, for a whole batch of checkouts at once (decision 0046): $1 is the checkouts as
 * JSON (CheckoutInput, each with its place `n` in the batch), and it answers one row per checkout, in
 * that order. Each checkout is judged on its own, exactly as if it were alone: its store, its lines, its
 * delivery; one refused order writes nothing and does not stop the others. Its text never changes, so
 * PostgreSQL plans it once per connection, and a batch pays for one execution (opening and locking the
 * twenty-odd tables and indexes it touches) rather than one per order.
 *
 * Each order's messages wait for payment when it is paid online (held at next_attempt_at = 9999-12-31
 * until the order is paid, decision 0034).
 *
 * Delivery and MVA (decision 0036): the option must be the store's own (required when the store has
 * any); its price comes from the table, free when the lines add up to its threshold, and is added to
 * total_gross. A parcel needs a street, a 4-digit postcode and a city; a pickup keeps no address. The VAT
 * included in total_gross at the store's rate is computed in integer øre, rounded half up, exactly as
 * vatIncludedOre in src/shared/vat.ts.
 *
 * Stock (decision 0043, which replaces 0032's row locks): this statement takes no lock. It reads
 * stock_qty from its snapshot and writes nothing for an order whose limited line is short there (the
 * refusal names what is left); otherwise it writes the order without touching the stock. The stock is
 * taken afterwards, in the same transaction, by TAKE_STOCK_SQL, the only statement of a checkout that
 * locks a product or variant: so the row locks every order of a popular product queues on are held for
 * one short statement and the commit, not for the whole checkout.
 *
 * The same Idempotency-Key twice in a batch: ON CONFLICT skips the second, which is answered with the
 * first's order after the commit, as two requests in one transaction were before.
 *
 * The seller's new-order text is queued only when the store's phone is verified (it equals the number
 * the seller proved with a code): a phone nobody verified could be anyone's. The buyer's confirmation text
 * only when the route found their number in a country Torg texts (text_buyer, decision 0068); every buyer
 * gets the receipt e-mail.
 */
// The leading comment names the statement in pg_stat_activity, which keeps only the first 1 KB of its text
// (track_activity_query_size): the fault tests find checkouts waiting on a lock by it.
const PLACE_ORDERS_SQL = `/* torg:place_order */
  with input as materialized (
    select * from jsonb_to_recordset($1::jsonb) as i(n int, store_id uuid, lines jsonb, order_id uuid,
      buyer_email text, ship_to_name text, ship_to_phone text, ship_to_addr jsonb, idempotency_key text,
      request_hash text, sms_link_origin text, email_link_origin text, hold_messages boolean,
      text_buyer boolean, delivery_option_id uuid)
  ), store as materialized (
    select i.n, s.id, s.name, s.slug, s.vat_rate,
      case when s.phone = s.verified_phone then s.phone end as verified_phone,
      exists (select 1 from delivery_options d where d.store_id = s.id) as has_delivery,
      exists (
        select 1 from store_members m join user_settings us on us.user_id = m.user_id
        where m.store_id = s.id and us.sms_notifications
      ) as seller_sms
    from input i join stores s on s.id = i.store_id and s.deleted_at is null
  ), lines as materialized (
    select i.n, l.line, l.product_id, l.variant_id, l.qty
    from input i, jsonb_to_recordset(i.lines) as l(line int, product_id uuid, variant_id uuid, qty int)
  ), line_products as (
    select p.id, p.title, p.is_active, p.store_id, p.base_price, p.stock_qty,
      jsonb_array_length(p.options) > 0 as has_options
    from products p where p.id in (select product_id from lines)
  ), line_variants as (
    select v.id, v.product_id, v.label, v.price, v.stock_qty
    from product_variants v where v.id in (select variant_id from lines)
  ), priced as materialized (
    select l.n, l.line, l.product_id, l.variant_id, l.qty, p.title, p.is_active, p.store_id, p.has_options,
      v.id is not null as variant_found, v.label as variant_label,
      coalesce(v.price, p.base_price) as unit_price,
      case when l.variant_id is null then p.stock_qty else v.stock_qty end as stock_left
    from lines l
    left join line_products p on p.id = l.product_id
    left join line_variants v on v.id = l.variant_id and v.product_id = l.product_id
  ), lines_total as materialized (
    select i.n, (select sum(p.unit_price * p.qty) from priced p where p.n = i.n) as gross from input i
  ), delivery as materialized (
    select i.n, d.id, d.name, d.kind,
      case when d.free_above is not null and t.gross >= d.free_above then 0.00 else d.price end as price,
      d.kind = 'parcel' and not (
        coalesce(i.ship_to_addr ->> 'street', '') <> '' and coalesce(i.ship_to_addr ->> 'post', '') ~ '^[0-9]{4}$'
        and coalesce(i.ship_to_addr ->> 'city', '') <> ''
      ) as address_missing
    from input i
    join store s on s.n = i.n
    join delivery_options d on d.id = i.delivery_option_id and d.store_id = s.id
    join lines_total t on t.n = i.n
  ), total as materialized (
    select t.n, t.gross + coalesce(d.price, 0) as gross
    from lines_total t left join delivery d on d.n = t.n
  ), vat as materialized (
    select t.n, coalesce(case when s.vat_rate is not null then
      jsonb_build_array(jsonb_build_object('rate', s.vat_rate, 'amount',
        (((2 * (t.gross * 100)::bigint * s.vat_rate + (100 + s.vat_rate))
          / (2 * (100 + s.vat_rate)))::numeric / 100)::numeric(14, 2)::text))
      end, '[]'::jsonb) as lines
    from total t left join store s on s.n = t.n
  ), new_order as (
    insert into orders (id, store_id, status, total_gross, currency_code, buyer_email, ship_to_name, ship_to_phone,
      ship_to_addr, idempotency_key, request_hash, delivery_option_id, delivery_name, delivery_kind, delivery_price, vat)
    select i.order_id, s.id, 'pending', t.gross, 'NOK', i.buyer_email, i.ship_to_name, i.ship_to_phone,
      case when d.kind = 'pickup' then null else i.ship_to_addr end, i.idempotency_key, i.request_hash,
      d.id, d.name, d.kind, d.price, v.lines
    from input i
    join store s on s.n = i.n
    join total t on t.n = i.n
    join vat v on v.n = i.n
    left join delivery d on d.n = i.n
    where not exists (
      select 1 from priced p
      where p.n = i.n and (p.title is null or not p.is_active or p.store_id <> s.id
        or (p.variant_id is not null and not p.variant_found) or (p.variant_id is null and p.has_options)
        or p.stock_left < p.qty)
    ) and t.gross < ${MAX_ORDER_TOTAL}
      and (case when i.delivery_option_id is null then not s.has_delivery else d.id is not null end)
      and not coalesce(d.address_missing, false)
    order by i.n
    on conflict (idempotency_key) where idempotency_key is not null do nothing
    returning id, placed_at, total_gross, public_token
  ), placed as materialized (
    select i.n, i.buyer_email, i.ship_to_phone, i.text_buyer, i.sms_link_origin, i.email_link_origin,
      case when i.hold_messages then ${HELD_UNTIL} else now() end as messages_due, o.id
    from new_order o join input i on i.order_id = o.id
  ), new_items as (
    insert into order_items (order_id, product_id, variant_id, title, variant_label, unit_price, qty)
    select o.id, p.product_id, p.variant_id, p.title, p.variant_label, p.unit_price, p.qty
    from placed o join priced p on p.n = o.n
    order by o.n, p.line
    returning order_id, id, product_id, variant_id, title, variant_label, unit_price::text as unit_price, qty
  ), first_event as (
    insert into order_status_events (order_id, from_status, to_status, changed_by)
    select id, null, 'pending', 'shopper' from placed order by n
  ), queued_sms as (
    insert into sms_outbox (order_id, store_id, to_number, purpose, link_origin, next_attempt_at)
    select o.id, s.id, m.to_number, m.purpose, m.link_origin, o.messages_due
    from placed o join store s on s.n = o.n,
      lateral (values (case when o.text_buyer then o.ship_to_phone end, 'order_confirmation', o.sms_link_origin),
        (case when s.seller_sms then s.verified_phone end, 'seller_new_order', null))
        as m(to_number, purpose, link_origin)
    where m.to_number is not null
  ), queued_email as (
    -- decision 0037: the buyer's receipt, and the new-order e-mail to members who keep e-mail notifications on.
    -- An order paid online holds both until the provider says it is paid, as its text (decision 0034).
    insert into email_outbox (order_id, store_id, to_address, purpose, link_origin, next_attempt_at)
    select o.id, s.id, m.to_address, m.purpose, o.email_link_origin, o.messages_due
    from placed o join store s on s.n = o.n, lateral (
      select o.buyer_email as to_address, 'order_confirmation' as purpose
      union all
      select u.email, 'seller_new_order' from store_members sm join users u on u.id = sm.user_id
        left join user_settings us on us.user_id = sm.user_id
      where sm.store_id = s.id and coalesce(us.email_notifications, true)
    ) as m
  )
  select s.name as store_name, s.slug as store_slug, s.has_delivery as delivery_required,
    d.id is not null as delivery_found, d.address_missing,
    case when d.id is not null then json_build_object('name', d.name, 'kind', d.kind, 'price', d.price::text) end
      as delivery,
    v.lines as vat, o.public_token, t.gross >= ${MAX_ORDER_TOTAL} as too_large,
    coalesce((select json_agg(p order by p.line) from priced p where p.n = i.n), '[]'::json) as lines,
    o.placed_at, o.total_gross::text as total_gross,
    coalesce((
      select json_agg(json_build_object('id', ni.id, 'product_id', ni.product_id, 'variant_id', ni.variant_id,
        'title', ni.title, 'variant_label', ni.variant_label, 'unit_price', ni.unit_price, 'qty', ni.qty))
      from new_items ni where ni.order_id = o.id
    ), '[]'::json) as items
  from input i
  left join store s on s.n = i.n
  left join delivery d on d.n = i.n
  left join vat v on v.n = i.n
  left join total t on t.n = i.n
  left join new_order o on o.id = i.order_id
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

/** A row of the checkout statement that wrote its order. */
type PlacedRow = PlaceOrderRow & {
  store_name: string;
  store_slug: string;
  public_token: string;
  total_gross: string;
  placed_at: string | Date;
};

const isPlaced = (row: PlaceOrderRow | undefined): row is PlacedRow =>
  Boolean(row?.placed_at && row.store_name && row.store_slug && row.public_token && row.total_gross);

/** Where a line's stock is kept: its variant's row, or its product's when it names no variant. */
const stockKey = (line: Pick<PricedLine, "product_id" | "variant_id">) =>
  line.variant_id ? `v:${line.variant_id}` : `p:${line.product_id}`;

/** The lines whose stock is limited, as the checkout statement read it: the ones stock is taken for. */
const limitedLines = (row: PlacedRow) => row.lines.filter((line) => line.stock_left !== null);

/** What the database did with one checkout: the statement's row, and whether it took the last of something. */
interface CheckoutOutcome {
  row: PlaceOrderRow | undefined;
  soldOut: boolean;
}

interface Checkout {
  input: Omit<CheckoutInput, "n">;
  resolve(outcome: CheckoutOutcome): void;
  reject(error: unknown): void;
}

/** A batch's stock was not all there when locked: its transaction is rolled back. */
class Shortfall extends Error {
  constructor(
    readonly rows: (PlaceOrderRow | undefined)[],
    readonly stock: ReadonlyMap<string, number>,
  ) {
    super("A batch of checkouts asked for more stock than is left");
  }
}

/** The most checkouts one transaction writes. */
const MAX_BATCH = 32;
/**
 * Checkout transactions at once on PostgreSQL, per app server: one (decision 0054). The checkouts that
 * arrive while it is written wait and go together in the next, so under load every batch is as large as
 * the transaction is long, and each pays BEGIN, the stock statement, COMMIT and its flush for more orders.
 * Two at once (decision 0046, which replaced 0043's four) let a second batch write while the first
 * flushed, in smaller batches: in alternating runs of bench/checkout on two cores, one did 968-1,073
 * orders/s at 1.29-1.42 ms of CPU per order against two's 848-1,072 at 1.44-1.79 (PostgreSQL 0.82-0.90
 * against 1.02-1.22 ms). It holds one pooled connection, and on PGlite (one connection) it is the only way.
 */
const CONCURRENT_BATCHES = 1;

/**
 * Checkouts that arrive while others are being written wait and then go together, as one transaction
 * (decision 0043) whose orders one statement writes (decision 0046). A commit waits for its WAL to reach
 * the disk (1.6 ms on the bench machine), and every order of a popular product waits for the previous
 * one's commit, since that is when its row lock ends: one commit and one lock per batch instead of per
 * order is what lets checkouts of the same products go faster than the disk flushes. On an idle server a
 * checkout goes alone at once; under load the batches grow by themselves with the checkouts that arrive
 * during the previous ones.
 */
class CheckoutBatcher {
  private readonly waiting: Checkout[] = [];
  private running = 0;

  constructor(
    private readonly database: Database,
    /** Transactions at once: while one holds the stock rows, the next writes its orders. */
    private readonly concurrency: number,
  ) {}

  place(input: Omit<CheckoutInput, "n">): Promise<CheckoutOutcome> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ input, resolve, reject });
      this.next();
    });
  }

  private next() {
    while (this.running < this.concurrency && this.waiting.length > 0) {
      const batch = this.waiting.splice(0, MAX_BATCH);
      this.running++;
      void this.settle(batch).finally(() => {
        this.running--;
        this.next();
      });
    }
  }

  /** Writes a batch and answers each of its checkouts; never rejects. */
  private async settle(batch: Checkout[]): Promise<void> {
    let committing = false;
    try {
      const outcomes = await this.database.runPreparedTransaction(async (query) => {
        const inputs: CheckoutInput[] = batch.map((checkout, n) => ({ ...checkout.input, n }));
        const rows: (PlaceOrderRow | undefined)[] = await query<PlaceOrderRow>(
          "place_orders",
          PLACE_ORDERS_SQL,
          [JSON.stringify(inputs)],
        );
        const wanted = rows
          .filter(isPlaced)
          .flatMap(limitedLines)
          .map(({ product_id, variant_id, qty }) => ({ product_id, variant_id, qty }));
        const [taken] = wanted.length
          ? await query<TakeStockRow>("take_stock", TAKE_STOCK_SQL, [JSON.stringify(wanted)])
          : [{ ok: true, stock: [] }];
        const left = new Map(taken?.stock.map((entry) => [entry.key, entry.stock_qty]));
        if (!taken?.ok) throw new Shortfall(rows, left);
        committing = true;
        return rows.map((row) => ({
          row,
          soldOut: isPlaced(row) && limitedLines(row).some((line) => left.get(stockKey(line)) === 0),
        }));
      });
      for (const [n, checkout] of batch.entries()) checkout.resolve(outcomes[n] as CheckoutOutcome);
    } catch (error) {
      if (error instanceof Shortfall) return this.retryShort(batch, error);
      // A failed COMMIT may have committed: only the requests themselves can be retried (with their keys).
      if (committing || batch.length === 1) {
        for (const checkout of batch) checkout.reject(error);
        return;
      }
      // Nothing was written: each checkout again on its own, so one bad order fails alone.
      await Promise.all(batch.map((checkout) => this.settle([checkout])));
    }
  }

  /**
   * The stock ran short between the checkout statement's snapshot and the lock (other checkouts took it
   * meanwhile), and nothing was written. The orders that fit, in the order they came, go again together;
   * the rest after them, whose statement then sees the stock as it is and refuses them. One checkout alone
   * is refused with what its lock found left.
   */
  private async retryShort(batch: Checkout[], shortfall: Shortfall) {
    if (batch.length === 1) {
      const [checkout] = batch as [Checkout];
      const row = shortfall.rows[0];
      checkout.resolve({
        soldOut: false,
        row: row && {
          ...row,
          placed_at: null,
          public_token: null,
          lines: row.lines.map((line) => ({
            ...line,
            stock_left: shortfall.stock.get(stockKey(line)) ?? line.stock_left,
          })),
        },
      });
      return;
    }
    const left = new Map(shortfall.stock);
    const fits: Checkout[] = [];
    const rest: Checkout[] = [];
    batch.forEach((checkout, n) => {
      const row = shortfall.rows[n];
      const lines = isPlaced(row) ? limitedLines(row) : [];
      if (lines.every((line) => (left.get(stockKey(line)) ?? line.qty) >= line.qty)) {
        for (const line of lines) {
          const key = stockKey(line);
          const stock = left.get(key);
          if (stock !== undefined) left.set(key, stock - line.qty);
        }
        fits.push(checkout);
      } else rest.push(checkout);
    });
    if (fits.length === 0) {
      for (const checkout of rest) await this.settle([checkout]);
      return;
    }
    await this.settle(fits);
    if (rest.length > 0) await this.settle(rest);
  }
}

/** Each database's batcher: two app servers on one PostgreSQL each batch their own checkouts. */
const batchers = new WeakMap<Database, CheckoutBatcher>();

function batcherOf(database: Database) {
  let batcher = batchers.get(database);
  if (!batcher) {
    batcher = new CheckoutBatcher(database, CONCURRENT_BATCHES);
    batchers.set(database, batcher);
  }
  return batcher;
}

/**
 * Places an order from ids and quantities only (decision 0006): prices, title snapshots and the total come from
 * the database; every product must be active and in the order's live store.
 *
 * The checkout statement prices the lines from the products and variants, and only when every line is
 * valid inserts the order, its items, its first status event and its messages (composed when sent, see
 * SmsOutboxWorker and EmailOutboxWorker); TAKE_STOCK_SQL then takes the stock, in the same transaction,
 * with the orders that arrived meanwhile (CheckoutBatcher). A repeated Idempotency-Key is resolved with
 * ON CONFLICT, so a race can neither place a stale order nor two. When nothing was written, the priced
 * lines say why.
 */
export async function placeOrder(
  database: Database,
  input: PlaceOrderInput,
  idempotencyKey: string | undefined,
  /** Torg's address for the links in the buyer's text (see orderLinkOrigin) and e-mail; null: no link. */
  linkOrigins: { sms: string | null; email: string | null } = { sms: null, email: null },
  /** The buyer pays online: their confirmation text waits until the provider says it is paid (decision 0034). */
  holdConfirmation = false,
  /** The buyer's phone is in a country Torg texts; false: their receipt e-mail alone confirms (decision 0068). */
  textBuyer = true,
): Promise<OrderPlacement> {
  const requestHash = requestHashOf(input);
  // Lines for the same product and variant count as one.
  const lines = new Map<string, { product_id: string; variant_id: string | null; qty: number }>();
  for (const item of input.items) {
    const key = `${item.productId}:${item.variantId ?? ""}`;
    const line = lines.get(key) ?? { product_id: item.productId, variant_id: item.variantId ?? null, qty: 0 };
    line.qty += item.qty;
    if (line.qty > MAX_QTY_PER_LINE) throw badRequest("quantityTooLarge");
    lines.set(key, line);
  }
  const orderId = randomUUID();
  const shipToAddr = input.shipToAddr
    ? Object.fromEntries(Object.entries(input.shipToAddr).filter(([, value]) => value))
    : null;

  const { row, soldOut } = await batcherOf(database).place({
    store_id: input.storeId,
    lines: [...lines.values()].map((line, n) => ({ ...line, line: n })),
    order_id: orderId,
    buyer_email: input.buyerEmail,
    ship_to_name: input.shipToName,
    ship_to_phone: input.shipToPhone,
    ...(shipToAddr ? { ship_to_addr: shipToAddr } : {}),
    idempotency_key: idempotencyKey ?? null,
    request_hash: requestHash,
    sms_link_origin: linkOrigins.sms,
    email_link_origin: linkOrigins.email,
    hold_messages: holdConfirmation,
    text_buyer: textBuyer,
    delivery_option_id: input.deliveryOptionId ?? null,
  });

  if (!isPlaced(row)) {
    // Nothing was written: the same key placed an order before (answer with it), or a line is invalid.
    if (idempotencyKey) {
      const existing = await findByIdempotencyKey(database.db, idempotencyKey, requestHash);
      if (existing) return { ...existing, replayed: true, soldOut: false };
    }
    throw refusal(input.storeId, input.deliveryOptionId, row);
  }
  return {
    replayed: false,
    soldOut,
    publicPath: orderPagePath(row.store_slug, row.public_token),
    order: {
      id: orderId,
      storeId: input.storeId,
      storeName: row.store_name,
      status: "pending",
      totalGross: row.total_gross,
      currencyCode: "NOK",
      buyerEmail: input.buyerEmail,
      shipToName: input.shipToName,
      shipToPhone: input.shipToPhone,
      shipToAddr: row.delivery?.kind === "pickup" ? null : (shipToAddr as Record<string, string> | null),
      placedAt: new Date(row.placed_at).toISOString(),
      delivery: row.delivery,
      vat: row.vat ?? [],
      trackingNumber: null,
      items: row.items.map((item) => ({
        id: item.id,
        productId: item.product_id,
        variantId: item.variant_id,
        title: item.title,
        variantLabel: item.variant_label,
        unitPrice: item.unit_price,
        qty: item.qty,
      })),
    },
  };
}

/** Why an order was not written, from the statement's own reading of the store and its lines. */
function refusal(
  storeId: string,
  deliveryOptionId: string | null | undefined,
  row: PlaceOrderRow | undefined,
): HttpError {
  if (!row?.store_name) return badRequest("cannotPlaceOrder");
  for (const line of row.lines) {
    const details = { productId: line.product_id };
    if (line.title === null) return new HttpError(400, "productUnavailable", {}, {}, details);
    if (line.store_id !== storeId)
      return new HttpError(400, "productNotInStore", { title: line.title }, {}, details);
    if (!line.is_active) return new HttpError(400, "productInactive", { title: line.title }, {}, details);
    if (line.variant_id && !line.variant_found)
      return new HttpError(400, "productUnavailable", {}, {}, details);
    if (!line.variant_id && line.has_options)
      return new HttpError(400, "variantRequired", { title: line.title }, {}, details);
  }
  for (const line of row.lines) {
    if (line.stock_left === null || line.stock_left >= line.qty) continue;
    // The product (and its variant) and what is left, so the shopper can take fewer or another one.
    const name = line.variant_label ? `${line.title} (${line.variant_label})` : (line.title ?? "");
    const body = { productId: line.product_id, variantId: line.variant_id, stockQty: line.stock_left };
    return line.stock_left === 0
      ? new HttpError(409, "soldOut", { title: name }, {}, body)
      : new HttpError(409, "notEnoughStock", { title: name, left: line.stock_left }, {}, body);
  }
  if (row.too_large) return badRequest("orderTooLarge");
  // An option named that is not one of this store's, or none named where the store has some.
  if (!row.delivery_found && deliveryOptionId) return badRequest("deliveryOptionInvalid");
  if (!row.delivery_found && row.delivery_required) return badRequest("deliveryOptionRequired");
  if (row.address_missing) return badRequest("deliveryAddressRequired");
  return badRequest("productUnavailable");
}
