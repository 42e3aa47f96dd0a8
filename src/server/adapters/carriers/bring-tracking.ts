import type { TrackingEvent, TrackingState } from "../../../shared/shipping";
import type { TrackingResult } from "./carrier";

/**
 * The Tracking API v2 answer (`GET /tracking/api/v2/tracking.json?q=`) in Torg's words. Its documented
 * shape: `consignmentSet[]` with `consignmentId` and `packageSet[]`, each package with `packageNumber`
 * and `eventSet[]` (newest first) of `description`, `status`, `dateIso`, `postalCode`, `city`; a number
 * Bring does not know comes back as `consignmentSet[].error` { `code`, `message` }.
 */

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const objects = (value: unknown): Json[] => (Array.isArray(value) ? value.filter(isObject) : []);
const str = (value: unknown) => (typeof value === "string" && value.trim() !== "" ? value.trim() : null);

/**
 * Bring's event `status` values ("Events Description" in the Tracking API documentation) in Torg's
 * TRACKING_STATES. Null: an event that says nothing of where the parcel is (`NOTIFICATION_SENT`, a
 * message was sent; `UNKNOWN`), which keeps the state of the event before it.
 */
export const BRING_STATUS_STATES: Record<string, TrackingState | null> = {
  /** "EDI message for the package has been received by Bring": booked, not yet handed in. */
  PRE_NOTIFIED: "booked",
  /** "Package has been handed in to Bring." */
  HANDED_IN: "in_transit",
  /** "The parcel has been collected at pickup address." */
  COLLECTED: "in_transit",
  IN_TRANSIT: "in_transit",
  /** "registered/arrived at inbound/outbound storage terminal" */
  TERMINAL: "in_transit",
  /** "sent from origin country or arrived at destination country" */
  INTERNATIONAL: "in_transit",
  /** "Package is in customs clearance." */
  CUSTOMS: "in_transit",
  /** "Package has been loaded for delivery to the recipient." */
  TRANSPORT_TO_RECIPIENT: "in_transit",
  /** "Home delivery has been ordered" / "Date for Home delivery has been changed by customer." */
  DELIVERY_ORDERED: "in_transit",
  DELIVERY_CHANGED: "in_transit",
  /** "Package has arrived at pickup point." */
  READY_FOR_PICKUP: "ready_for_pickup",
  /** "Package has been delivered." */
  DELIVERED: "delivered",
  /** "Package has been returned to the sender": the end of the road, as delivered is. */
  DELIVERED_SENDER: "returned",
  /** "The package is on its way back to the sender": not yet back, and not what the shopper expects. */
  RETURN: "exception",
  /** "attempted delivered at the door" */
  ATTEMPTED_DELIVERY: "exception",
  /** "Deviation in production ... probability for delay." */
  DEVIATION: "exception",
  /** "Home delivery has been cancelled by the customer." */
  DELIVERY_CANCELLED: "exception",
  NOTIFICATION_SENT: null,
  UNKNOWN: null,
};

/** A status Bring adds later (the documentation warns new codes may come) keeps the previous state. */
export const stateForStatus = (status: string | null): TrackingState | null =>
  status === null ? null : (BRING_STATUS_STATES[status.toUpperCase()] ?? null);

/** "0150 OSLO" from the event's `postalCode` and `city`, or null. */
function place(event: Json): string | null {
  const text = [str(event.postalCode), str(event.city)].filter(Boolean).join(" ");
  return text || null;
}

/**
 * One number's answer: every package's events of the (first) consignment, newest first, each with the
 * state of its own status or, for a status that says nothing of where the parcel is, of the event
 * before it. Null when Bring does not know the number (an `error`, or no consignment).
 */
export function parseTracking(trackingNumber: string, json: unknown): TrackingResult | null {
  const consignment = objects(isObject(json) ? json.consignmentSet : null)[0];
  if (!consignment || isObject(consignment.error)) return null;
  const raw = objects(consignment.packageSet).flatMap((pkg) => objects(pkg.eventSet));
  const dated = raw
    .map((event) => ({ event, at: Date.parse(str(event.dateIso) ?? "") }))
    .filter((entry) => Number.isFinite(entry.at));
  // Newest first as Bring lists them (a stable sort keeps its order for events of the same second),
  // then oldest first to carry states forward. A consignment's events repeat on each of its packages.
  dated.sort((a, b) => b.at - a.at);
  dated.reverse();
  const seen = new Set<string>();
  const events: TrackingEvent[] = [];
  let state: TrackingState = "booked";
  for (const { event, at } of dated) {
    const status = str(event.status);
    state = stateForStatus(status) ?? state;
    const description = str(event.description) ?? status ?? "";
    const key = `${at} ${status} ${description}`;
    if (seen.has(key)) continue;
    seen.add(key);
    events.push({ at: new Date(at).toISOString(), state, description, place: place(event) });
  }
  events.reverse();
  return { trackingNumber, state: events[0]?.state ?? "booked", events };
}
