import { osloParts } from "./bring-mapping";
import type { Booking, BookingRequest, Parcel, PartyAddress } from "./carrier";

/**
 * The Booking API's "Make a booking" (`POST /booking/api/create`) request and answer, as its OpenAPI
 * document (https://api.bring.com/booking/api-docs, example "Norwegian Parcels") spells them.
 */

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const asArray = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const str = (value: unknown) =>
  typeof value === "string" && value.trim() !== ""
    ? value.trim()
    : typeof value === "number"
      ? String(value)
      : null;

/** `shippingDateTime` as the example writes it ("2022-06-22T12:59:30"): Norway's local time, no zone. */
export function bringLocalDateTime(date: Date): string {
  const parts = osloParts(date);
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}`;
}

/**
 * A party as the example's `parties.sender` / `parties.recipient`: `name`, `addressLine`,
 * `addressLine2`, `postalCode`, `city`, `countryCode`, `reference`, `contact` { `name`, `email`,
 * `phoneNumber` }, `additionalAddressInfo`.
 */
function party(
  address: PartyAddress & { email?: string | null; phone?: string | null },
  reference: string | null,
) {
  return {
    name: address.name,
    addressLine: address.street,
    addressLine2: null,
    postalCode: address.postalCode,
    city: address.city,
    countryCode: address.country,
    reference,
    contact: { name: address.name, email: address.email ?? null, phoneNumber: address.phone ?? null },
    additionalAddressInfo: null,
  };
}

/**
 * `packages[]`: `weightInKg` (the field Bring's weight limits name: "where the “weightInKg” field exceeds
 * 20"), `goodsDescription`, `dimensions` { `heightInCm`, `widthInCm`, `lengthInCm` }, `correlationId`.
 */
function bookingPackage(parcel: Parcel, index: number, reference: string) {
  const dimensions =
    parcel.lengthCm && parcel.widthCm && parcel.heightCm
      ? { heightInCm: parcel.heightCm, widthInCm: parcel.widthCm, lengthInCm: parcel.lengthCm }
      : null;
  return {
    weightInKg: Math.round(parcel.weightGrams) / 1000,
    goodsDescription: null,
    dimensions,
    correlationId: `${reference}-${index + 1}`,
  };
}

/**
 * The request body: `schemaVersion` 1 and one consignment with `shippingDateTime`, `product` { `id`,
 * `customerNumber` }, `correlationId` (Torg's order reference, echoed back in the answer), `parties`
 * (`sender`, `recipient` and, for a pick-up service, `pickupPoint` { `id`, `countryCode` }) and
 * `packages`. `testIndicator` in the body is the flag "API testing" names ("you must set the
 * testIndicator flag to true"); the `/api/create` endpoint also takes it as the `X-Bring-Test-Indicator`
 * header (bookingTestHeaders), and Torg sends both so either reading of it books as a test.
 */
export function bookingRequestBody(request: BookingRequest) {
  return {
    testIndicator: request.test,
    schemaVersion: 1,
    consignments: [
      {
        shippingDateTime: bringLocalDateTime(request.shippingDate),
        product: { id: request.service, customerNumber: request.account.customerNumber },
        correlationId: request.reference,
        parties: {
          sender: party(request.sender, request.reference),
          recipient: party(request.recipient, null),
          pickupPoint: request.pickupPointId
            ? { id: request.pickupPointId, countryCode: request.recipient.country }
            : null,
        },
        packages: request.parcels.map((parcel, index) => bookingPackage(parcel, index, request.reference)),
      },
    ],
  };
}

/** "X-Bring-Test-Indicator: A boolean value indicating whether this is a test or not". */
export const bookingTestHeaders = (test: boolean) => ({ "X-Bring-Test-Indicator": String(test) });

/**
 * The answer's `consignments[0]`: its `errors[]` (each `code` with `messages[]`; bring-http's
 * messageOf words them) or its `confirmation` with `consignmentNumber`, `links` { `labels`, `tracking` }
 * and `packages[]` of `{ packageNumber }`. Null when the answer has no usable confirmation.
 */
export function parseBooking(json: unknown): Booking | "errors" | null {
  const consignment = asArray(isObject(json) ? json.consignments : null).find(isObject);
  if (!consignment) return null;
  if (asArray(consignment.errors).length > 0) return "errors";
  const confirmation = isObject(consignment.confirmation) ? consignment.confirmation : null;
  const links = confirmation && isObject(confirmation.links) ? confirmation.links : {};
  const trackingNumber = str(confirmation?.consignmentNumber);
  const labelUrl = str(links.labels);
  const trackingUrl = str(links.tracking);
  if (!trackingNumber || !labelUrl) return null;
  return {
    trackingNumber,
    labelUrl,
    // The documentation gives every booking a tracking link; should one lack it, the documented public
    // page for a number ("New format .no domain: https://sporing.bring.no/sporing/12345").
    trackingUrl: trackingUrl ?? `https://sporing.bring.no/sporing/${encodeURIComponent(trackingNumber)}`,
  };
}
