import { and, asc, count, desc, eq, inArray, isNull, type SQL, sql } from "drizzle-orm";
import {
  deliveryOf,
  type OrderActor,
  type OrderStatus,
  type OrderView,
  staysCancelled,
} from "../../../shared/order";
import {
  awaitsOnlinePayment,
  type PaymentProvider,
  type PaymentStatus,
  PROVIDER_ONLY_ORDER_STATUSES,
} from "../../../shared/payment";
import type { OrderShipping } from "../../../shared/shipping";
import type { Db, DbOrTx } from "../../db/client";
import { orderItems, orderStatusEvents, orders, payments, stores, users } from "../../db/schema";
import { badRequest, conflict, notFound } from "../../lib/http-error";
import { countRows, paged } from "../../lib/paging";
import { issueGiftCards } from "../gift-cards";
import { shipmentViewsOf } from "../shipping";
import { dropHeldMessages, releaseHeldMessages } from "./held-messages";
import { giveBackPriceRules, takePriceRulesAgain } from "./price-rules";
import { issueReceipt } from "./receipts";
import { REVENUE_STATUSES } from "./revenue";
import { queueShopperNotice } from "./shopper-notices";
import { returnOrderStock, takeOrderStockAgain } from "./stock";

type OrderRow = typeof orders.$inferSelect;

type OrderItemRow = typeof orderItems.$inferSelect;

export function toOrderItemView(item: OrderItemRow): OrderView["items"][number] {
  const { id, productId, variantId, title, variantLabel, unitPrice, qty, giftCard } = item;
  return { id, productId, variantId, title, variantLabel, unitPrice, qty, giftCard };
}

/** The carrier's service an order was placed with (decision 0079), or null. */
export function shippingOf(row: OrderRow): OrderShipping | null {
  if (!row.shippingCarrier || !row.shippingService || !row.shippingPriceSource) return null;
  return {
    carrier: row.shippingCarrier as OrderShipping["carrier"],
    service: row.shippingService,
    priceSource: row.shippingPriceSource as OrderShipping["priceSource"],
    pickupPoint: row.pickupPoint ?? null,
    expectedDelivery: row.expectedDelivery,
  };
}

export function toOrderView(row: OrderRow, storeName: string, items: OrderView["items"]): OrderView {
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
    withdrawnAt: row.withdrawnAt?.toISOString() ?? null,
    holdsStock: row.stockReleasedAt === null,
    items,
    delivery: deliveryOf(row),
    vat: row.vat,
    trackingNumber: row.trackingNumber,
    shipping: shippingOf(row),
    discountCode: row.discountCode,
    discountTotal: row.discountTotal,
    giftCardTotal: row.giftCardTotal,
    giftCardSales: row.giftCardSales,
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
    list.push(toOrderItemView(item));
    byOrder.set(item.orderId, list);
  }
  // Each order's latest payment attempt, for the seller's lists (decision 0034).
  const attempts = await db
    .selectDistinctOn([payments.orderId])
    .from(payments)
    .where(
      inArray(
        payments.orderId,
        rows.map((row) => row.order.id),
      ),
    )
    .orderBy(payments.orderId, desc(payments.createdAt), desc(payments.id));
  const paymentOf = new Map(attempts.map((attempt) => [attempt.orderId, attempt]));
  // Each order's booked parcel, with its label for the seller (decision 0079).
  const shipmentOf = await shipmentViewsOf(
    db,
    rows.map((row) => row.order.id),
    { withLabel: true },
  );
  return rows.map((row) => {
    const attempt = paymentOf.get(row.order.id);
    return {
      ...toOrderView(row.order, row.storeName, byOrder.get(row.order.id) ?? []),
      shipment: shipmentOf.get(row.order.id) ?? null,
      payment: attempt
        ? {
            provider: attempt.provider as PaymentProvider,
            status: attempt.status as PaymentStatus,
            amount: attempt.amount,
            capturedAmount: attempt.capturedAmount,
            refundedAmount: attempt.refundedAmount,
            authorisedAt: attempt.authorisedAt?.toISOString() ?? null,
          }
        : null,
    };
  });
}

export interface OrderFilter {
  /** The stores whose orders are listed; "all" is every live store (a platform admin's view). */
  storeIds: string[] | "all";
  status?: OrderStatus;
  limit: number;
  offset: number;
}

