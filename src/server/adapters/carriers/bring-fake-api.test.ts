import { inflateSync } from "node:zlib";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type FakeBring, startFakeBring } from "../../test/fakes/bring";
import { FAKE_BRING_ACCOUNT } from "../../test/fakes/bring-account";
import { automaticEvents } from "../../test/fakes/bring-timeline";
import { createBringCarrier } from "./bring";
import { bookingRequestBody } from "./bring-booking";
import type { BookingRequest } from "./carrier";

/** The local Bring fake as Bring's documentation describes Bring: what other helpers and journeys rely on. */
let fake: FakeBring;
const account = { ...FAKE_BRING_ACCOUNT };
const auth = { "X-Mybring-API-Uid": account.apiUid, "X-Mybring-API-Key": account.apiKey };

beforeAll(async () => {
  fake = await startFakeBring({ advance: false });
});
afterAll(async () => fake.close());
beforeEach(() => fake.state.reset());

const request: BookingRequest = {
  account,
  service: "5800",
  sender: { name: "Vev og Ull", street: "Industriveien 1", postalCode: "0010", city: "Oslo", country: "NO" },
  recipient: { name: "Kari Nordmann", street: "Storgata 5", postalCode: "0155", city: "Oslo", country: "NO" },
  pickupPointId: "101551",
  parcels: [{ weightGrams: 800 }],
  reference: "T-2001",
  shippingDate: new Date("2026-12-01T09:00:00Z"),
  test: true,
};

