import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type FakeBring, startFakeBring } from "../../test/fakes/bring";
import { FAKE_BRING_ACCOUNT } from "../../test/fakes/bring-account";
import { createBringCarrier } from "./bring";
import { type BookingRequest, CarrierError } from "./carrier";

/** The Bring adapter against the local fake of Bring's four APIs, end to end over HTTP. */
let fake: FakeBring;
const account = { ...FAKE_BRING_ACCOUNT };

beforeAll(async () => {
  fake = await startFakeBring({ advance: false });
});
afterAll(async () => fake.close());
beforeEach(() => fake.state.reset());

const carrier = () =>
  createBringCarrier({ apiUrl: fake.url, clientUrl: "https://torg.test", testBookings: true });

const booking = (overrides: Partial<BookingRequest> = {}): BookingRequest => ({
  account,
  service: "5800",
  sender: { name: "Vev og Ull", street: "Industriveien 1", postalCode: "0010", city: "Oslo", country: "NO" },
  recipient: {
    name: "Kari Nordmann",
    street: "Storgata 5",
    postalCode: "0155",
    city: "Oslo",
    country: "NO",
    email: "kari@example.com",
    phone: "+4791234567",
  },
  pickupPointId: "101551",
  parcels: [{ weightGrams: 800, lengthCm: 30, widthCm: 20, heightCm: 10 }],
  reference: "T-1001",
  shippingDate: new Date("2026-12-01T09:00:00Z"),
  test: false,
  ...overrides,
});

async function unwrap(promise: Promise<unknown>): Promise<CarrierError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof CarrierError) return error;
    throw error;
  }
  throw new Error("expected a CarrierError");
}

