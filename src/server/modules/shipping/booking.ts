import { randomUUID } from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import { shortOrderId } from "../../../shared/order";
import {
  BRING_SERVICES,
  type BringServiceCode,
  isPickupService,
  parcelWeightGrams,
} from "../../../shared/shipping";
import { CarrierError, type Carriers } from "../../adapters/carriers";
import { type FileStorage, LABEL_FOLDER } from "../../adapters/storage";
import type { Config } from "../../config";
import type { Db, DbOrTx } from "../../db/client";
import { orderItems, orders, products, shipments, stores } from "../../db/schema";
import { badRequest, conflict, HttpError, notFound } from "../../lib/http-error";
import type { PaymentContext } from "../payments";
import { shipmentLabelPath } from "./shipment-view";
import { carrierFor, readStoreCarrier, type StoreCarrier } from "./store-carrier";

/** A booking waits longer than a checkout: the seller is at the packing table, not at a till. */
export const BOOKING_TIMEOUT_MS = 15_000;

/**
 * What a booking does to its order, handed in by app.ts from the orders module (decision 0075: orders
 * reads shipments for its views, so shipping does not import orders).
 */
export interface ShipmentOrderEffects {
  /** Fulfils the order with its tracking number: a reserved payment is captured, the "sent" mail queued. */
  fulfil(
    payments: PaymentContext,
    input: { orderId: string; userId: string; trackingNumber: string },
  ): Promise<unknown>;
  /** Queues the shopper's "sent" mail, once per order, in the caller's transaction. */
  queueShippedNotice(tx: DbOrTx, orderId: string): Promise<void>;
}

export interface BookingContext {
  orders: ShipmentOrderEffects;
  db: Db;
  config: Config;
  carriers: Carriers;
  storage: FileStorage;
  payments: PaymentContext;
  log: { warn(object: unknown, message: string): void };
}

type OrderRow = typeof orders.$inferSelect;

/** The service an order is booked with: the one chosen at checkout, else the seller's pick for a flat parcel. */
function serviceFor(order: OrderRow, carrier: StoreCarrier, picked: BringServiceCode | undefined): string {
  if (order.shippingService) return order.shippingService;
  // A flat "parcel" option of a store connected to a carrier: the seller chooses the service now. A
  // pick-up service has no point to send to (the shopper chose none), so only a home service fits.
  if (order.deliveryKind !== "parcel") throw badRequest("shipmentNotBookable");
  if (picked) {
    if (isPickupService(picked)) throw badRequest("pickupPointRequired");
    return picked;
  }
  const offered = carrier.services.find((service) => !isPickupService(service.code));
  return offered?.code ?? BRING_SERVICES.find((service) => !service.pickup)?.code ?? "5600";
}

/**
 * Paid, or fulfilled by hand before the seller booked (a shipment exists: 409, checked first): the parcel
 * is paid for and may go. A pending order is not paid; a cancelled one is not sent.
 */
function assertBookable(order: OrderRow) {
  if (order.channel !== "web") throw badRequest("shipmentNotBookable");
  if (order.status !== "paid" && order.status !== "fulfilled") throw badRequest("shipmentNotBookable");
}

/** The parcel's weight: each line's product as it weighs now (the store's default when none or deleted). */
async function orderWeightGrams(db: DbOrTx, orderId: string, defaultWeightGrams: number) {
  const lines = await db
    .select({ qty: orderItems.qty, refundedQty: orderItems.refundedQty, weightGrams: products.weightGrams })
    .from(orderItems)
    .leftJoin(products, eq(products.id, orderItems.productId))
    // A gift card is a code, not a piece in the parcel.
    .where(and(eq(orderItems.orderId, orderId), isNull(orderItems.giftCard)));
  const weight = parcelWeightGrams(
    lines.map((line) => ({ qty: Math.max(0, line.qty - line.refundedQty), weightGrams: line.weightGrams })),
    defaultWeightGrams,
  );
  return weight > 0 ? weight : defaultWeightGrams;
}

/** The shopper as the carrier needs them: the street address, or for a pick-up service the point. */
function recipientOf(order: OrderRow, service: string) {
  const contact = { email: order.buyerEmail || null, phone: order.shipToPhone || null };
  if (isPickupService(service)) {
    const point = order.pickupPoint;
    if (!point) throw badRequest("pickupPointRequired");
    // Bring wants the recipient's own postcode too; the point's stands in when the order has no address.
    const address = order.shipToAddr ?? {};
    return {
      recipient: {
        name: order.shipToName,
        street: address.street || point.address,
        postalCode: address.post || point.postalCode,
        city: address.city || point.city,
        country: "NO",
        ...contact,
      },
      pickupPointId: point.id,
    };
  }
  const address = order.shipToAddr ?? {};
  const street = address.street || address.address?.split("\n")[0]?.trim() || "";
  if (!street || !address.post || !address.city) throw badRequest("shipmentAddressIncomplete");
  return {
    recipient: {
      name: order.shipToName,
      street,
      postalCode: address.post,
      city: address.city,
      country: "NO",
      ...contact,
    },
    pickupPointId: null,
  };
}

/**
 * The sender's contact on the label: Bring asks for the sender's phone on most services. The store's
 * phone only once the seller proved they hold it, and its contact e-mail only once confirmed (the
 * shopper-facing rules of decision 0066); otherwise none is sent.
 */
async function senderContact(db: DbOrTx, storeId: string) {
  const [store] = await db
    .select({
      phone: stores.phone,
      verifiedPhone: stores.verifiedPhone,
      contactEmail: stores.contactEmail,
      verifiedContactEmail: stores.verifiedContactEmail,
    })
    .from(stores)
    .where(eq(stores.id, storeId));
  return {
    phone: store?.phone && store.phone === store.verifiedPhone ? store.phone : null,
    email:
      store?.contactEmail && store.contactEmail === store.verifiedContactEmail ? store.contactEmail : null,
  };
}