const post = (path: string, body: unknown, headers: Record<string, string> = auth) =>
  fetch(`${fake.url}${path}`, {
    method: "POST",
    headers: { ...headers, "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify(body),
  });

/** The strings a pdf-lib page draws (`<hex> Tj` in its deflated content streams). */
function pdfTexts(pdf: Buffer): string[] {
  const texts: string[] = [];
  const raw = pdf.toString("latin1");
  for (const match of raw.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    let content: string;
    try {
      content = inflateSync(Buffer.from(match[1] ?? "", "latin1")).toString("latin1");
    } catch {
      continue;
    }
    for (const text of content.matchAll(/<([0-9A-Fa-f]+)> Tj/g)) {
      texts.push(Buffer.from(text[1] ?? "", "hex").toString("latin1"));
    }
  }
  return texts;
}

describe("the Bring fake", () => {
  it("answers unknown credentials 401 and accepts an account a test adds", async () => {
    const other = { apiUid: "second@torg.test", apiKey: "second-key-0002", customerNumber: "20099999999" };
    const refused = await fetch(`${fake.url}/booking/api/customers`, {
      headers: { "X-Mybring-API-Uid": other.apiUid, "X-Mybring-API-Key": other.apiKey },
    });
    expect(refused.status).toBe(401);
    expect(await refused.json()).toHaveProperty("message");
    fake.state.addAccount(other);
    const bring = createBringCarrier({
      apiUrl: fake.url,
      clientUrl: "https://torg.test",
      testBookings: true,
    });
    await expect(bring.checkAccount(other)).resolves.toBeUndefined();
  });

  it("prints sender, recipient, service, pick-up point and tracking number on the label PDF", async () => {
    const bring = createBringCarrier({
      apiUrl: fake.url,
      clientUrl: "https://torg.test",
      testBookings: true,
    });
    const booked = await bring.book(request);
    const pdf = await bring.label(account, booked.labelUrl);
    const texts = pdfTexts(pdf);
    expect(texts).toEqual(
      expect.arrayContaining([
        "5800  Pakke til hentested",
        "Vev og Ull",
        "Kari Nordmann",
        "Coop Mega Storgata",
        `Sending / Consignment: ${booked.trackingNumber}`,
        "Referanse / Reference: T-2001",
      ]),
    );
    // Another user's key does not open the label.
    const stranger = await fetch(booked.labelUrl);
    expect(stranger.status).toBe(401);
  });

  it("refuses a booking in the documented error shape, with the published codes", async () => {
    const body = bookingRequestBody(request) as ReturnType<typeof bookingRequestBody> &
      Record<string, unknown>;
    const consignment = body.consignments[0] as unknown as Record<string, Record<string, unknown>>;
    const broken = {
      ...body,
      consignments: [
        {
          ...consignment,
          parties: { ...consignment.parties, recipient: { name: "", countryCode: "NO", postalCode: "12" } },
          packages: [{ weightInKg: 0 }],
        },
      ],
    };
    const answer = await post("/booking/api/create", broken);
    expect(answer.status).toBe(400);
    const json = (await answer.json()) as {
      consignments: {
        correlationId: string;
        errors: { uniqueId: string; code: string; messages: { lang: string }[] }[];
      }[];
    };
    expect(json.consignments[0]?.correlationId).toBe("T-2001");
    expect(json.consignments[0]?.errors.map((error) => error.code)).toEqual([
      "BOOK-INPUT-014-RECIPIENT",
      "BOOK-INPUT-015-RECIPIENT",
      "BOOK-INPUT-016-RECIPIENT",
      "BOOK_INPUT-057-RECIPIENT",
      "BOOK-INPUT-002",
    ]);
    expect(json.consignments[0]?.errors[0]?.messages[0]?.lang).toBe("en");

    const { testIndicator: _test, ...untested } = body;
    const noIndicator = await post("/booking/api/create", untested);
    expect(JSON.stringify(await noIndicator.json())).toContain("BOOK-INPUT-030");

    const otherCustomer = bookingRequestBody({ ...request, account: { ...account, customerNumber: "5" } });
    const forbidden = await post("/booking/api/create", otherCustomer);
    expect(forbidden.status).toBe(403);
    expect(JSON.stringify(await forbidden.json())).toContain("BOOK-AUTHORIZATION-001");
  });

  it("answers the next n calls 429 with Retry-After, then normally", async () => {
    fake.state.rateLimitNext(2, 3);
    const first = await fetch(`${fake.url}/booking/api/customers`, { headers: auth });
    const second = await fetch(`${fake.url}/booking/api/customers`, { headers: auth });
    const third = await fetch(`${fake.url}/booking/api/customers`, { headers: auth });
    expect([first.status, second.status, third.status]).toEqual([429, 429, 200]);
    expect(first.headers.get("retry-after")).toBe("3");
  });

  it("delivers a working day or two after shipping, skipping the weekend", async () => {
    const bring = createBringCarrier({
      apiUrl: fake.url,
      clientUrl: "https://torg.test",
      testBookings: true,
    });
    const prices = await bring.prices({
      account,
      fromPostalCode: "0010",
      toPostalCode: "0155",
      fromCountry: "NO",
      toCountry: "NO",
      parcels: [{ weightGrams: 3_000 }, { weightGrams: 12_000 }],
      services: ["5800", "5600"],
      // Friday 4 December 2026: the next working day is Monday.
      shippingDate: new Date("2026-12-04T09:00:00Z"),
    });
    expect(prices).toEqual([
      { service: "5800", name: "Pakke til hentested", price: "298.00", expectedDelivery: "2026-12-07" },
      { service: "5600", name: "Pakke levert hjem", price: "398.00", expectedDelivery: "2026-12-07" },
    ]);
  });

  it("has points for any Norwegian postcode, by id too", async () => {
    const bring = createBringCarrier({
      apiUrl: fake.url,
      clientUrl: "https://torg.test",
      testBookings: true,
    });
    const points = await bring.pickupPoints({ account, country: "NO", postalCode: "7010", limit: 2 });
    expect(points.map((point) => [point.id, point.name, point.city])).toEqual([
      ["170101", "Coop Extra Trondheim", "TRONDHEIM"],
      ["170102", "Posten Trondheim sentrum", "TRONDHEIM"],
    ]);
    const byId = await fetch(`${fake.url}/pickuppoint/api/pickuppoint/NO/id/170102.json`, { headers: auth });
    expect(((await byId.json()) as { pickupPoint: { name: string }[] }).pickupPoint[0]?.name).toBe(
      "Posten Trondheim sentrum",
    );
  });

  it("moves a booked parcel by itself over minutes, and as tests and journeys set it", async () => {
    const bookedAt = new Date("2026-12-01T09:00:00Z");
    const parcel = {
      bookedAt,
      pickup: { postalCode: "0155", city: "OSLO", name: "Coop Mega Storgata" },
      sender: { postalCode: "0010", city: "OSLO" },
      recipient: { postalCode: "0155", city: "OSLO" },
    };
    const at = (minutes: number) => new Date(bookedAt.getTime() + minutes * 60_000);
    const last = (minutes: number, pickup = true) =>
      automaticEvents({ ...parcel, pickup: pickup ? parcel.pickup : null }, at(minutes)).at(-1)?.status;
    expect([last(0), last(1.5), last(3.5), last(7)]).toEqual([
      "PRE_NOTIFIED",
      "IN_TRANSIT",
      "READY_FOR_PICKUP",
      "DELIVERED",
    ]);
    expect(last(3.5, false)).toBe("DELIVERED");

    const bring = createBringCarrier({
      apiUrl: fake.url,
      clientUrl: "https://torg.test",
      testBookings: true,
    });
    const booked = await bring.book(request);
    fake.state.pushTrackingEvent(booked.trackingNumber, {
      status: "DEVIATION",
      description: "Avvik i produksjonen",
      at: new Date(Date.now() + 1000),
    });
    expect((await bring.track(account, [booked.trackingNumber]))[0]?.state).toBe("exception");

    const set = await post(`/_fake/tracking/${booked.trackingNumber}`, { state: "delivered" }, {});
    expect(set.status).toBe(200);
    expect((await bring.track(account, [booked.trackingNumber]))[0]?.state).toBe("delivered");
    const listed = (await (await fetch(`${fake.url}/_fake/bookings`)).json()) as {
      consignmentNumber: string;
    }[];
    expect(listed.map((entry) => entry.consignmentNumber)).toContain(booked.trackingNumber);

    await post("/_fake/control", { down: true }, {});
    expect((await fetch(`${fake.url}/booking/api/customers`, { headers: auth })).status).toBe(503);
    expect((await fetch(`${fake.url}/health`)).status).toBe(200);
    await post("/_fake/control", { reset: true }, {});
    expect((await fetch(`${fake.url}/booking/api/customers`, { headers: auth })).status).toBe(200);
  });

  it("answers Bring's documented test numbers and unknown numbers", async () => {
    const bring = createBringCarrier({
      apiUrl: fake.url,
      clientUrl: "https://torg.test",
      testBookings: true,
    });
    const results = await bring.track(account, [
      "TESTPACKAGEATPICKUPPOINT",
      "TESTPACKAGEDELIVERED",
      "70438100000000000",
    ]);
    expect(results.map((result) => [result.trackingNumber, result.state])).toEqual([
      ["TESTPACKAGEATPICKUPPOINT", "ready_for_pickup"],
      ["TESTPACKAGEDELIVERED", "delivered"],
    ]);
  });
});
