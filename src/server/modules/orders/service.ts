import { createHash } from "node:crypto";
import { and, asc, desc, eq, inArray, isNull, type SQL, sql } from "drizzle-orm";
import { fromOre, toOre } from "../../../shared/money";
import {
  MAX_QTY_PER_LINE,
  type OrderStatus,
  type OrderView,
  type PlaceOrderInput,
} from "../../../shared/order";
import { toE164 } from "../../../shared/phone";
import type { Db, DbOrTx } from "../../db/client";
import {
  orderItems,
  orderStatusEvents,
  orders,
  products,
  productVariants,
  stores,
  users,
} from "../../db/schema";
import { isUniqueViolation } from "../../lib/db-errors";
import { badRequest, conflict, HttpError, notFound } from "../../lib/http-error";

type OrderRow = typeof orders.$inferSelect;

function toOrderView(row: OrderRow, storeName: string, items: OrderView["items"]): OrderView {
  return {
    id: row.id,
    storeId: row.storeId,
    storeName,
    status: row.status as OrderStatus,
    totalGross: row.totalGross,
    currencyCode: row.currencyCode,
    buyerEmail: row.buyerEmail,
    shipToName: row.shipToName,
    shipToPhone: row.shipToPhone,
    shipToAddr: row.shipToAddr ?? null,
    placedAt: row.placedAt.toISOString(),
    items,
  };
}

/** Orders with their store name and items, in two queries. */
async function loadOrderViews(db: DbOrTx, where: SQL | undefined, page: { limit: number; offset: number }) {
  const rows = await db
    .select({ order: orders, storeName: stores.name })
    .from(orders)
    .innerJoin(stores, eq(stores.id, orders.storeId))
    .where(where)
    .orderBy(desc(orders.placedAt), desc(orders.id))
    .limit(page.limit)
    .offset(page.offset);
  if (rows.length === 0) return [];
  const items = await db
    .select()
    .from(orderItems)
    .where(
      inArray(
        orderItems.orderId,
        rows.map((row) => row.order.id),
      ),
    )
    .orderBy(asc(orderItems.title));
  const byOrder = new Map<string, OrderView["items"]>();
  for (const item of items) {
    const list = byOrder.get(item.orderId) ?? [];
    list.push({
      id: item.id,
      productId: item.productId,
      variantId: item.variantId,
      title: item.title,
      variantLabel: item.variantLabel,
      unitPrice: item.unitPrice,
      qty: item.qty,
    });
    byOrder.set(item.orderId, list);
  }
  return rows.map((row) => toOrderView(row.order, row.storeName, byOrder.get(row.order.id) ?? []));
}

export interface OrderFilter {
  storeIds: string[] | "all";
  status?: OrderStatus;
  limit: number;
  offset: number;
}

export async function listOrders(db: Db, filter: OrderFilter) {
  if (filter.storeIds !== "all" && filter.storeIds.length === 0) return [];
  return loadOrderViews(
    db,
    and(
      filter.storeIds === "all" ? undefined : inArray(orders.storeId, filter.storeIds),
      filter.status ? eq(orders.status, filter.status) : undefined,
    ),
    filter,
  );
}

/** One order with its status history; the caller has checked that it may see the order's store. */
export async function getOrderWithHistory(db: Db, orderId: string) {
  const [view] = await loadOrderViews(db, eq(orders.id, orderId), { limit: 1, offset: 0 });
  if (!view) throw notFound("orderNotFound");
  const events = await db
    .select({ event: orderStatusEvents, user: { id: users.id, fullName: users.fullName } })
    .from(orderStatusEvents)
    .leftJoin(users, eq(users.id, orderStatusEvents.changedByUserId))
    .where(eq(orderStatusEvents.orderId, orderId))
    .orderBy(asc(orderStatusEvents.changedAt), asc(orderStatusEvents.id));
  return {
    ...view,
    history: events.map(({ event, user }) => ({
      id: event.id,
      fromStatus: event.fromStatus as OrderStatus | null,
      toStatus: event.toStatus as OrderStatus,
      changedAt: event.changedAt.toISOString(),
      changedBy: user?.id ? { id: user.id, fullName: user.fullName } : null,
    })),
  };
}