/** A carrier's failure as the seller sees it: its own words when it refused, else "not answering". */
function carrierHttpError(error: unknown): unknown {
  if (!(error instanceof CarrierError)) return error;
  if (error.kind === "refused")
    return new HttpError(400, "carrierRefused", { message: error.providerMessage ?? error.kind });
  if (error.kind === "unauthorized") return badRequest("carrierCredentialsRefused");
  return new HttpError(503, "carrierUnavailable");
}

export async function findShipment(db: DbOrTx, orderId: string) {
  const [row] = await db.select().from(shipments).where(eq(shipments.orderId, orderId));
  return row;
}

/**
 * Books an order's parcel with the store's carrier (decision 0079) and keeps its label: the carrier is
 * called first, and only a booking it confirmed (with its label fetched and stored) is written, so a
 * refusal or silence leaves nothing booked and nothing marked sent. Then the order is sent: fulfilled
 * with the tracking number (which captures a reserved payment and queues the shopper's "sent" mail), or,
 * for a store that fulfils at delivery, left paid with the same mail queued now. The caller checked that
 * the user may change the order.
 */
export async function bookShipment(
  ctx: BookingContext,
  input: { orderId: string; userId: string; service?: BringServiceCode },
) {
  const [order] = await ctx.db.select().from(orders).where(eq(orders.id, input.orderId));
  if (!order) throw notFound("orderNotFound");
  if (await findShipment(ctx.db, order.id)) throw conflict("shipmentAlreadyBooked");
  assertBookable(order);
  const storeCarrier = await readStoreCarrier(ctx.db, order.storeId);
  if (!storeCarrier) throw badRequest("carrierNotConnected");
  const carrier = carrierFor(ctx.carriers, storeCarrier.provider);
  const service = serviceFor(order, storeCarrier, input.service);
  const { recipient, pickupPointId } = recipientOf(order, service);
  const weightGrams = await orderWeightGrams(ctx.db, order.id, storeCarrier.defaultWeightGrams);

  let booking: Awaited<ReturnType<typeof carrier.book>>;
  let label: Buffer;
  try {
    booking = await carrier.book(
      {
        account: storeCarrier.account,
        service,
        sender: { ...storeCarrier.sender, country: "NO", ...(await senderContact(ctx.db, order.storeId)) },
        recipient,
        pickupPointId,
        parcels: [{ weightGrams }],
        reference: shortOrderId(order.id),
        shippingDate: new Date(),
        test: ctx.config.carriers.bring?.testBookings ?? false,
      },
      { timeoutMs: BOOKING_TIMEOUT_MS },
    );
  } catch (error) {
    throw carrierHttpError(error);
  }
  try {
    label = await carrier.label(storeCarrier.account, booking.labelUrl, { timeoutMs: BOOKING_TIMEOUT_MS });
  } catch (error) {
    // Booked at Bring but no label to print: nothing is kept and the seller books again; the consignment
    // without a label is never handed in.
    if (error instanceof CarrierError) throw new HttpError(503, "labelUnavailable");
    throw error;
  }

  const shipmentId = randomUUID();
  const labelKey = `${LABEL_FOLDER}${shipmentId}.pdf`;
  await ctx.storage.put(labelKey, label, "application/pdf");
  const now = new Date();
  const stored = await ctx.db.transaction(async (tx) => {
    // The unique index on order_id settles two bookings racing past the check above: one row wins.
    const [inserted] = await tx
      .insert(shipments)
      .values({
        id: shipmentId,
        orderId: order.id,
        storeId: order.storeId,
        carrier: storeCarrier.provider,
        service,
        trackingNumber: booking.trackingNumber,
        trackingUrl: booking.trackingUrl,
        labelKey,
        bookedBy: input.userId,
        bookedAt: now,
        // Due at once: the tracking worker reads it on its next pass.
        nextCheckAt: now,
      })
      .onConflictDoNothing({ target: shipments.orderId })
      .returning({ id: shipments.id });
    if (!inserted) return false;
    await tx
      .update(orders)
      .set({ trackingNumber: booking.trackingNumber, updatedAt: now })
      .where(eq(orders.id, order.id));
    // Already fulfilled by hand, or fulfilled only at delivery: the shopper hears it is on its way now.
    if (order.status === "fulfilled" || storeCarrier.fulfilOnDelivery)
      await ctx.orders.queueShippedNotice(tx, order.id);
    return true;
  });
  if (!stored) {
    await ctx.storage.delete(labelKey).catch(() => undefined);
    throw conflict("shipmentAlreadyBooked");
  }
  if (order.status === "paid" && !storeCarrier.fulfilOnDelivery)
    await fulfilBooked(ctx, order.id, input.userId, booking.trackingNumber);
  return {
    trackingNumber: booking.trackingNumber,
    trackingUrl: booking.trackingUrl,
    labelUrl: shipmentLabelPath(order.id),
  };
}

/**
 * The booked order becomes fulfilled with its tracking number: a reserved payment is captured and the
 * shopper's "sent" mail queued (status-change.ts). The parcel is booked whatever happens here, so a
 * capture that fails leaves the order paid for the seller to fulfil again, and the shopper still hears
 * their parcel is on its way.
 */
async function fulfilBooked(ctx: BookingContext, orderId: string, userId: string, trackingNumber: string) {
  try {
    await ctx.orders.fulfil(ctx.payments, { orderId, userId, trackingNumber });
  } catch (error) {
    ctx.log.warn({ err: error, orderId }, "booked order could not be fulfilled");
    await ctx.orders.queueShippedNotice(ctx.db, orderId);
  }
}
