import type { CarrierPickupPoint, CarrierPrice, Parcel, PriceQuery } from "./carrier";

/**
 * Torg's carrier shapes to and from Bring's documented JSON, without the network (bring.ts calls),
 * so the known-answer tests read the documented examples through exactly this code. Field names are
 * quoted from developer.bring.com; where the documentation is silent, the comment says so.
 */

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const asArray = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const objects = (value: unknown): Json[] => asArray(value).filter(isObject);
const str = (value: unknown) =>
  typeof value === "string" && value.trim() !== ""
    ? value.trim()
    : typeof value === "number"
      ? String(value)
      : null;

/** The paths below BRING_API_URL (https://api.bring.com), as each API's "Endpoints" lists them. */
export const BRING_PATHS = {
  /** Shipping Guide API: "Post your request to https://api.bring.com/shippingguide/api/v2/products". */
  products: "/shippingguide/api/v2/products",
  /**
   * Booking API "List customer numbers and services": `GET https://api.bring.com/booking/api/customers`
   * (Accept: application/json), answering `customers[]` of `{ customerNumber, name, countryCode,
   * products }`. Needs a valid user and key: Torg's proof of an account (the documentation has no
   * dedicated credential check).
   */
  customers: "/booking/api/customers",
  /** Booking API "Make a booking": `POST https://api.bring.com/booking/api/create`. */
  booking: "/booking/api/create",
  /**
   * Pickup Point API: `/api/pickuppoint/{countryCode}/postalCode/{postalCode}{mediaTypeExtension}` with
   * `numberOfResponses` ("Return the specified number of pickup points instead of the default", 10).
   */
  pickupPoints: (country: string, postalCode: string, limit: number) =>
    `/pickuppoint/api/pickuppoint/${encodeURIComponent(country)}/postalCode/${encodeURIComponent(postalCode)}.json?numberOfResponses=${limit}`,
  /** Tracking API v2 ("Select version by URL"): `https://api.bring.com/tracking/api/v2/tracking.json?q=`. */
  tracking: (query: string) => `/tracking/api/v2/tracking.json?q=${encodeURIComponent(query)}`,
} as const;

/** Year, month and day as Bring's `shippingDate` object wants them (strings), in Norway's calendar. */
export function osloParts(date: Date) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-GB", {
      timeZone: "Europe/Oslo",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
      hourCycle: "h23",
    })
      .formatToParts(date)
      .map((part) => [part.type, part.value]),
  );
  return parts as Record<"year" | "month" | "day" | "hour" | "minute" | "second", string>;
}

/**
 * The Shipping Guide API v2 request ("Calling Shipping Guide API"): `withPrice`, `withExpectedDelivery`,
 * `withGuiInformation` (the `displayName`), `language`, `edi` (Torg books through the Booking API, so
 * the parcel is EDI-registered), one consignment with `fromCountryCode`, `fromPostalCode`,
 * `toCountryCode`, `toPostalCode`, `shippingDate` ({ year, month, day }), `products[]` of
 * `{ id, customerNumber }` ("For net prices, requests should include customer number and correct package
 * details") and `packages[]` with `grossWeight` (grams) and `length`/`width`/`height` (cm).
 */
export function priceRequestBody(query: PriceQuery) {
  const date = query.shippingDate ? osloParts(query.shippingDate) : null;
  return {
    language: query.language ?? "no",
    withPrice: true,
    withExpectedDelivery: true,
    withGuiInformation: true,
    edi: true,
    consignments: [
      {
        id: "1",
        fromCountryCode: query.fromCountry,
        fromPostalCode: query.fromPostalCode,
        toCountryCode: query.toCountry,
        toPostalCode: query.toPostalCode,
        // Without one "the Shipping Guide API will default to now".
        ...(date ? { shippingDate: { year: date.year, month: date.month, day: date.day } } : {}),
        products: query.services.map((id) => ({ id, customerNumber: query.account.customerNumber })),
        packages: query.parcels.map((parcel, index) => ({ id: String(index + 1), ...sgPackage(parcel) })),
      },
    ],
  };
}