export async function findOrderStoreId(db: Db, orderId: string) {
  const [row] = await db.select({ storeId: orders.storeId }).from(orders).where(eq(orders.id, orderId));
  if (!row) throw notFound("orderNotFound");
  return row.storeId;
}

/** Changes the status under a row lock and records who changed it from what (D6). */
export async function changeOrderStatus(db: Db, orderId: string, status: OrderStatus, userId: string) {
  await db.transaction(async (tx) => {
    const [current] = await tx
      .select({ status: orders.status })
      .from(orders)
      .where(eq(orders.id, orderId))
      .for("update");
    if (!current) throw notFound("orderNotFound");
    if (current.status === status) throw conflict("statusUnchanged", { status });
    await tx.update(orders).set({ status, updatedAt: new Date() }).where(eq(orders.id, orderId));
    await tx
      .insert(orderStatusEvents)
      .values({ orderId, fromStatus: current.status, toStatus: status, changedByUserId: userId });
  });
  return getOrderWithHistory(db, orderId);
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

async function findByIdempotencyKey(db: DbOrTx, key: string, requestHash: string) {
  const [existing] = await db.select().from(orders).where(eq(orders.idempotencyKey, key));
  if (!existing) return undefined;
  if (existing.requestHash !== requestHash) throw conflict("idempotencyKeyReused");
  const [view] = await loadOrderViews(db, eq(orders.id, existing.id), { limit: 1, offset: 0 });
  return view;
}

export interface StoreForOrder {
  id: string;
  name: string;
  phone: string | null;
  defaultLocale: string;
}

export interface PlacedOrder {
  order: OrderView;
  /** true when an earlier request with the same Idempotency-Key already placed it. */
  replayed: boolean;
}

/**
 * Places an order from ids and quantities only (D6): prices, title snapshots and the total come from
 * the database; every product must be active and in the order's live store. Order, items and the first
 * status event are written in one transaction. A repeated Idempotency-Key returns the first order.
 */
export async function placeOrder(
  db: Db,
  input: PlaceOrderInput,
  idempotencyKey: string | undefined,
  inTransaction?: (tx: DbOrTx, order: OrderView, store: StoreForOrder) => Promise<void>,
): Promise<PlacedOrder> {
  const requestHash = requestHashOf(input);
  if (idempotencyKey) {
    const existing = await findByIdempotencyKey(db, idempotencyKey, requestHash);
    if (existing) return { order: existing, replayed: true };
  }

  // Lines for the same product and variant count as one.
  const lines = new Map<string, { productId: string; variantId: string | null; qty: number }>();
  for (const item of input.items) {
    const key = `${item.productId}:${item.variantId ?? ""}`;
    const line = lines.get(key) ?? { productId: item.productId, variantId: item.variantId ?? null, qty: 0 };
    line.qty += item.qty;
    if (line.qty > MAX_QTY_PER_LINE) throw badRequest("quantityTooLarge");
    lines.set(key, line);
  }

  try {
    const order = await db.transaction(async (tx) => {
      const [store] = await tx
        .select({
          id: stores.id,
          name: stores.name,
          phone: stores.phone,
          defaultLocale: stores.defaultLocale,
        })
        .from(stores)
        .where(and(eq(stores.id, input.storeId), isNull(stores.deletedAt)));
      if (!store) throw badRequest("cannotPlaceOrder");

      const productIds = [...new Set([...lines.values()].map((line) => line.productId))];
      const found = await tx
        .select({
          id: products.id,
          title: products.title,
          basePrice: products.basePrice,
          storeId: products.storeId,
          isActive: products.isActive,
        })
        .from(products)
        .where(inArray(products.id, productIds));
      const byId = new Map(found.map((product) => [product.id, product]));
      for (const id of productIds) {
        const product = byId.get(id);
        if (!product) throw new HttpError(400, "productUnavailable", {}, {}, { productId: id });
        if (product.storeId !== store.id)
          throw new HttpError(400, "productNotInStore", { title: product.title }, {}, { productId: id });
        if (!product.isActive)
          throw new HttpError(400, "productInactive", { title: product.title }, {}, { productId: id });
      }

      const variantIds = [...lines.values()].flatMap((line) => (line.variantId ? [line.variantId] : []));
      const variants = variantIds.length
        ? await tx.select().from(productVariants).where(inArray(productVariants.id, variantIds))
        : [];
      const variantById = new Map(variants.map((variant) => [variant.id, variant]));

      let totalOre = 0;
      const itemRows = [...lines.values()].map((line) => {
        const product = byId.get(line.productId);
        if (!product) throw new Error("unreachable: product checked above");
        const variant = line.variantId ? variantById.get(line.variantId) : undefined;
        if (line.variantId && (!variant || variant.productId !== product.id)) {
          throw new HttpError(400, "productUnavailable", {}, {}, { productId: product.id });
        }
        const unitOre = toOre(product.basePrice) + (variant ? toOre(variant.priceDelta) : 0);
        totalOre += unitOre * line.qty;
        return {
          productId: product.id,
          variantId: variant?.id ?? null,
          title: product.title,
          variantLabel: variant?.label ?? null,
          unitPrice: fromOre(Math.max(0, unitOre)),
          qty: line.qty,
        };
      });

      const [order] = await tx
        .insert(orders)
        .values({
          storeId: store.id,
          totalGross: fromOre(totalOre),
          buyerEmail: input.buyerEmail,
          shipToName: input.shipToName,
          shipToPhone: toE164(input.shipToPhone) ?? input.shipToPhone,
          shipToAddr: input.shipToAddr
            ? (Object.fromEntries(Object.entries(input.shipToAddr).filter(([, v]) => v)) as Record<
                string,
                string
              >)
            : null,
          idempotencyKey: idempotencyKey ?? null,
          requestHash,
        })
        .returning();
      if (!order) throw new Error("order insert returned no row");
      const inserted = await tx
        .insert(orderItems)
        .values(itemRows.map((item) => ({ ...item, orderId: order.id })))
        .returning();
      await tx.insert(orderStatusEvents).values({ orderId: order.id, fromStatus: null, toStatus: "pending" });
      const view = toOrderView(
        order,
        store.name,
        inserted.map((item) => ({
          id: item.id,
          productId: item.productId,
          variantId: item.variantId,
          title: item.title,
          variantLabel: item.variantLabel,
          unitPrice: item.unitPrice,
          qty: item.qty,
        })),
      );
      if (inTransaction) await inTransaction(tx, view, store);
      return view;
    });
    return { order, replayed: false };
  } catch (error) {
    // Two requests with one key raced: the loser answers with the winner's order.
    if (idempotencyKey && isUniqueViolation(error, "orders_idempotency_key")) {
      const existing = await findByIdempotencyKey(db, idempotencyKey, requestHash);
      if (existing) return { order: existing, replayed: true };
    }
    throw error;
  }
}

/** Revenue of paid and fulfilled orders placed this calendar month in Norway (D10). */
export async function monthRevenue(db: Db, storeIds: string[]) {
  if (storeIds.length === 0) return "0.00";
  const [row] = await db
    .select({
      total: sql<string>`coalesce(sum(${orders.totalGross}), 0)::numeric(14,2)::text`,
    })
    .from(orders)
    .where(
      and(
        inArray(orders.storeId, storeIds),
        inArray(orders.status, ["paid", "fulfilled"]),
        sql`${orders.placedAt} >= (date_trunc('month', now() at time zone 'Europe/Oslo') at time zone 'Europe/Oslo')`,
      ),
    );
  return row?.total ?? "0.00";
}