function orderFilterWhere(filter: Pick<OrderFilter, "storeIds" | "status">): SQL | undefined {
  return and(
    filter.storeIds === "all" ? isNull(stores.deletedAt) : inArray(orders.storeId, filter.storeIds),
    // The seller's order list is the web shop's: a stall sale was handed over at the table (decision 0077).
    eq(orders.channel, "web"),
    filter.status ? eq(orders.status, filter.status) : undefined,
  );
}

export async function listOrders(db: Db, filter: OrderFilter) {
  if (filter.storeIds !== "all" && filter.storeIds.length === 0) return [];
  return loadOrderViews(db, orderFilterWhere(filter), filter);
}

/** How many orders listOrders would give without its page limits. */
export async function countOrders(db: Db, filter: Pick<OrderFilter, "storeIds" | "status">) {
  if (filter.storeIds !== "all" && filter.storeIds.length === 0) return 0;
  return countRows(
    db
      .select({ total: count() })
      .from(orders)
      .innerJoin(stores, eq(stores.id, orders.storeId))
      .where(orderFilterWhere(filter)),
  );
}

/** A page of listOrders and the size of the whole filtered list, queried side by side. */
export function pageOrders(db: Db, filter: OrderFilter) {
  return paged(listOrders(db, filter), countOrders(db, filter));
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
      actor: event.changedBy as OrderActor,
    })),
  };
}

export async function findOrderStoreId(db: Db, orderId: string) {
  const [row] = await db.select({ storeId: orders.storeId }).from(orders).where(eq(orders.id, orderId));
  if (!row) throw notFound("orderNotFound");
  return row.storeId;
}

/**
 * Cancelling an order whose piece may be away from the shop (sent, or withdrawn by the shopper and
 * perhaps still in the post) asks the seller whether it is back before it goes back into stock (0067).
 */
export function cancelAsksPieceBack(order: { status: string; withdrawnAt: Date | null }) {
  return order.status === "fulfilled" || order.withdrawnAt !== null;
}

/** Whether any of the order's online payments gave money back, in part or in full (decision 0056). */
async function refundedPayment(tx: DbOrTx, orderId: string) {
  const [row] = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.orderId, orderId), sql`${payments.refundedAmount} > 0`))
    .limit(1);
  return row !== undefined;
}

/**
 * Changes the status under a row lock and records who changed it from what (decision 0006): a seller (with their
 * user id), the payment provider or the payment expiry (decision 0034). Cancelling gives the order's
 * stock back (decision 0032), exactly once: the lock serialises two cancels, the second finds the order
 * cancelled and is refused. A sent or withdrawn piece goes back only when the seller says it is back
 * (`restock`). A cancelled order may be reopened (D18, decision 0067): its stock is taken again (409 naming
 * the product when it was sold meanwhile), and it is refused once its online payment was refunded. Every
 * cancellation goes through here, the seller's and an unpaid order's expiry alike, so stock is returned
 * in one place, and so are the messages an order paid online held until it was paid (held-messages.ts):
 * released when it becomes paid, dropped when it is cancelled unpaid. A tracking number sent along is kept on
 * the order ("" clears it, decision 0036); sent with the status the order already has, it only updates
 * the tracking number (a seller adding it after fulfilling).
 *
 * An order paid online becomes paid only from a verified provider event or a provider read, never from
 * the browser (decision 0034): a seller's move to paid or fulfilled is refused (409) while the order's
 * latest payment attempt is unpaid (created, failed, expired, cancelled). Checked under the order's lock,
 * so it holds against a status change racing it; orders with no online payment keep the manual flow.
 */