function sgPackage(parcel: Parcel) {
  return {
    grossWeight: parcel.weightGrams,
    ...(parcel.lengthCm ? { length: parcel.lengthCm } : {}),
    ...(parcel.widthCm ? { width: parcel.widthCm } : {}),
    ...(parcel.heightCm ? { height: parcel.heightCm } : {}),
  };
}

/** Bring's amounts are strings such as "938.70"; Torg's are kroner with two decimals. */
function kroner(value: unknown): string | null {
  const text = str(value);
  if (text === null) return null;
  const amount = Number(text);
  return Number.isFinite(amount) && amount >= 0 ? amount.toFixed(2) : null;
}

/**
 * The answer's `consignments[].products[]`: `id`, `guiInformation.displayName`, `price.netPrice` (the
 * customer number's agreement price; "Net price is only provided when a customer number is used") else
 * `price.listPrice`, each `priceWithAdditionalServices.amountWithVAT`, and
 * `expectedDelivery.expectedDeliveryDate` ({ year, month, day }). A product with `errors` is one Bring
 * cannot do here and is left out; so is a service Torg did not ask for.
 */
export function parsePrices(json: unknown, services: readonly string[]): CarrierPrice[] {
  const products = objects(isObject(json) ? json.consignments : null).flatMap((c) => objects(c.products));
  const prices: CarrierPrice[] = [];
  for (const product of products) {
    const service = str(product.id);
    if (!service || !services.includes(service) || asArray(product.errors).length > 0) continue;
    if (prices.some((price) => price.service === service)) continue;
    const gui = isObject(product.guiInformation) ? product.guiInformation : {};
    const price = isObject(product.price) ? product.price : {};
    const agreed = isObject(price.netPrice)
      ? price.netPrice
      : isObject(price.listPrice)
        ? price.listPrice
        : {};
    const amount = isObject(agreed.priceWithAdditionalServices)
      ? agreed.priceWithAdditionalServices
      : isObject(agreed.priceWithoutAdditionalServices)
        ? agreed.priceWithoutAdditionalServices
        : {};
    const expected = isObject(product.expectedDelivery) ? product.expectedDelivery : {};
    prices.push({
      service,
      name: str(gui.displayName) ?? str(gui.productName) ?? service,
      price: kroner(amount.amountWithVAT),
      expectedDelivery: isoDate(expected.expectedDeliveryDate),
    });
  }
  return prices;
}

function isoDate(value: unknown): string | null {
  if (!isObject(value)) return null;
  const [year, month, day] = [Number(value.year), Number(value.month), Number(value.day)];
  if (![year, month, day].every(Number.isInteger) || month < 1 || month > 12 || day < 1 || day > 31)
    return null;
  return `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/**
 * The Pickup Point API's `pickupPoint[]`, already "sorted by driving time by car" (nearest first): `id`,
 * `name`, the visiting address (`visitingAddress`, `visitingPostalCode`, `visitingCity`: "more
 * appropriate for user interface") else the postbox one (`address`, `postalCode`, `city`),
 * `openingHoursNorwegian` (else `openingHoursEnglish`) and `distanceInKm` (a string: "1.3", or "" when
 * Bring did not measure). `numberOfResponses` asks for `limit`; no more than that are kept either way.
 */
export function parsePickupPoints(json: unknown, limit: number): CarrierPickupPoint[] {
  const points = objects(isObject(json) ? json.pickupPoint : null);
  const result: CarrierPickupPoint[] = [];
  for (const point of points) {
    const id = str(point.id);
    const name = str(point.name);
    if (!id || !name) continue;
    const distance = Number(str(point.distanceInKm));
    result.push({
      id,
      name,
      address: str(point.visitingAddress) ?? str(point.address) ?? "",
      postalCode: str(point.visitingPostalCode) ?? str(point.postalCode) ?? "",
      city: str(point.visitingCity) ?? str(point.city) ?? "",
      openingHours: str(point.openingHoursNorwegian) ?? str(point.openingHoursEnglish) ?? "",
      distanceKm: str(point.distanceInKm) !== null && Number.isFinite(distance) ? distance : null,
    });
    if (result.length >= limit) break;
  }
  return result;
}
