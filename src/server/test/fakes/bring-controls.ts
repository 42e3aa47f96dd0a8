import type { FastifyInstance } from "fastify";
import { TRACKING_STATES, type TrackingState } from "../../../shared/shipping";
import type { FakeBooking } from "./bring-types";

/**
 * The Bring fake's test controls over HTTP (not a Bring API): a browser journey runs the fake in another
 * process (scripts/payment-fakes.ts) and steers it here as unit tests steer `state` directly.
 */
export interface FakeControls {
  bookings: Map<string, FakeBooking>;
  setDown: (down: boolean | "drop") => void;
  setDelayMs: (ms: number) => void;
  rateLimitNext: (count: number, retryAfterSeconds?: number) => void;
  setTrackingState: (trackingNumber: string, state: TrackingState) => void;
  reset: () => void;
}

export function registerFakeControls(app: FastifyInstance, controls: () => FakeControls) {
  /** The bookings made, newest last: what a journey booked and with which test indicator. */
  app.get("/_fake/bookings", async () =>
    [...controls().bookings.values()].map((booking) => ({
      consignmentNumber: booking.consignmentNumber,
      packageNumbers: booking.packageNumbers,
      correlationId: booking.correlationId,
      service: booking.service,
      test: booking.test,
      bookedAt: booking.bookedAt.toISOString(),
      pickupPointId: booking.pickup
        ? ((booking.consignment.parties as { pickupPoint?: { id?: string } })?.pickupPoint?.id ?? null)
        : null,
    })),
  );

  /** `{ "state": "delivered" }`: the parcel's tracking as setTrackingState sets it. */
  app.post<{ Params: { number: string }; Body: { state?: string } }>(
    "/_fake/tracking/:number",
    async (request, reply) => {
      const state = request.body?.state;
      if (!TRACKING_STATES.includes(state as TrackingState)) {
        return reply.status(400).send({ message: `state must be one of ${TRACKING_STATES.join(", ")}` });
      }
      try {
        controls().setTrackingState(request.params.number, state as TrackingState);
      } catch (error) {
        return reply.status(404).send({ message: (error as Error).message });
      }
      return { ok: true };
    },
  );

  /** `{ "down": true | false | "drop", "delayMs": 0, "rateLimitNext": { "count", "retryAfterSeconds" }, "reset": true }`. */
  app.post<{
    Body: {
      down?: boolean | "drop";
      delayMs?: number;
      rateLimitNext?: { count: number; retryAfterSeconds?: number };
      reset?: boolean;
    };
  }>("/_fake/control", async (request) => {
    const body = request.body ?? {};
    if (body.reset) controls().reset();
    if (body.down !== undefined) controls().setDown(body.down);
    if (typeof body.delayMs === "number") controls().setDelayMs(body.delayMs);
    if (body.rateLimitNext)
      controls().rateLimitNext(body.rateLimitNext.count, body.rateLimitNext.retryAfterSeconds);
    return { ok: true };
  });
}
