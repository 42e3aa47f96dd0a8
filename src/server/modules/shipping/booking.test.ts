import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { emailOutbox, orders, shipments, storeCarriers } from "../../db/schema";
import { type FakeBring, startFakeBring } from "../../test/fakes/bring";
import { FAKE_BRING_ACCOUNT } from "../../test/fakes/bring-account";
import { type Agent, createTestApp, signUp, type TestApp } from "../../test/harness";
import { startTestSmtpServer } from "../email/testing";
import { bringStore, placeOrder } from "./booking.fixtures";

/** Issue 31 item 3: the seller books the parcel through Bring's Booking API and prints its label. */
let smtp: Awaited<ReturnType<typeof startTestSmtpServer>>;
let fake: FakeBring;
let t: TestApp;
beforeAll(async () => {
  smtp = await startTestSmtpServer();
  fake = await startFakeBring({ advance: false });
  t = await createTestApp({
    BRING_API_URL: fake.url,
    SMTP_URL: smtp.url,
    EMAIL_FROM: "Torg <ordre@torg.test>",
    EMAIL_TIMEOUT_MS: "2000",
    EMAIL_PER_RECIPIENT_PER_HOUR: "0",
    ORDERS_PER_IP_PER_HOUR: "0",
  });
});
afterAll(async () => {
  await t.close();
  await fake.close();
  await smtp.close();
});
beforeEach(() => fake.reset());

const en = { "accept-language": "en" };
const book = (agent: Agent, orderId: string, body: Record<string, unknown> = {}) =>
  agent.request({ method: "POST", url: `/api/orders/${orderId}/shipment`, payload: body, headers: en });

/** The consignment the fake's Booking API received for a tracking number, as Torg sent it. */
function consignmentOf(trackingNumber: string) {
  const booking = fake.bookings.get(trackingNumber);
  if (!booking) throw new Error(`the fake has no booking ${trackingNumber}`);
  return booking.consignment as {
    product: { id: string; customerNumber: string };
    correlationId: string;
    parties: {
      sender: { name: string; addressLine: string; postalCode: string; city: string };
      recipient: {
        name: string;
        addressLine: string;
        postalCode: string;
        city: string;
        contact: { email: string | null; phoneNumber: string | null };
      };
      pickupPoint?: { id: string };
    };
    packages: { weightInKg: number }[];
  };
}

async function orderRow(orderId: string) {
  const [row] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
  return row;
}

async function shippedMails(orderId: string) {
  await t.app.emailOutbox.drain();
  const rows = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.orderId, orderId));
  return rows.filter((row) => row.purpose === "order_shipped");
}
const mailAbout = (orderId: string) =>
  smtp.received.filter(
    (mail) =>
      mail.subject?.startsWith(`Your order ${orderId.slice(0, 8)} from`) &&
      mail.subject.endsWith("has been sent"),
  );