export async function changeOrderStatus(
  db: Db,
  orderId: string,
  status: OrderStatus,
  userId: string | null,
  /** `onlyFrom`: change it only if it is still in that status, else leave it quietly (workers, webhooks). */
  {
    by = "seller",
    onlyFrom,
    trackingNumber,
    restock,
  }: {
    by?: OrderActor;
    onlyFrom?: OrderStatus;
    trackingNumber?: string;
    /** Cancelling a fulfilled or withdrawn order: whether the piece is back (decision 0067). */
    restock?: boolean;
  } = {},
) {
  const changed = await db.transaction(async (tx) => {
    const [current] = await tx
      .select({
        status: orders.status,
        stockReleasedAt: orders.stockReleasedAt,
        withdrawnAt: orders.withdrawnAt,
        channel: orders.channel,
        storeId: orders.storeId,
        paymentMethod: orders.paymentMethod,
      })
      .from(orders)
      .where(eq(orders.id, orderId))
      .for("update");
    if (!current) throw notFound("orderNotFound");
    if (onlyFrom && current.status !== onlyFrom) return false;
    const tracking = trackingNumber === undefined ? {} : { trackingNumber: trackingNumber || null };
    if (current.status === status && trackingNumber === undefined)
      throw conflict("statusUnchanged", { status });
    const reopening = current.status === "cancelled" && status !== "cancelled";
    const moneyWentBack = reopening && (await refundedPayment(tx, orderId));
    if (staysCancelled(current.status as OrderStatus, status, moneyWentBack))
      throw conflict("orderRefundedStays");
    // A stall sale the shopper paid in cash or on the terminal after all is the seller's to mark paid: its
    // Vipps attempt was stopped at Vipps first (market's payOtherwise, decision 0077).
    const paidAnotherWay =
      current.channel === "stall" &&
      (current.paymentMethod === "cash" || current.paymentMethod === "card_terminal");
    if (
      by === "seller" &&
      !paidAnotherWay &&
      current.status !== status &&
      (PROVIDER_ONLY_ORDER_STATUSES as readonly OrderStatus[]).includes(status)
    ) {
      const [attempt] = await tx
        .select({ status: payments.status })
        .from(payments)
        .where(eq(payments.orderId, orderId))
        .orderBy(desc(payments.createdAt), desc(payments.id))
        .limit(1);
      if (awaitsOnlinePayment(attempt && { status: attempt.status as PaymentStatus }))
        throw conflict("orderAwaitsOnlinePayment");
    }
    // stock_released_at says the order's stock is not held (decisions 0063, 0067): set when it is given
    // back, cleared when it is taken again, so neither happens twice.
    let stockReleasedAt = current.stockReleasedAt;
    if (status === "cancelled" && current.status !== "cancelled") {
      // An order whose payment attempt ended unpaid gave its stock back then (decision 0063). A piece
      // sent, or withdrawn and maybe still in the post, goes back only when the seller says it is back.
      if (!stockReleasedAt && cancelAsksPieceBack(current) && restock === undefined)
        throw badRequest("restockQuestion");
      if (!stockReleasedAt && (!cancelAsksPieceBack(current) || restock)) {
        await returnOrderStock(tx, orderId);
        stockReleasedAt = new Date();
      }
      await dropHeldMessages(tx, orderId);
      // Its code's use and its gift card money go back; the cards it bought, unused, are voided (0076).
      await giveBackPriceRules(tx, orderId);
    }
    // Reopened: its stock is taken again, or the checkout's 409 names the product that is gone.
    if (reopening && stockReleasedAt) {
      await takeOrderStockAgain(tx, orderId);
      stockReleasedAt = null;
    }
    // And its code's use again, or a 409 saying why it cannot be reopened (decision 0076).
    if (reopening) await takePriceRulesAgain(tx, orderId);
    // Paid (by the provider, decision 0034): the messages that waited for the payment are due now.
    if ((PROVIDER_ONLY_ORDER_STATUSES as readonly OrderStatus[]).includes(status))
      await releaseHeldMessages(tx, orderId);
    // Paid, by the provider or the seller: the gift cards it bought are made, once (decision 0076).
    if ((REVENUE_STATUSES as readonly OrderStatus[]).includes(status)) await issueGiftCards(tx, orderId);
    // A stall sale paid through Vipps gets its receipt number in the transaction that makes it paid; one
    // per sale, so a later change (fulfilled, reopened) takes none (decision 0077).
    if (current.channel === "stall" && status === "paid")
      await issueReceipt(tx, { storeId: current.storeId, orderId, kind: "sale" });
    await tx
      .update(orders)
      .set({ status, ...tracking, stockReleasedAt, updatedAt: new Date() })
      .where(eq(orders.id, orderId));
    if (current.status !== status) {
      await tx.insert(orderStatusEvents).values({
        orderId,
        fromStatus: current.status,
        toStatus: status,
        changedByUserId: userId,
        changedBy: by,
      });
    }
    await queueShopperNotice(tx, orderId, status);
    return true;
  });
  return changed ? getOrderWithHistory(db, orderId) : undefined;
}
