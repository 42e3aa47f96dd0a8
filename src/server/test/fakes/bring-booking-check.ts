import { FAKE_SERVICE_NAMES, isFakeService, maxGramsFor, pickupPointById } from "./bring-data";

/**
 * What the local Bring fake checks in a "Make a booking" body before it books: the fields the OpenAPI
 * example fills (`shippingDateTime`, `product.id`, `product.customerNumber`, `parties.sender`,
 * `parties.recipient`, `parties.pickupPoint` for a pick-up service, `packages[].weightInKg`). Each
 * problem is one of the consignment's `errors[]`: a `code` and `messages[]` of `{ lang, message }`. The
 * code is Bring's generic `BOOK-VALIDATION-001` (revision history 2025-11-03: "more unique error codes
 * ... will be replacing the generic BOOK-VALIDATION-001 code"); the documentation lists no others.
 */
export interface BookingProblem {
  code: string;
  message: string;
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const text = (value: unknown) => (typeof value === "string" ? value.trim() : "");

export interface CheckedConsignment {
  consignment: Json;
  service: string;
  customerNumber: string;
  sender: Json;
  recipient: Json;
  pickupPointId: string | null;
  packages: { weightInKg: number; correlationId: string | null }[];
}

/** A problem as the published error list words it: `code` and its `message`. */
const problem = (code: string, message: string): BookingProblem => ({ code, message });

function checkParty(party: unknown, role: "sender" | "recipient", problems: BookingProblem[]) {
  if (!isObject(party)) {
    problems.push(
      role === "sender"
        ? problem("BOOK-INPUT-006", "Sender must be specified")
        : problem("BOOK-INPUT-007", "Recipient must be specified"),
    );
    return;
  }
  const suffix = role === "sender" ? "-SENDER" : "-RECIPIENT";
  const required: [string, string, string][] = [
    ["name", "BOOK-INPUT-014", "Name must be provided"],
    ["addressLine", "BOOK-INPUT-015", "Address must be provided"],
    ["city", "BOOK-INPUT-016", "City must be provided"],
    ["countryCode", "BOOK-INPUT-017", "ISO Country code must be provided"],
  ];
  for (const [field, code, message] of required) {
    if (!text(party[field])) problems.push(problem(`${code}${suffix}`, message));
  }
  const postalCode = text(party.postalCode);
  if (!postalCode || (text(party.countryCode).toUpperCase() === "NO" && !/^\d{4}$/.test(postalCode))) {
    problems.push(problem(`BOOK_INPUT-057${suffix}`, "Invalid postal Code"));
  }
}

export function checkBooking(
  body: unknown,
):
  | { ok: true; consignment: CheckedConsignment }
  | { ok: false; problems: BookingProblem[]; consignment: Json | null } {
  const problems: BookingProblem[] = [];
  const consignments = isObject(body) && Array.isArray(body.consignments) ? body.consignments : null;
  if (!isObject(body) || body.schemaVersion !== 1) {
    problems.push(problem("BOOK-INPUT-003", "Schema version must be present"));
  }
  const consignment = consignments?.find(isObject) ?? null;
  if (!consignment) {
    problems.push(problem("BOOK-INPUT-004", "At least one consignment must be specified"));
    return { ok: false, problems, consignment: null };
  }
  if ((consignments?.length ?? 0) > 1) {
    problems.push(problem("BOOK-INPUT-005", "Multiple consignments in one booking is not supported"));
  }
  // "2016-07-26T06:24:09 or 1469494449000 (milliseconds since 01.01.1970, for json req)".
  const when = consignment.shippingDateTime;
  if (typeof when !== "number" && Number.isNaN(Date.parse(text(when)))) {
    problems.push(problem("BOOK-INPUT-012", "Shipping date and time must be provided"));
  }
  const product = isObject(consignment.product) ? consignment.product : null;
  const service = text(product?.id);
  const customerNumber = text(product?.customerNumber);
  if (!product) problems.push(problem("BOOK-INPUT-008", "Product must be set"));
  else if (!service) problems.push(problem("BOOK-INPUT-018", "Product ID must be provided"));
  else if (!isFakeService(service)) problems.push(problem("BOOK-INPUT-020", "Invalid product ID"));
  if (product && !customerNumber)
    problems.push(problem("BOOK-INPUT-019", "Customer number must be provided"));
  const parties = isObject(consignment.parties) ? consignment.parties : {};
  checkParty(parties.sender, "sender", problems);
  checkParty(parties.recipient, "recipient", problems);
  const pickup = isObject(parties.pickupPoint) ? parties.pickupPoint : null;
  const pickupPointId = pickup ? text(pickup.id) || null : null;
  if (FAKE_SERVICE_NAMES[service]?.pickup && (!pickupPointId || !pickupPointById(pickupPointId))) {
    problems.push(problem("BOOK-INPUT-045", "Could not find a pickup point for the provided recipient"));
  }
  const packages = Array.isArray(consignment.packages) ? consignment.packages.filter(isObject) : [];
  if (packages.length === 0) {
    problems.push(problem("BOOK-INPUT-009", "Package or Package Group must be specified"));
  }
  const maxKg = maxGramsFor(service) / 1000;
  for (const pkg of packages) {
    const weight = Number(pkg.weightInKg);
    if (!Number.isFinite(weight) || weight <= 0)
      problems.push(problem("BOOK-INPUT-002", "Weight is required"));
    else if (maxKg > 0 && weight > maxKg) {
      problems.push(problem("BOOK-INPUT-023", "The shipment is too big to send with the given product"));
    }
  }
  if (problems.length > 0) return { ok: false, problems, consignment };
  return {
    ok: true,
    consignment: {
      consignment,
      service,
      customerNumber,
      sender: parties.sender as Json,
      recipient: parties.recipient as Json,
      pickupPointId,
      packages: packages.map((pkg) => ({
        weightInKg: Number(pkg.weightInKg),
        correlationId: text(pkg.correlationId) || null,
      })),
    },
  };
}
