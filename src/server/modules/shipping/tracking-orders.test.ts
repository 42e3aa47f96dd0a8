import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { emailOutbox, orderStatusEvents, orders, shipments } from "../../db/schema";
import { type FakeBring, startFakeBring } from "../../test/fakes/bring";
import { Agent, createShopTestApp, type TestApp } from "../../test/harness";
import { bookedOrder, bringStore, TEST_OPENING_HOURS, TEST_PICKUP_POINT } from "./tracking-testing";

let fake: FakeBring;
let t: TestApp;
beforeAll(async () => {
  fake = await startFakeBring({ advance: false });
  t = await createShopTestApp({ BRING_API_URL: fake.url });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});
beforeEach(async () => {
  fake.reset();
  await t.database.db.update(shipments).set({ nextCheckAt: null });
});

const statusOf = async (orderId: string) =>
  (await t.database.db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId)))[0]
    ?.status;

const shippedMails = (orderId: string) =>
  t.database.db
    .select()
    .from(emailOutbox)
    .where(
      and(
        eq(emailOutbox.orderId, orderId),
        inArray(emailOutbox.purpose, ["order_shipped", "order_ready_for_pickup"]),
      ),
    );

describe("a delivered parcel and its order", () => {
  it("fulfils the paid order once when the seller chose so, without a second shipped e-mail", async () => {
    const { store, mug } = await bringStore(t, { fulfilOnDelivery: true });
    const { order, trackingNumber, shipment } = await bookedOrder(t, store, mug.id);
    // The booking queued the shopper's "sent" mail (bring-booking); the fulfil must not send another.
    await t.database.db.insert(emailOutbox).values({
      orderId: order.id,
      storeId: store.id,
      toAddress: "kunde@example.no",
      purpose: "order_shipped",
    });
    fake.setTrackingState(trackingNumber, "delivered");
    expect(await t.app.trackingWorker.run()).toMatchObject({ delivered: 1, fulfilled: 1 });
    expect(await statusOf(order.id)).toBe("fulfilled");
    const history = await t.database.db
      .select()
      .from(orderStatusEvents)
      .where(and(eq(orderStatusEvents.orderId, order.id), eq(orderStatusEvents.toStatus, "fulfilled")));
    expect(history).toMatchObject([{ fromStatus: "paid", changedBy: "provider", changedByUserId: null }]);
    expect(await shippedMails(order.id)).toHaveLength(1);

    // Read again (due by hand): still one fulfilment, one mail.
    await t.database.db
      .update(shipments)
      .set({ nextCheckAt: new Date() })
      .where(eq(shipments.id, shipment.id));
    expect(await t.app.trackingWorker.run()).toMatchObject({ fulfilled: 0 });
    const again = await t.database.db
      .select()
      .from(orderStatusEvents)
      .where(and(eq(orderStatusEvents.orderId, order.id), eq(orderStatusEvents.toStatus, "fulfilled")));
    expect(again).toHaveLength(1);
    expect(await shippedMails(order.id)).toHaveLength(1);
  });

  it("leaves the order's status alone when the seller did not choose it", async () => {
    const { store, mug } = await bringStore(t, { fulfilOnDelivery: false });
    const { order, trackingNumber } = await bookedOrder(t, store, mug.id);
    fake.setTrackingState(trackingNumber, "delivered");
    expect(await t.app.trackingWorker.run()).toMatchObject({ delivered: 1, fulfilled: 0 });
    expect(await statusOf(order.id)).toBe("paid");
  });

  it("leaves an unpaid order unpaid, even when the seller chose to fulfil on delivery", async () => {
    const { store, mug } = await bringStore(t, { fulfilOnDelivery: true });
    const { order, trackingNumber } = await bookedOrder(t, store, mug.id, { status: "pending" });
    fake.setTrackingState(trackingNumber, "delivered");
    expect(await t.app.trackingWorker.run()).toMatchObject({ delivered: 1, fulfilled: 0 });
    expect(await statusOf(order.id)).toBe("pending");
  });
});

describe("the shopper's order page", () => {
  it("shows the parcel, its events and the pick-up point, never the label", async () => {
    const { store, mug } = await bringStore(t);
    const { token, trackingNumber } = await bookedOrder(t, store, mug.id);
    fake.setTrackingState(trackingNumber, "ready_for_pickup");
    await t.app.trackingWorker.run();

    const response = await new Agent(t.app).get(`/api/orders/by-token/${token}`);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.shipment).toMatchObject({
      carrier: "bring",
      service: "5800",
      trackingNumber,
      state: "ready_for_pickup",
      deliveredAt: null,
    });
    expect(body.shipment.trackingUrl).toContain(trackingNumber);
    expect(body.shipment.events.map((event: { state: string }) => event.state)).toEqual([
      "ready_for_pickup",
      "in_transit",
      "booked",
    ]);
    expect(body.shipment).not.toHaveProperty("labelUrl");
    expect(response.body).not.toContain("labels/");
    expect(body.shipping).toMatchObject({
      carrier: "bring",
      service: "5800",
      expectedDelivery: "2026-12-03",
      pickupPoint: { ...TEST_PICKUP_POINT, openingHours: TEST_OPENING_HOURS },
    });

    const page = await new Agent(t.app).get(`/s/${store.slug}/order/${token}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('data-testid="shipment-tracking"');
    expect(page.body).toContain(`Ready for pick-up at ${TEST_PICKUP_POINT.name}`);
    expect(page.body).toContain(trackingNumber);
    expect(page.body).toContain(body.shipment.events[0].description);
    expect(page.body).not.toContain("labels/");
  });

  it("answers null for an order with no parcel booked and no carrier service", async () => {
    const { seller, store, mug } = await bringStore(t);
    // The store's own option, beside Bring: the order is picked up at the workshop.
    const saved = await seller.agent.put(`/api/stores/${store.id}/delivery-options`, [
      { name: "Hent i verkstedet", kind: "pickup", price: "0" },
    ]);
    const [workshop] = saved.json() as { id: string }[];
    const placed = await new Agent(t.app).request({
      method: "POST",
      url: "/api/orders",
      remoteAddress: "10.32.0.1",
      payload: {
        storeId: store.id,
        buyerEmail: "kunde@example.no",
        shipToName: "Nora Kunde",
        shipToPhone: "+47 912 34 567",
        deliveryOptionId: workshop?.id,
        items: [{ productId: mug.id, qty: 1 }],
      },
    });
    const token = (placed.json() as { publicUrl: string }).publicUrl.split("/order/")[1];
    const body = (await new Agent(t.app).get(`/api/orders/by-token/${token}`)).json();
    expect(body).toMatchObject({ shipping: null, shipment: null });
  });
});
