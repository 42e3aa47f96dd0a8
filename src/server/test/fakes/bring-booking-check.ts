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

function checkParty(party: unknown, role: "sender" | "recipient", problems: BookingProblem[]) {
  if (!isObject(party)) {
    problems.push({ code: "BOOK-VALIDATION-001", message: `parties.${role} is required` });
    return;
  }
  for (const field of ["name", "addressLine", "postalCode", "city", "countryCode"] as const) {
    if (!text(party[field])) {
      problems.push({ code: "BOOK-VALIDATION-001", message: `parties.${role}.${field} is required` });
    }
  }
  if (text(party.countryCode) === "NO" && text(party.postalCode) && !/^\d{4}$/.test(text(party.postalCode))) {
    problems.push({
      code: "BOOK-VALIDATION-001",
      message: `parties.${role}.postalCode is not a Norwegian postal code`,
    });
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
    problems.push({ code: "BOOK-VALIDATION-001", message: "schemaVersion must be 1" });
  }
  const consignment = consignments?.find(isObject) ?? null;
  if (!consignment) {
    problems.push({ code: "BOOK-VALIDATION-001", message: "consignments must hold one consignment" });
    return { ok: false, problems, consignment: null };
  }
  if (Number.isNaN(Date.parse(text(consignment.shippingDateTime)))) {
    problems.push({
      code: "BOOK-VALIDATION-001",
      message: "shippingDateTime is required (yyyy-MM-ddTHH:mm:ss)",
    });
  }
  const product = isObject(consignment.product) ? consignment.product : {};
  const service = text(product.id);
  const customerNumber = text(product.customerNumber);
  if (!service) problems.push({ code: "BOOK-VALIDATION-001", message: "product.id is required" });
  else if (!isFakeService(service)) {
    problems.push({
      code: "BOOK-VALIDATION-001",
      message: `product.id ${service} is not a service for this customer number`,
    });
  }
  if (!customerNumber)
    problems.push({ code: "BOOK-VALIDATION-001", message: "product.customerNumber is required" });
  const parties = isObject(consignment.parties) ? consignment.parties : {};
  checkParty(parties.sender, "sender", problems);
  checkParty(parties.recipient, "recipient", problems);
  const pickup = isObject(parties.pickupPoint) ? parties.pickupPoint : null;
  const pickupPointId = pickup ? text(pickup.id) || null : null;
  if (FAKE_SERVICE_NAMES[service]?.pickup) {
    if (!pickupPointId) {
      problems.push({
        code: "BOOK-VALIDATION-001",
        message: "parties.pickupPoint.id is required for this service",
      });
    } else if (!pickupPointById(pickupPointId)) {
      problems.push({
        code: "BOOK-VALIDATION-001",
        message: `parties.pickupPoint.id ${pickupPointId} is not a pickup point`,
      });
    }
  }
  const packages = Array.isArray(consignment.packages) ? consignment.packages.filter(isObject) : [];
  if (packages.length === 0)
    problems.push({ code: "BOOK-VALIDATION-001", message: "packages must hold at least one package" });
  const max = maxGramsFor(service) / 1000;
  for (const [index, pkg] of packages.entries()) {
    const weight = Number(pkg.weightInKg);
    if (!Number.isFinite(weight) || weight <= 0) {
      problems.push({ code: "BOOK-VALIDATION-001", message: `packages[${index}].weightInKg is required` });
    } else if (max > 0 && weight > max) {
      problems.push({
        code: "BOOK-VALIDATION-001",
        message: `packages[${index}].weightInKg exceeds ${max} kg for product ${service}`,
      });
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
