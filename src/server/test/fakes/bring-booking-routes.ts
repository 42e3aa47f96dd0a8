import { randomUUID } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { type BookingProblem, checkBooking } from "./bring-booking-check";
import { FAKE_SERVICE_NAMES, pickupPointById } from "./bring-data";
import { labelPdf } from "./bring-label";
import type { FakeBooking, FakeBringAccount } from "./bring-types";

/**
 * The Bring fake's Booking API: "List customer numbers and services" (`GET /booking/api/customers`),
 * "Make a booking" (`POST /booking/api/create`, and the older `/booking/api/booking` path the same) and
 * the label PDF a booking's `links.labels` points at.
 */
interface Deps {
  authorize: (request: FastifyRequest, reply: FastifyReply) => FakeBringAccount | null;
  accounts: FakeBringAccount[];
  bookings: Map<string, FakeBooking>;
  baseUrl: () => string;
}

type Json = Record<string, unknown>;
const text = (value: unknown) => (typeof value === "string" ? value.trim() : "");

/** Consignment numbers in Bring's 17-digit style ("70438101234567890"), package numbers in 18 (SSCC-like). */
let sequence = 234_567_890;
const nextNumbers = (packages: number) => {
  sequence += 1;
  const consignmentNumber = `70438101${String(sequence).padStart(9, "0")}`;
  const packageNumbers = Array.from(
    { length: packages },
    (_, index) => `3704381010${String(sequence).slice(-6)}${String(index + 1).padStart(2, "0")}`,
  );
  return { consignmentNumber, packageNumbers };
};

/** A consignment's `errors[]` entry: `uniqueId`, `code`, `messages[]` of `{ lang, message }`. */
const bookingError = (problem: BookingProblem) => ({
  uniqueId: randomUUID(),
  code: problem.code,
  messages: [{ lang: "en", message: problem.message }],
});

export function registerBookingRoutes(app: FastifyInstance, deps: Deps) {
  for (const path of ["/booking/api/customers", "/booking/api/customers.json"]) {
    app.get(path, async (request, reply) => {
      const account = deps.authorize(request, reply);
      if (!account) return reply;
      // `customers[]` with `customerNumber`, `name`, `countryCode` and the services it may book.
      return {
        customers: [
          {
            customerNumber: account.customerNumber,
            name: "Torg test customer",
            countryCode: "NO",
            products: Object.keys(FAKE_SERVICE_NAMES).map((id) => ({ id })),
          },
        ],
      };
    });
  }

  for (const path of ["/booking/api/create", "/booking/api/booking"]) {
    app.post(path, async (request, reply) => {
      const account = deps.authorize(request, reply);
      if (!account) return reply;
      const checked = checkBooking(request.body);
      const correlationId = checked.consignment
        ? text((checked.ok ? checked.consignment.consignment : checked.consignment).correlationId) || null
        : null;
      if (!checked.ok) {
        return reply.status(400).send({
          consignments: [{ correlationId, confirmation: null, errors: checked.problems.map(bookingError) }],
        });
      }
      const booking = checked.consignment;
      // "you must specify which customer number to use" and be "authorized with the booking right" on it.
      if (booking.customerNumber !== account.customerNumber) {
        return reply.status(403).send({
          consignments: [
            {
              correlationId,
              confirmation: null,
              errors: [
                bookingError({
                  code: "BOOK-VALIDATION-001",
                  message: `The Mybring user has no booking right for customer number ${booking.customerNumber}`,
                }),
              ],
            },
          ],
        });
      }
      const header = request.headers["x-bring-test-indicator"];
      const body = request.body as Json;
      const test = String(header).toLowerCase() === "true" || body.testIndicator === true;
      const { consignmentNumber, packageNumbers } = nextNumbers(booking.packages.length);
      const pickup = booking.pickupPointId ? pickupPointById(booking.pickupPointId) : null;
      const sender = booking.sender;
      const recipient = booking.recipient;
      deps.bookings.set(consignmentNumber, {
        consignmentNumber,
        packageNumbers,
        correlationId,
        service: booking.service,
        customerNumber: booking.customerNumber,
        test,
        apiUid: account.apiUid,
        consignment: booking.consignment,
        bookedAt: new Date(),
        pickup: pickup ? { postalCode: pickup.postalCode, city: pickup.city, name: pickup.name } : null,
        sender: { postalCode: text(sender.postalCode), city: text(sender.city).toUpperCase() },
        recipient: { postalCode: text(recipient.postalCode), city: text(recipient.city).toUpperCase() },
        manualEvents: null,
      });
      const base = deps.baseUrl();
      return {
        consignments: [
          {
            correlationId,
            confirmation: {
              consignmentNumber,
              productSpecificData: null,
              links: {
                labels: `${base}/_fake/labels/${consignmentNumber}.pdf`,
                waybill: null,
                tracking: `${base}/_fake/sporing/${consignmentNumber}`,
              },
              packages: packageNumbers.map((packageNumber, index) => ({
                correlationId: booking.packages[index]?.correlationId ?? null,
                packageNumber,
              })),
            },
            errors: null,
          },
        ],
      };
    });
  }

  app.get<{ Params: { file: string } }>("/_fake/labels/:file", async (request, reply) => {
    const account = deps.authorize(request, reply);
    if (!account) return reply;
    const number = request.params.file.replace(/\.pdf$/, "");
    const booking = deps.bookings.get(number);
    if (!booking || booking.apiUid !== account.apiUid)
      return reply.status(404).send({ message: "No such label" });
    const parties = (booking.consignment.parties ?? {}) as Record<string, Json>;
    const party = (entry: Json | undefined) => ({
      name: text(entry?.name),
      addressLine: text(entry?.addressLine),
      postalCode: text(entry?.postalCode),
      city: text(entry?.city),
    });
    const point =
      booking.pickup && parties.pickupPoint ? pickupPointById(text(parties.pickupPoint.id)) : null;
    const packages = Array.isArray(booking.consignment.packages)
      ? (booking.consignment.packages as Json[])
      : [];
    const pdf = await labelPdf({
      consignmentNumber: booking.consignmentNumber,
      packageNumber: booking.packageNumbers[0] ?? booking.consignmentNumber,
      service: booking.service,
      serviceName: FAKE_SERVICE_NAMES[booking.service]?.no ?? booking.service,
      sender: party(parties.sender),
      recipient: party(parties.recipient),
      pickupPoint: point
        ? {
            id: point.id,
            name: point.name,
            address: point.address,
            postalCode: point.postalCode,
            city: point.city,
          }
        : null,
      reference: booking.correlationId,
      weightInKg: packages.reduce((sum, pkg) => sum + (Number(pkg.weightInKg) || 0), 0),
      test: booking.test,
    });
    return reply.type("application/pdf").send(Buffer.from(pdf));
  });
}
