import { createHash, randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { fromOre, toOre } from "../../../shared/money";
import { MAX_QTY_PER_LINE, type OrderView, type PlaceOrderInput } from "../../../shared/order";
import { toE164 } from "../../../shared/phone";
import type { Db } from "../../db/client";
import { orderItems, orders, stores } from "../../db/schema";
import { badRequest, conflict, HttpError } from "../../lib/http-error";
import { orderSmsMessages } from "../sms/outbox";

export interface PlacedOrder {
  order: OrderView;
  /** true when an earlier request with the same Idempotency-Key already placed it. */
  replayed: boolean;
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
): Promise<OrderView | undefined> {
  const [existing] = await db
    .select({ order: orders, storeName: stores.name })
    .from(orders)
    .innerJoin(stores, eq(stores.id, orders.storeId))
    .where(eq(orders.idempotencyKey, key));
  if (!existing) return undefined;
  if (existing.order.requestHash !== requestHash) throw conflict("idempotencyKeyReused");
  const items = await db.select().from(orderItems).where(eq(orderItems.orderId, existing.order.id));
  const { order } = existing;
  return {
    id: order.id,
    storeId: order.storeId,
    storeName: existing.storeName,
    status: order.status as OrderView["status"],
    totalGross: order.totalGross,
    currencyCode: order.currencyCode,
    buyerEmail: order.buyerEmail,
    shipToName: order.shipToName,
    shipToPhone: order.shipToPhone,
    shipToAddr: order.shipToAddr ?? null,
    placedAt: order.placedAt.toISOString(),
    items: items.map(({ id, productId, variantId, title, variantLabel, unitPrice, qty }) => ({
      id,
      productId,
      variantId,
      title,
      variantLabel,
      unitPrice,
      qty,
    })),
  };
}

type CatalogueRow = {
  id: string;
  name: string;
  phone: string | null;
  default_locale: string;
  seller_sms: boolean;
  products: { id: string; title: string; base_price: string; store_id: string; is_active: boolean }[];
  variants: { id: string; product_id: string; label: string; price_delta: string }[];
};

/**
 * Places an order from ids and quantities only (D6): prices, title snapshots and the total come from
 * the database; every product must be active and in the order's live store.
 *
 * Two statements, the hot path of every checkout: one read of the store and its products, and one
 * write that inserts the order, its items, its first status event and its SMS in a single atomic
 * statement. The write re-checks that the products are still active and in the store, and resolves a
 * repeated Idempotency-Key with ON CONFLICT, so a race can neither place a stale order nor two.
 */
export async function placeOrder(
  db: Db,
  input: PlaceOrderInput,
  idempotencyKey: string | undefined,
): Promise<PlacedOrder> {
  const requestHash = requestHashOf(input);
  try {
    return await writeOrder(db, input, idempotencyKey, requestHash);
  } catch (error) {
    // A retry of an order that was placed may meet a product that has since changed: the first answer
    // still stands. (New orders never pay for this look-up; the write resolves the key itself.)
    if (idempotencyKey && error instanceof HttpError) {
      const existing = await findByIdempotencyKey(db, idempotencyKey, requestHash);
      if (existing) return { order: existing, replayed: true };
    }
    throw error;
  }
}

async function writeOrder(
  db: Db,
  input: PlaceOrderInput,
  idempotencyKey: string | undefined,
  requestHash: string,
): Promise<PlacedOrder> {
  // Lines for the same product and variant count as one.
  const lines = new Map<string, { productId: string; variantId: string | null; qty: number }>();
  for (const item of input.items) {
    const key = `${item.productId}:${item.variantId ?? ""}`;
    const line = lines.get(key) ?? { productId: item.productId, variantId: item.variantId ?? null, qty: 0 };
    line.qty += item.qty;
    if (line.qty > MAX_QTY_PER_LINE) throw badRequest("quantityTooLarge");
    lines.set(key, line);
  }
  const productIds = [...new Set([...lines.values()].map((line) => line.productId))];
  const variantIds = [...lines.values()].flatMap((line) => (line.variantId ? [line.variantId] : []));

  const read = await db.execute<CatalogueRow>(sql`
    select s.id, s.name, s.phone, s.default_locale,
      exists (
        select 1 from store_members m join user_settings us on us.user_id = m.user_id
        where m.store_id = s.id and us.sms_notifications
      ) as seller_sms,
      coalesce((
        select json_agg(json_build_object('id', p.id, 'title', p.title, 'base_price', p.base_price::text, 'store_id', p.store_id, 'is_active', p.is_active))
        from products p where p.id in (select value::uuid from jsonb_array_elements_text(${JSON.stringify(productIds)}::jsonb))
      ), '[]'::json) as products,
      coalesce((
        select json_agg(json_build_object('id', v.id, 'product_id', v.product_id, 'label', v.label, 'price_delta', v.price_delta::text))
        from product_variants v where v.id in (select value::uuid from jsonb_array_elements_text(${JSON.stringify(variantIds)}::jsonb))
      ), '[]'::json) as variants
    from stores s where s.id = ${input.storeId} and s.deleted_at is null`);
  const store = read.rows[0];
  if (!store) throw badRequest("cannotPlaceOrder");

  const byId = new Map(store.products.map((product) => [product.id, product]));
  for (const id of productIds) {
    const product = byId.get(id);
    if (!product) throw new HttpError(400, "productUnavailable", {}, {}, { productId: id });
    if (product.store_id !== store.id)
      throw new HttpError(400, "productNotInStore", { title: product.title }, {}, { productId: id });
    if (!product.is_active)
      throw new HttpError(400, "productInactive", { title: product.title }, {}, { productId: id });
  }
  const variantById = new Map(store.variants.map((variant) => [variant.id, variant]));

  let totalOre = 0;
  const items = [...lines.values()].map((line) => {
    const product = byId.get(line.productId);
    if (!product) throw new Error("unreachable: product checked above");
    const variant = line.variantId ? variantById.get(line.variantId) : undefined;
    if (line.variantId && (!variant || variant.product_id !== product.id)) {
      throw new HttpError(400, "productUnavailable", {}, {}, { productId: product.id });
    }
    const unitOre = Math.max(0, toOre(product.base_price) + (variant ? toOre(variant.price_delta) : 0));
    totalOre += unitOre * line.qty;
    return {
      product_id: product.id,
      variant_id: variant?.id ?? null,
      title: product.title,
      variant_label: variant?.label ?? null,
      unit_price: fromOre(unitOre),
      qty: line.qty,
    };
  });

  const orderId = randomUUID();
  const totalGross = fromOre(totalOre);
  const shipToPhone = toE164(input.shipToPhone) ?? input.shipToPhone;
  const shipToAddr = input.shipToAddr
    ? Object.fromEntries(Object.entries(input.shipToAddr).filter(([, value]) => value))
    : null;
  const sms = orderSmsMessages(
    { id: orderId, totalGross, shipToName: input.shipToName, shipToPhone },
    {
      name: store.name,
      phone: store.phone,
      defaultLocale: store.default_locale,
      sellerWantsSms: store.seller_sms,
    },
  );

  const written = await db.execute<{
    placed_at: string | Date | null;
    items: {
      id: string;
      product_id: string;
      variant_id: string | null;
      title: string;
      variant_label: string | null;
      unit_price: string;
      qty: number;
    }[];
  }>(sql`
    with new_order as (
      insert into orders (id, store_id, status, total_gross, currency_code, buyer_email, ship_to_name, ship_to_phone, ship_to_addr, idempotency_key, request_hash)
      select ${orderId}::uuid, ${store.id}::uuid, 'pending', ${totalGross}::numeric, 'NOK', ${input.buyerEmail}, ${input.shipToName}, ${shipToPhone},
        ${shipToAddr ? JSON.stringify(shipToAddr) : null}::jsonb, ${idempotencyKey ?? null}, ${requestHash}
      where (
        select count(*) from products p
        where p.id in (select value::uuid from jsonb_array_elements_text(${JSON.stringify(productIds)}::jsonb))
          and p.store_id = ${store.id}::uuid and p.is_active
      ) = ${productIds.length}
      on conflict (idempotency_key) where idempotency_key is not null do nothing
      returning id, placed_at
    ), new_items as (
      insert into order_items (order_id, product_id, variant_id, title, variant_label, unit_price, qty)
      select o.id, i.product_id, i.variant_id, i.title, i.variant_label, i.unit_price, i.qty
      from new_order o, jsonb_to_recordset(${JSON.stringify(items)}::jsonb)
        as i(product_id uuid, variant_id uuid, title text, variant_label text, unit_price numeric, qty int)
      returning id, product_id, variant_id, title, variant_label, unit_price::text as unit_price, qty
    ), first_event as (
      insert into order_status_events (order_id, from_status, to_status) select id, null, 'pending' from new_order
    ), queued_sms as (
      insert into sms_outbox (order_id, to_number, message, purpose)
      select o.id, m.to_number, m.message, m.purpose
      from new_order o, jsonb_to_recordset(${JSON.stringify(sms)}::jsonb) as m(to_number text, message text, purpose text)
    )
    select (select placed_at from new_order) as placed_at, coalesce((select json_agg(new_items) from new_items), '[]'::json) as items`);
  const row = written.rows[0];

  if (!row?.placed_at) {
    // Nothing was written: either the same key won a race (answer with that order), or a product went
    // inactive or moved between our read and our write (say so).
    if (idempotencyKey) {
      const existing = await findByIdempotencyKey(db, idempotencyKey, requestHash);
      if (existing) return { order: existing, replayed: true };
    }
    throw badRequest("productUnavailable");
  }
  return {
    replayed: false,
    order: {
      id: orderId,
      storeId: store.id,
      storeName: store.name,
      status: "pending",
      totalGross,
      currencyCode: "NOK",
      buyerEmail: input.buyerEmail,
      shipToName: input.shipToName,
      shipToPhone,
      shipToAddr: shipToAddr as Record<string, string> | null,
      placedAt: new Date(row.placed_at).toISOString(),
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
