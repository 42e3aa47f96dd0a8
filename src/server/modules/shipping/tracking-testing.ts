import { eq } from "drizzle-orm";
import { orders, shipments } from "../../db/schema";
import { FAKE_BRING_ACCOUNT } from "../../test/fakes/bring-account";
import { createProductVia, createStoreVia } from "../../test/fixtures";
import { Agent, signUp, type TestApp } from "../../test/harness";
import { connectTestCarrier, TEST_SENDER } from "./testing";

/** The fake's first pick-up point for 0155 Oslo (bring-data.ts): Coop Mega Storgata. */
export const TEST_PICKUP_POINT = {
  id: "101551",
  name: "Coop Mega Storgata",
  address: "Storgata 14",
  postalCode: "0155",
  city: "OSLO",
};

export const TEST_OPENING_HOURS = "Man - Fre: 0700-2300, Lør: 0800-2200";

let shoppers = 0;

/** A store connected to Bring (the fake's account unless `apiKey` says otherwise) with a mug. */
export async function bringStore(t: TestApp, options: { fulfilOnDelivery?: boolean; apiKey?: string } = {}) {
  const seller = await signUp(t.app);
  const store = await createStoreVia(seller.agent);
  await connectTestCarrier(t.database.db, store.id, options);
  const mug = await createProductVia(seller.agent, store.id, { title: "Mug", basePrice: "349" });
  return { seller, store, mug };
}

/**
 * A shopper's order in the store, to a pick-up point, marked paid (as the payment would), with its
 * parcel booked at the fake through the adapter and its `shipments` row written as a booking writes it,
 * due now: the tracking tests do not depend on the booking's own route.
 */
export async function bookedOrder(
  t: TestApp,
  store: { id: string },
  productId: string,
  options: { status?: "pending" | "paid"; dueAt?: Date } = {},
) {
  const placed = await new Agent(t.app).request({
    method: "POST",
    url: "/api/orders",
    remoteAddress: `10.31.0.${++shoppers % 250}`,
    payload: {
      storeId: store.id,
      buyerEmail: "kunde@example.no",
      shipToName: "Nora Kunde",
      shipToPhone: "+47 912 34 567",
      // A store with Bring has delivery: the order names its pick-up service and point (decision 0079).
      shipToAddr: { post: TEST_PICKUP_POINT.postalCode },
      shipping: { service: "5800", pickupPointId: TEST_PICKUP_POINT.id },
      items: [{ productId, qty: 1 }],
    },
  });
  if (placed.statusCode !== 201) throw new Error(`order failed: ${placed.statusCode} ${placed.body}`);
  const order = placed.json() as { id: string; publicUrl: string };
  await t.database.db
    .update(orders)
    .set({
      status: options.status ?? "paid",
      shippingCarrier: "bring",
      shippingService: "5800",
      shippingPriceSource: "bring",
      // With the opening hours the Pickup Point API gave (`openingHoursNorwegian`), when the checkout kept them.
      pickupPoint: { ...TEST_PICKUP_POINT, openingHours: TEST_OPENING_HOURS } as typeof TEST_PICKUP_POINT,
      expectedDelivery: "2026-12-03",
    })
    .where(eq(orders.id, order.id));
  const bring = t.app.carriers.bring;
  if (!bring) throw new Error("the tracking tests need BRING_API_URL pointing at the fake");
  const booking = await bring.book({
    account: { ...FAKE_BRING_ACCOUNT },
    service: "5800",
    sender: { ...TEST_SENDER, country: "NO" },
    recipient: { name: "Nora Kunde", street: "Storgata 1", postalCode: "0155", city: "Oslo", country: "NO" },
    pickupPointId: TEST_PICKUP_POINT.id,
    parcels: [{ weightGrams: 1000 }],
    reference: order.id,
    shippingDate: new Date(),
    test: true,
  });
  const [shipment] = await t.database.db
    .insert(shipments)
    .values({
      orderId: order.id,
      storeId: store.id,
      carrier: "bring",
      service: "5800",
      trackingNumber: booking.trackingNumber,
      trackingUrl: booking.trackingUrl,
      labelKey: `labels/${order.id}.pdf`,
      nextCheckAt: options.dueAt ?? new Date(Date.now() - 1000),
    })
    .returning();
  if (!shipment) throw new Error("no shipment written");
  const token = order.publicUrl.split("/order/")[1] ?? "";
  return { order, token, shipment, trackingNumber: booking.trackingNumber };
}

export async function shipmentRow(t: TestApp, id: string) {
  const [row] = await t.database.db.select().from(shipments).where(eq(shipments.id, id));
  if (!row) throw new Error(`no shipment ${id}`);
  return row;
}
