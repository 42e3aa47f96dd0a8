import { describe, expect, it } from "vitest";
import { TRACKING_STATES } from "../../../shared/shipping";
import { createBringCarrier } from "./bring";
import { bookingRequestBody, parseBooking } from "./bring-booking";
import {
  BOOKING_ERROR_TOO_BIG,
  BOOKING_REQUEST_PICKUP_POINT,
  BOOKING_RESPONSE_SUCCESS,
  CUSTOMERS,
} from "./bring-examples/booking";
import {
  PICKUP_BY_ID,
  PICKUP_BY_POSTAL_CODE,
  SG_REQUEST_CALLINGSG,
  SG_RESPONSE_CALLINGSG,
  SG_RESPONSE_NET_PRICE,
} from "./bring-examples/checkout";
import {
  TRACKING_AT_PICKUP_POINT,
  TRACKING_BAD_REQUEST,
  TRACKING_DELIVERED,
  TRACKING_SERVICE_UNAVAILABLE,
  TRACKING_UNSPECIFIED,
  TRACKING_UNSUCCESSFUL,
} from "./bring-examples/tracking";
import { messageOf } from "./bring-http";
import { parsePickupPoints, parsePrices, priceRequestBody } from "./bring-mapping";
import { BRING_STATUS_STATES, parseTracking } from "./bring-tracking";
import { CarrierError } from "./carrier";

/**
 * Known answers: Bring's documented request and response examples (bring-examples/, each with its
 * source) read and written by the adapter's own mapping code.
 */

const account = {
  apiUid: "john.doe@example.com",
  apiKey: "1234abc-abcd-1234-5678-abcd1234abcd",
  customerNumber: "5",
};

/** Every key path in a JSON value ("consignments.parties.sender.name"), arrays flattened. */
function keyPaths(value: unknown, prefix = ""): string[] {
  if (Array.isArray(value)) return value.flatMap((item) => keyPaths(item, prefix));
  if (typeof value !== "object" || value === null) return [];
  return Object.entries(value).flatMap(([key, child]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    return [path, ...keyPaths(child, path)];
  });
}

describe("Shipping Guide API examples", () => {
  it("builds the documented request's fields for the same question", () => {
    const body = priceRequestBody({
      account,
      fromPostalCode: "0015",
      toPostalCode: "5518",
      fromCountry: "NO",
      toCountry: "NO",
      parcels: [
        { weightGrams: 50, lengthCm: 10, widthCm: 10, heightCm: 10 },
        { weightGrams: 50, lengthCm: 10, widthCm: 10, heightCm: 10 },
        { weightGrams: 50, lengthCm: 11, widthCm: 10, heightCm: 10 },
      ],
      services: ["5800"],
      // 10 October 2016, 10:00 in Oslo, as the example's shippingDate.
      shippingDate: new Date("2016-10-10T08:00:00Z"),
      language: "no",
    });
    const documented = SG_REQUEST_CALLINGSG.consignments[0];
    const ours = body.consignments[0];
    expect(ours).toMatchObject({
      fromCountryCode: documented?.fromCountryCode,
      toCountryCode: documented?.toCountryCode,
      fromPostalCode: documented?.fromPostalCode,
      toPostalCode: documented?.toPostalCode,
      shippingDate: { year: "2016", month: "10", day: "10" },
    });
    expect(ours?.products.map((product) => product.id)).toEqual(
      documented?.products.map((product) => product.id),
    );
    // Package `id`s are the caller's own labels; the measurements are the documented ones.
    const measures = (packages: { id?: unknown }[] | undefined) =>
      packages?.map(({ id: _id, ...rest }) => rest);
    expect(measures(ours?.packages)).toEqual(measures(documented?.packages));
    expect(body.language).toBe(SG_REQUEST_CALLINGSG.language);
    // Every field Torg sends is one the documented examples use (customerNumber: the net-price example).
    const documentedKeys = new Set([
      ...keyPaths(SG_REQUEST_CALLINGSG),
      "consignments.products.customerNumber",
    ]);
    expect(keyPaths(body).filter((path) => !documentedKeys.has(path))).toEqual([]);
  });

  it("reads the documented answer: display name and price with additional services, VAT included", () => {
    expect(parsePrices(SG_RESPONSE_CALLINGSG, ["5800"])).toEqual([
      { service: "5800", name: "Til hentested", price: "1019.95", expectedDelivery: null },
    ]);
  });

  it("prefers the customer's net price and reads the expected delivery date", () => {
    expect(parsePrices(SG_RESPONSE_NET_PRICE, ["5000"])).toEqual([
      { service: "5000", name: "5000", price: "182.19", expectedDelivery: "2021-01-14" },
    ]);
    expect(parsePrices(SG_RESPONSE_NET_PRICE, ["5800"])).toEqual([]);
  });

  it("leaves out a product answered with errors (the service-level error)", () => {
    const answer = {
      consignments: [
        {
          products: [
            {
              id: "0330",
              errors: [
                {
                  code: "INVALID_ARGUMENT",
                  description: "Unknown product ID or product 0330 not applicable for given EDI flag.",
                },
              ],
            },
          ],
        },
      ],
    };
    expect(parsePrices(answer, ["0330"])).toEqual([]);
  });
});