describe("booking a parcel with Bring (POST /api/orders/{id}/shipment)", () => {
  it("books a pick-up order at its point, stores the label, fulfils the order and mails the tracking link", async () => {
    const store = await bringStore(t);
    const order = await placeOrder(t, store, { qty: 2, pickupPointId: "101551" });
    const booked = await book(store.agent, order.id);
    expect(booked.statusCode, booked.body).toBe(201);
    const { trackingNumber, trackingUrl, labelUrl } = booked.json();
    expect(trackingNumber).toMatch(/^70438101\d{9}$/);
    expect(trackingUrl).toBe(`${fake.url}/_fake/sporing/${trackingNumber}`);
    expect(labelUrl).toBe(`/api/orders/${order.id}/shipment/label`);

    // The documented fields of the Booking API's request, as the fake recorded them.
    const consignment = consignmentOf(trackingNumber);
    expect(consignment.product).toEqual({ id: "5800", customerNumber: FAKE_BRING_ACCOUNT.customerNumber });
    expect(consignment.parties.pickupPoint?.id).toBe("101551");
    expect(consignment.parties.recipient).toMatchObject({
      name: "Nora Kunde",
      postalCode: "0154",
      city: "Oslo",
      contact: { email: "kunde@example.no", phoneNumber: "+4791234567" },
    });
    expect(consignment.parties.sender).toMatchObject({
      name: "Leirverkstedet",
      addressLine: "Storgata 1",
      postalCode: "0155",
    });
    // Two mugs of 1.2 kg.
    expect(consignment.packages.map((pkg) => pkg.weightInKg)).toEqual([2.4]);
    expect(consignment.correlationId).toBe(order.id.slice(0, 8));

    const row = await orderRow(order.id);
    expect(row?.status).toBe("fulfilled");
    expect(row?.trackingNumber).toBe(trackingNumber);
    const [shipment] = await t.database.db.select().from(shipments).where(eq(shipments.orderId, order.id));
    expect(shipment).toMatchObject({ service: "5800", state: "booked", trackingUrl });
    expect(shipment?.nextCheckAt).toBeInstanceOf(Date);

    const label = await store.agent.get(labelUrl);
    expect(label.statusCode).toBe(200);
    expect(label.headers["content-type"]).toBe("application/pdf");
    expect(label.headers["content-disposition"]).toBe(`inline; filename="label-${order.id.slice(0, 8)}.pdf"`);
    expect(label.rawPayload.subarray(0, 4).toString()).toBe("%PDF");
    // Never through the public uploads route.
    expect((await store.agent.get(`/uploads/${shipment?.labelKey}`)).statusCode).toBe(404);

    expect(await shippedMails(order.id)).toHaveLength(1);
    const [mail] = mailAbout(order.id);
    expect(mail?.text).toContain(`Tracking number: ${trackingNumber}`);
    expect(mail?.text).toContain(trackingUrl);

    // The seller's order view has the parcel, with its label.
    const view = (await store.agent.get(`/api/orders/${order.id}`)).json();
    expect(view.shipment).toMatchObject({
      trackingNumber,
      trackingUrl,
      labelUrl,
      state: "booked",
      events: [],
    });
    const list = (await store.agent.get(`/api/stores/${store.store.id}/orders`)).json();
    expect(list[0].shipment.trackingNumber).toBe(trackingNumber);
  });

  it("books a flat parcel order of a Bring store home, with the service the seller picks", async () => {
    const store = await bringStore(t);
    const order = await placeOrder(t, store, { qty: 1 });
    const pickup = await book(store.agent, order.id, { service: "5800" });
    expect(pickup.statusCode).toBe(400);
    expect(pickup.json().message).toBe("Choose a pick-up point");
    const booked = await book(store.agent, order.id, { service: "3584" });
    expect(booked.statusCode, booked.body).toBe(201);
    const consignment = consignmentOf(booked.json().trackingNumber);
    expect(consignment.product.id).toBe("3584");
    expect(consignment.parties.pickupPoint ?? null).toBeNull();
    expect(consignment.parties.recipient).toMatchObject({
      addressLine: "Karl Johans gate 5",
      postalCode: "0154",
      city: "Oslo",
    });
    expect(consignment.packages.map((pkg) => pkg.weightInKg)).toEqual([1.2]);
    // Without a pick, the store's first home service.
    const other = await placeOrder(t, store, { qty: 1 });
    const byDefault = await book(store.agent, other.id);
    expect(consignmentOf(byDefault.json().trackingNumber).product.id).toBe("5600");
  });

  it("a store that fulfils at delivery: the order stays paid, the shipped mail goes once", async () => {
    const store = await bringStore(t, { fulfilOnDelivery: true });
    const order = await placeOrder(t, store);
    const booked = await book(store.agent, order.id);
    expect(booked.statusCode, booked.body).toBe(201);
    const row = await orderRow(order.id);
    expect(row?.status).toBe("paid");
    expect(row?.trackingNumber).toBe(booked.json().trackingNumber);
    expect(await shippedMails(order.id)).toHaveLength(1);
    expect(mailAbout(order.id)[0]?.text).toContain(booked.json().trackingUrl);
    // Fulfilled later (at delivery): no second mail.
    await store.agent.patch(`/api/orders/${order.id}/status`, { status: "fulfilled" });
    expect(await shippedMails(order.id)).toHaveLength(1);
  });

  it("a second booking is 409; an unpaid order 400; another seller's order 404", async () => {
    const store = await bringStore(t);
    const order = await placeOrder(t, store);
    expect((await book(store.agent, order.id)).statusCode).toBe(201);
    const again = await book(store.agent, order.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("This order's parcel is already booked");
    expect(fake.bookings.size).toBeGreaterThan(0);

    const unpaid = await placeOrder(t, store, { paid: false });
    const refused = await book(store.agent, unpaid.id);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe("Only a paid order sent with Bring can be booked");

    const stranger = await signUp(t.app);
    const paid = await placeOrder(t, store);
    expect((await book(stranger.agent, paid.id)).statusCode).toBe(404);
    expect((await stranger.agent.get(`/api/orders/${order.id}/shipment/label`)).statusCode).toBe(404);
    expect((await orderRow(paid.id))?.status).toBe("paid");
  });

  it("Bring refusing: 400 with Bring's own words, nothing booked, stored or marked sent", async () => {
    const store = await bringStore(t);
    const order = await placeOrder(t, store, { pickupPointId: "999999" });
    const labelsBefore = storedLabels();
    const refused = await book(store.agent, order.id);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toContain("Bring said:");
    expect(refused.json().message).toContain("Could not find a pickup point for the provided recipient");
    await expectNothingBooked(order.id, labelsBefore);
  });

  it("Bring down: 503, nothing booked, stored or marked sent", async () => {
    const store = await bringStore(t);
    const order = await placeOrder(t, store);
    fake.setDown(true);
    const labelsBefore = storedLabels();
    const down = await book(store.agent, order.id);
    expect(down.statusCode).toBe(503);
    expect(down.json().message).toBe("Bring is not answering just now. Try again in a minute.");
    await expectNothingBooked(order.id, labelsBefore);
    fake.setDown(false);
    expect((await book(store.agent, order.id)).statusCode).toBe(201);
  });

  it("a store without Bring: 400, and an order without a label: 404", async () => {
    const seller = await signUp(t.app);
    const store = await bringStore(t);
    const order = await placeOrder(t, store);
    expect((await store.agent.get(`/api/orders/${order.id}/shipment/label`)).statusCode).toBe(404);
    await t.database.db.delete(storeCarriers).where(eq(storeCarriers.storeId, store.store.id));
    const refused = await book(store.agent, order.id);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe("This store has not connected Bring");
    expect((await book(seller.agent, order.id)).statusCode).toBe(404);
  });
});

/** The label files in storage. */
function storedLabels() {
  const folder = path.join(t.config.uploadDir ?? "", "labels");
  return fs.existsSync(folder) ? fs.readdirSync(folder).length : 0;
}

async function expectNothingBooked(orderId: string, labelsBefore: number) {
  expect(storedLabels()).toBe(labelsBefore);
  const row = await orderRow(orderId);
  expect(row?.status).toBe("paid");
  expect(row?.trackingNumber).toBeNull();
  expect(await t.database.db.select().from(shipments).where(eq(shipments.orderId, orderId))).toEqual([]);
  expect(await shippedMails(orderId)).toEqual([]);
}
