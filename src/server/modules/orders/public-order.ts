import { and, asc, eq, sql } from "drizzle-orm";
import { deliveryOf, type OrderStatus, shortOrderId } from "../../../shared/order";
import { ORDER_TOKEN_PATTERN, type PublicOrder, WITHDRAWAL_DAYS } from "../../../shared/order-page";
import type { Db, DbOrTx } from "../../db/client";
import { deliveryOptions, orderItems, orderStatusEvents, orders, stores } from "../../db/schema";
import { conflict, notFound } from "../../lib/http-error";
import { shopperShipment } from "../shipping";
import { contactEmailSql } from "../stores";
import { shippingOf } from "./service";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * When the withdrawal period ends (decision 0037): 14 days from delivery. Torg knows when the seller
 * marked the order fulfilled (sent or handed over), not when the parcel arrived, so that is the
 * delivery date it counts from; an order never fulfilled counts from when it was placed.
 */
export function withdrawalDeadline(placedAt: Date, deliveredAt: Date | null): Date {
  return new Date((deliveredAt ?? placedAt).getTime() + WITHDRAWAL_DAYS * DAY_MS);
}

async function findByToken(db: DbOrTx, token: string, lock = false) {
  if (!ORDER_TOKEN_PATTERN.test(token)) return undefined;
  const query = db
    .select({
      order: orders,
      store: {
        name: stores.name,
        slug: stores.slug,
        locale: stores.defaultLocale,
        phone: stores.phone,
        contactEmail: sql<string>`${contactEmailSql('"stores"')}`,
        legalName: stores.legalName,
        orgNumber: stores.orgNumber,
        address: stores.address,
        vatRate: stores.vatRate,
      },
      deliveryNote: deliveryOptions.note,
    })
    .from(orders)
    .innerJoin(stores, eq(stores.id, orders.storeId))
    .leftJoin(deliveryOptions, eq(deliveryOptions.id, orders.deliveryOptionId))
    .where(eq(orders.publicToken, token));
  const [row] = lock ? await query.for("update", { of: orders }) : await query;
  return row;
}

/** When the order was first marked fulfilled: the delivery date the withdrawal period counts from. */
async function deliveredAt(db: DbOrTx, orderId: string): Promise<Date | null> {
  const [event] = await db
    .select({ at: orderStatusEvents.changedAt })
    .from(orderStatusEvents)
    .where(and(eq(orderStatusEvents.orderId, orderId), eq(orderStatusEvents.toStatus, "fulfilled")))
    .orderBy(asc(orderStatusEvents.changedAt))
    .limit(1);
  return event?.at ?? null;
}

/**
 * The shopper's order, found by the secret in their order page address (decision 0026). A wrong or
 * malformed token is the same 404 as a missing order: it says nothing about which orders exist.
 */
export async function getPublicOrder(db: Db, token: string, now = new Date()): Promise<PublicOrder> {
  const row = await findByToken(db, token);
  if (!row) throw notFound("orderNotFound");
  const { order, store, deliveryNote } = row;
  const delivery = deliveryOf(order);
  const [items, delivered, shipment] = await Promise.all([
    db
      .select({
        id: orderItems.id,
        title: orderItems.title,
        variantLabel: orderItems.variantLabel,
        unitPrice: orderItems.unitPrice,
        qty: orderItems.qty,
        giftCard: orderItems.giftCard,
      })
      .from(orderItems)
      .where(eq(orderItems.orderId, order.id))
      .orderBy(asc(orderItems.title), asc(orderItems.id)),
    deliveredAt(db, order.id),
    shopperShipment(db, order.id),
  ]);
  const shipping = shippingOf(order);
  const deadline = withdrawalDeadline(order.placedAt, delivered);
  return {
    id: order.id,
    number: shortOrderId(order.id),
    status: order.status as OrderStatus,
    placedAt: order.placedAt.toISOString(),
    totalGross: order.totalGross,
    currencyCode: order.currencyCode,
    // A gift's recipient by name only: the page's link may be forwarded (their e-mail stays out).
    items: items.map(({ giftCard, ...item }) => ({
      ...item,
      giftCard: giftCard ? { recipientName: giftCard.recipientName } : null,
    })),
    discountCode: order.discountCode,
    discountTotal: order.discountTotal,
    giftCardTotal: order.giftCardTotal,
    shipToName: order.shipToName,
    shipToAddr: order.shipToAddr ?? null,
    delivery: delivery && { ...delivery, note: deliveryNote ?? null },
    vat: order.vat,
    trackingNumber: order.trackingNumber,
    shipping: shipping && {
      ...shipping,
      pickupPoint: shipping.pickupPoint && {
        ...shipping.pickupPoint,
        // Kept by the checkout when the carrier gave them (Pickup Point API `openingHoursNorwegian`).
        openingHours: shipping.pickupPoint.openingHours ?? null,
      },
    },
    shipment,
    store: {
      name: store.name,
      slug: store.slug,
      locale: store.locale,
      phone: store.phone,
      contactEmail: store.contactEmail,
      legalName: store.legalName,
      orgNumber: store.orgNumber,
      address: store.address,
      vatRegistered: store.vatRate !== null,
    },
    withdrawal: {
      withdrawnAt: order.withdrawnAt?.toISOString() ?? null,
      deliveredAt: delivered?.toISOString() ?? null,
      deadline: deadline.toISOString(),
      open: !order.withdrawnAt && order.status !== "cancelled" && now <= deadline,
    },
  };
}

/**
 * The shopper withdraws from the order (angrerett), from their order page. Under the order's row lock:
 * refused once the period has ended, when already withdrawn, or for a cancelled order. It records when,
 * and queues in the same transaction the seller's notice (to every member of the store) and the
 * shopper's confirmation that the withdrawal was received, sent after commit (decision 0037).
 */
export async function withdrawOrder(
  db: Db,
  token: string,
  linkOrigin: string | null,
  now = new Date(),
): Promise<PublicOrder> {
  await db.transaction(async (tx) => {
    const row = await findByToken(tx, token, true);
    if (!row) throw notFound("orderNotFound");
    const { order } = row;
    if (order.withdrawnAt) throw conflict("alreadyWithdrawn");
    if (order.status === "cancelled") throw conflict("withdrawalCancelled");
    if (now > withdrawalDeadline(order.placedAt, await deliveredAt(tx, order.id)))
      throw conflict("withdrawalClosed");
    await tx.update(orders).set({ withdrawnAt: now, updatedAt: now }).where(eq(orders.id, order.id));
    await tx.execute(sql`
      insert into email_outbox (order_id, store_id, to_address, purpose, link_origin)
      select ${order.id}::uuid, ${order.storeId}::uuid, u.email, 'seller_withdrawal', ${linkOrigin}::text
      from store_members m join users u on u.id = m.user_id where m.store_id = ${order.storeId}::uuid
      union all
      select ${order.id}::uuid, ${order.storeId}::uuid, ${order.buyerEmail}::text, 'withdrawal_confirmation',
        ${linkOrigin}::text`);
  });
  return getPublicOrder(db, token, now);
}