describe("the Bring adapter against the fake", () => {
  it("checks an account: the fake's own passes, a wrong key is unauthorized", async () => {
    await expect(carrier().checkAccount(account)).resolves.toBeUndefined();
    const wrong = await unwrap(carrier().checkAccount({ ...account, apiKey: "not-the-key" }));
    expect(wrong.kind).toBe("unauthorized");
    const otherCustomer = await unwrap(carrier().checkAccount({ ...account, customerNumber: "999" }));
    expect(otherCustomer.kind).toBe("unauthorized");
  });

  it("prices the services with a name, kroner incl. VAT and a delivery date", async () => {
    const prices = await carrier().prices({
      account,
      fromPostalCode: "0010",
      toPostalCode: "5003",
      fromCountry: "NO",
      toCountry: "NO",
      parcels: [{ weightGrams: 800 }],
      services: ["5800", "3584", "5600"],
      // A Tuesday: two working days to another region is Thursday.
      shippingDate: new Date("2026-12-01T09:00:00Z"),
    });
    expect(prices).toEqual([
      { service: "5800", name: "Pakke til hentested", price: "79.00", expectedDelivery: "2026-12-03" },
      { service: "3584", name: "Pakke i postkassen", price: "69.00", expectedDelivery: "2026-12-04" },
      { service: "5600", name: "Pakke levert hjem", price: "129.00", expectedDelivery: "2026-12-03" },
    ]);
  });

  it("leaves out a service Bring cannot do for the parcel (a mailbox parcel over 5 kg)", async () => {
    const prices = await carrier().prices({
      account,
      fromPostalCode: "0010",
      toPostalCode: "0155",
      fromCountry: "NO",
      toCountry: "NO",
      parcels: [{ weightGrams: 7_000 }],
      services: ["5800", "3584"],
      language: "en",
    });
    expect(prices.map((price) => [price.service, price.name, price.price])).toEqual([
      ["5800", "Pickup parcel", "149.00"],
    ]);
  });

  it("lists pick-up points nearest first, stable ids for the postcode", async () => {
    const points = await carrier().pickupPoints({ account, country: "NO", postalCode: "0155", limit: 3 });
    expect(points.map((point) => point.name)).toEqual([
      "Coop Mega Storgata",
      "Posten Oslo sentrum",
      "Pakkeboks Jernbanetorget",
    ]);
    expect(points[0]).toMatchObject({
      id: "101551",
      address: "Storgata 14",
      postalCode: "0155",
      city: "OSLO",
      distanceKm: 0.3,
    });
    expect(points[0]?.openingHours).toMatch(/Man - Fre/);
    const again = await carrier().pickupPoints({ account, country: "NO", postalCode: "0155", limit: 3 });
    expect(again.map((point) => point.id)).toEqual(points.map((point) => point.id));
  });

  it("books, fetches the label PDF and tracks the parcel as a test sets it", async () => {
    const bring = carrier();
    const booked = await bring.book(booking());
    expect(booked.trackingNumber).toMatch(/^\d{17}$/);
    expect(booked.labelUrl).toContain(fake.url);
    const stored = fake.state.bookings.get(booked.trackingNumber);
    expect(stored).toMatchObject({ service: "5800", test: true, correlationId: "T-1001" });

    const pdf = await bring.label(account, booked.labelUrl);
    expect(pdf.subarray(0, 4).toString("latin1")).toBe("%PDF");

    let [tracked] = await bring.track(account, [booked.trackingNumber]);
    expect(tracked?.state).toBe("booked");
    fake.state.setTrackingState(booked.trackingNumber, "ready_for_pickup");
    [tracked] = await bring.track(account, [booked.trackingNumber, "70438109999999999"]);
    expect(tracked).toMatchObject({ trackingNumber: booked.trackingNumber, state: "ready_for_pickup" });
    expect(tracked?.events.map((event) => event.state)).toEqual(["ready_for_pickup", "in_transit", "booked"]);
    expect(tracked?.events[0]?.place).toBe("0155 OSLO");
    fake.state.setTrackingState(booked.trackingNumber, "delivered");
    const [delivered] = await bring.track(account, [booked.trackingNumber]);
    expect(delivered?.state).toBe("delivered");
  });

  it("tracks a parcel set delivered the moment it was booked as delivered, its steps in order", async () => {
    const bring = carrier();
    const booked = await bring.book(booking());
    const stored = fake.state.bookings.get(booked.trackingNumber);
    if (!stored) throw new Error("the fake kept no booking");
    // Booked now: every step falls in the same millisecond, as a fast test's can.
    stored.bookedAt = new Date();
    fake.state.setTrackingState(booked.trackingNumber, "delivered");
    const [tracked] = await bring.track(account, [booked.trackingNumber]);
    expect(tracked?.state).toBe("delivered");
    expect(tracked?.events.map((event) => event.state)).toEqual(["delivered", "in_transit", "booked"]);
  });

  it("refuses a booking with Bring's own message for a missing field", async () => {
    const error = await unwrap(carrier().book(booking({ pickupPointId: null })));
    expect(error.kind).toBe("refused");
    expect(error.providerMessage).toBe(
      "BOOK-INPUT-045: Could not find a pickup point for the provided recipient",
    );
  });

  it("sends the three authentication headers on every call", async () => {
    await carrier().pickupPoints({ account, country: "NO", postalCode: "0155", limit: 3 });
    const [request] = fake.state.requests;
    expect(request?.headers).toMatchObject({
      "x-mybring-api-uid": account.apiUid,
      "x-mybring-api-key": account.apiKey,
      "x-bring-client-url": "https://torg.test",
      accept: "application/json",
    });
  });

  it("maps the fake's 429, 503, a dropped connection and a slow answer", async () => {
    fake.state.rateLimitNext(1, 7);
    const limited = await unwrap(carrier().checkAccount(account));
    expect(limited).toMatchObject({ kind: "rate_limited", retryAfterMs: 7000 });

    fake.state.setDown(true);
    expect((await unwrap(carrier().checkAccount(account))).kind).toBe("unavailable");
    fake.state.setDown("drop");
    expect((await unwrap(carrier().checkAccount(account))).kind).toBe("unavailable");
    fake.state.setDown(false);

    fake.state.setDelayMs(500);
    expect((await unwrap(carrier().checkAccount(account, { timeoutMs: 100 }))).kind).toBe("unavailable");
    fake.state.setDelayMs(0);
    await expect(carrier().checkAccount(account)).resolves.toBeUndefined();
  });
});