describe("Pickup Point API examples", () => {
  it("reads the documented points nearest first with the visiting address", () => {
    expect(parsePickupPoints(PICKUP_BY_POSTAL_CODE, 10)).toEqual([
      {
        id: "121524",
        name: "Coop Obs! Hypermarked Vinterbro",
        address: "SJØSKOGENVEIEN 7",
        postalCode: "1407",
        city: "VINTERBRO",
        openingHours: "Man - Fre: 0800-2200, Lør: 0800-2000",
        distanceKm: 1.3,
      },
      {
        id: "102774",
        name: "Pakkeautomat Vinterbro Post i Butikk",
        address: "SJØSKOGENVEIEN 7",
        postalCode: "1407",
        city: "VINTERBRO",
        openingHours: "Man - Fre: 0800-2200, Lør: 0800-2000",
        distanceKm: 1.4,
      },
    ]);
    expect(parsePickupPoints(PICKUP_BY_POSTAL_CODE, 1)).toHaveLength(1);
  });

  it("has no distance when Bring gives an empty distanceInKm", () => {
    expect(parsePickupPoints(PICKUP_BY_ID, 10)).toEqual([
      {
        id: "121110",
        name: "Meny Greverud",
        address: "FLÅTESTADVEIEN 3",
        postalCode: "1415",
        city: "OPPEGÅRD",
        openingHours: "Man - Fre: 0700-2200, Lør: 0900-2000",
        distanceKm: null,
      },
    ]);
  });
});

describe("Booking API examples", () => {
  const documented = BOOKING_REQUEST_PICKUP_POINT;
  const sender = documented.consignments[0]?.parties.sender;
  const recipient = documented.consignments[0]?.parties.recipient;
  const body = bookingRequestBody({
    account: { ...account, customerNumber: "**********" },
    service: "SERVICEPAKKE",
    sender: {
      name: "Ola Nordmann",
      street: "Testsvingen 12",
      postalCode: "0263",
      city: "OSLO",
      country: "NO",
      email: "trond@nordmanntest.no",
      phone: "99999999",
    },
    recipient: {
      name: "Tore Mottaker",
      street: "Mottakerveien 14",
      postalCode: "0659",
      city: "OSLO",
      country: "NO",
      email: "tore@mottakertest.no",
      phone: "+46700000000",
    },
    pickupPointId: "736431",
    parcels: [{ weightGrams: 1100, lengthCm: 10, widthCm: 23, heightCm: 13 }],
    reference: "INTERNAL-123456",
    shippingDate: new Date(1447751818806),
    test: true,
  });

  it("builds the documented pick-up point booking's fields", () => {
    const ours = body.consignments[0];
    expect(body).toMatchObject({ schemaVersion: 1, testIndicator: true });
    expect(ours?.parties.pickupPoint).toEqual(documented.consignments[0]?.parties.pickupPoint);
    expect(ours?.product).toEqual({ id: "SERVICEPAKKE", customerNumber: "**********" });
    expect(ours?.correlationId).toBe(documented.consignments[0]?.correlationId);
    expect(ours?.parties.sender).toMatchObject({
      name: sender?.name,
      addressLine: sender?.addressLine,
      postalCode: sender?.postalCode,
      city: sender?.city,
      countryCode: sender?.countryCode,
    });
    expect(ours?.parties.recipient.contact).toMatchObject({
      email: recipient?.contact.email,
      phoneNumber: recipient?.contact.phoneNumber,
    });
    expect(ours?.packages[0]).toMatchObject({
      weightInKg: 1.1,
      dimensions: documented.consignments[0]?.packages[0]?.dimensions,
    });
    // The string form of shippingDateTime ("2016-07-26T06:24:09"), in Norway's time.
    expect(ours?.shippingDateTime).toBe("2015-11-17T10:16:58");
  });

  it("sends only fields the documented booking uses", () => {
    const documentedKeys = new Set(keyPaths(documented));
    expect(keyPaths(body).filter((path) => !documentedKeys.has(path))).toEqual([]);
  });

  it("reads the documented confirmation: consignment number, label and tracking links", () => {
    expect(parseBooking(BOOKING_RESPONSE_SUCCESS)).toEqual({
      trackingNumber: "70438101268018539",
      labelUrl: "https://api.bring.com/labels/id/6d8c4323-87cd-47e8-aa0d-75f8f0b5b4cb.pdf",
      trackingUrl: "https://sporing.bring.no/sporing.html?q=70438101268018539",
    });
  });

  it("words a refused booking with Bring's code and English message", () => {
    expect(parseBooking(BOOKING_ERROR_TOO_BIG)).toBe("errors");
    expect(messageOf(BOOKING_ERROR_TOO_BIG)).toBe(
      "BOOK-INPUT-023: The shipment is too big to send with the given product",
    );
  });

  it("proves an account against the documented customers list", async () => {
    const fetchCustomers = (async () => Response.json(CUSTOMERS)) as typeof fetch;
    const bring = createBringCarrier({
      apiUrl: "https://api.bring.com",
      clientUrl: "https://torg.no",
      testBookings: false,
      fetch: fetchCustomers,
    });
    await expect(bring.checkAccount({ ...account, customerNumber: "6" })).resolves.toBeUndefined();
    await expect(bring.checkAccount({ ...account, customerNumber: "5" })).rejects.toMatchObject({
      kind: "unauthorized",
    });
  });
});

describe("Tracking API examples", () => {
  it("reads a parcel waiting at its pick-up point, newest first", () => {
    expect(parseTracking("TESTPACKAGEATPICKUPPOINT", TRACKING_AT_PICKUP_POINT)).toEqual({
      trackingNumber: "TESTPACKAGEATPICKUPPOINT",
      state: "ready_for_pickup",
      events: [
        {
          at: "2010-10-01T06:30:25.000Z",
          state: "ready_for_pickup",
          description: "The shipment has arrived at pickup point.",
          place: "2341 LØTEN",
        },
        {
          at: "2010-09-30T06:27:08.000Z",
          state: "in_transit",
          description: "The shipment has been handed in at terminal and forwarded.",
          place: "0024 OSLO",
        },
      ],
    });
  });

  it("reads a delivered parcel", () => {
    const result = parseTracking("TESTPACKAGEDELIVERED", TRACKING_DELIVERED);
    expect(result?.state).toBe("delivered");
    expect(result?.events.map((event) => [event.state, event.place])).toEqual([
      ["delivered", null],
      ["in_transit", "0001 OSLO"],
      ["in_transit", "0024 OSLO"],
    ]);
  });

  it("leaves out a number Bring does not know, and fails when Bring is busy or broken", () => {
    expect(parseTracking("NOPE", TRACKING_UNSUCCESSFUL)).toBeNull();
    expect(parseTracking("NOPE", TRACKING_BAD_REQUEST)).toBeNull();
    for (const answer of [TRACKING_SERVICE_UNAVAILABLE, TRACKING_UNSPECIFIED]) {
      let error: unknown;
      try {
        parseTracking("X", answer);
      } catch (thrown) {
        error = thrown;
      }
      expect(error).toBeInstanceOf(CarrierError);
      expect((error as CarrierError).kind).toBe("unavailable");
    }
  });

  it("maps every documented event status to one of Torg's states (or keeps the one before)", () => {
    const documented = [
      "ATTEMPTED_DELIVERY",
      "CUSTOMS",
      "COLLECTED",
      "DELIVERED",
      "DELIVERED_SENDER",
      "DELIVERY_CANCELLED",
      "DELIVERY_CHANGED",
      "DELIVERY_ORDERED",
      "DEVIATION",
      "HANDED_IN",
      "INTERNATIONAL",
      "IN_TRANSIT",
      "NOTIFICATION_SENT",
      "PRE_NOTIFIED",
      "READY_FOR_PICKUP",
      "RETURN",
      "TRANSPORT_TO_RECIPIENT",
      "TERMINAL",
      "UNKNOWN",
    ];
    expect(Object.keys(BRING_STATUS_STATES).sort()).toEqual([...documented].sort());
    for (const state of Object.values(BRING_STATUS_STATES)) {
      if (state !== null) expect(TRACKING_STATES).toContain(state);
    }
  });
});
