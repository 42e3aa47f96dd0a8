import type { TrackingState } from "../../../shared/shipping";

/**
 * The local Bring fake's tracking events (Tracking API v2 `eventSet[]` entries: `description`, `status`,
 * `dateIso`, `displayDate`, `displayTime`, `postalCode`, `city`, `countryCode`, `country`,
 * `consignmentEvent`). A booked parcel moves by itself over real minutes so a developer sees it move
 * in `npm run dev`; tests set the state they want instead (setTrackingState).
 */
export interface FakeEvent {
  status: string;
  description: string;
  at: Date;
  postalCode: string;
  city: string;
}

export interface TimelineParcel {
  bookedAt: Date;
  pickup: { postalCode: string; city: string; name: string } | null;
  sender: { postalCode: string; city: string };
  recipient: { postalCode: string; city: string };
}

/** Minutes after booking for each step of the automatic timeline (in transit, then arrived). */
export const DEFAULT_TIMELINE_MINUTES = { inTransit: 1, arrived: 3, pickedUp: 6 } as const;

type Step = { status: string; description: string; place: "sender" | "terminal" | "pickup" | "recipient" };

/** The statuses each Torg state is reached through, oldest first, in Bring's words (Norwegian). */
const STEPS: Record<TrackingState, Step[]> = {
  booked: [{ status: "PRE_NOTIFIED", description: "Sendingen er forhåndsmeldt til Bring", place: "sender" }],
  in_transit: [
    { status: "PRE_NOTIFIED", description: "Sendingen er forhåndsmeldt til Bring", place: "sender" },
    {
      status: "IN_TRANSIT",
      description: "Sendingen er innlevert til terminal og videresendt",
      place: "terminal",
    },
  ],
  ready_for_pickup: [
    { status: "PRE_NOTIFIED", description: "Sendingen er forhåndsmeldt til Bring", place: "sender" },
    {
      status: "IN_TRANSIT",
      description: "Sendingen er innlevert til terminal og videresendt",
      place: "terminal",
    },
    { status: "READY_FOR_PICKUP", description: "Sendingen er ankommet hentested", place: "pickup" },
  ],
  delivered: [
    { status: "PRE_NOTIFIED", description: "Sendingen er forhåndsmeldt til Bring", place: "sender" },
    {
      status: "IN_TRANSIT",
      description: "Sendingen er innlevert til terminal og videresendt",
      place: "terminal",
    },
    { status: "DELIVERED", description: "Sendingen er utlevert", place: "recipient" },
  ],
  returned: [
    { status: "PRE_NOTIFIED", description: "Sendingen er forhåndsmeldt til Bring", place: "sender" },
    {
      status: "IN_TRANSIT",
      description: "Sendingen er innlevert til terminal og videresendt",
      place: "terminal",
    },
    { status: "RETURN", description: "Sendingen er på vei tilbake til avsender", place: "terminal" },
    { status: "DELIVERED_SENDER", description: "Sendingen er levert tilbake til avsender", place: "sender" },
  ],
  exception: [
    { status: "PRE_NOTIFIED", description: "Sendingen er forhåndsmeldt til Bring", place: "sender" },
    {
      status: "IN_TRANSIT",
      description: "Sendingen er innlevert til terminal og videresendt",
      place: "terminal",
    },
    {
      status: "DEVIATION",
      description: "Avvik i produksjonen: sendingen kan bli forsinket",
      place: "terminal",
    },
  ],
};

function placeOf(parcel: TimelineParcel, place: Step["place"]) {
  if (place === "sender") return parcel.sender;
  if (place === "pickup") return parcel.pickup ?? parcel.recipient;
  if (place === "recipient") return parcel.recipient;
  return { postalCode: "0024", city: "OSLO" };
}

/**
 * The events that lead to `state`, spread evenly from the booking to `until` (now): the first at the
 * booking, the last at `until`.
 */
export function eventsForState(
  parcel: TimelineParcel,
  state: TrackingState,
  until = new Date(),
): FakeEvent[] {
  const steps = STEPS[state];
  const start = parcel.bookedAt.getTime();
  const span = Math.max(0, until.getTime() - start);
  return steps.map((step, index) => {
    const where = placeOf(parcel, step.place);
    const at = new Date(steps.length === 1 ? start : start + Math.round((span * index) / (steps.length - 1)));
    return { status: step.status, description: step.description, at, ...where };
  });
}

/** The automatic timeline: how far a parcel booked at `bookedAt` has come by `now`. */
export function automaticEvents(parcel: TimelineParcel, now = new Date()): FakeEvent[] {
  const minutes = (now.getTime() - parcel.bookedAt.getTime()) / 60_000;
  const at = (offset: number) => new Date(parcel.bookedAt.getTime() + offset * 60_000);
  const steps: [number, Step][] = [
    [0, STEPS.booked[0] as Step],
    [DEFAULT_TIMELINE_MINUTES.inTransit, STEPS.in_transit[1] as Step],
  ];
  if (parcel.pickup) {
    steps.push([DEFAULT_TIMELINE_MINUTES.arrived, STEPS.ready_for_pickup[2] as Step]);
    steps.push([DEFAULT_TIMELINE_MINUTES.pickedUp, STEPS.delivered[2] as Step]);
  } else {
    steps.push([DEFAULT_TIMELINE_MINUTES.arrived, STEPS.delivered[2] as Step]);
  }
  return steps
    .filter(([offset]) => minutes >= offset)
    .map(([offset, step]) => ({
      status: step.status,
      description: step.description,
      at: at(offset),
      ...placeOf(parcel, step.place),
    }));
}

const two = (n: number) => String(n).padStart(2, "0");

/** One event as the Tracking API writes it; `dateIso` carries Norway's offset as the documented example does. */
export function eventJson(event: FakeEvent) {
  const oslo = new Date(event.at.getTime() + osloOffsetMinutes(event.at) * 60_000);
  const offset = osloOffsetMinutes(event.at);
  const zone = `${offset >= 0 ? "+" : "-"}${two(Math.floor(Math.abs(offset) / 60))}:${two(Math.abs(offset) % 60)}`;
  const date = `${oslo.getUTCFullYear()}-${two(oslo.getUTCMonth() + 1)}-${two(oslo.getUTCDate())}`;
  const time = `${two(oslo.getUTCHours())}:${two(oslo.getUTCMinutes())}:${two(oslo.getUTCSeconds())}`;
  return {
    description: event.description,
    status: event.status,
    recipientSignature: { name: "" },
    unitId: "",
    unitType: "BRING",
    postalCode: event.postalCode,
    city: event.city,
    countryCode: "NO",
    country: "Norway",
    dateIso: `${date}T${time}${zone}`,
    displayDate: `${two(oslo.getUTCDate())}.${two(oslo.getUTCMonth() + 1)}.${oslo.getUTCFullYear()}`,
    displayTime: time.slice(0, 5),
    consignmentEvent: false,
  };
}

/** Europe/Oslo's offset from UTC at `date`, in minutes (60 in winter, 120 in summer). */
function osloOffsetMinutes(date: Date): number {
  const name = new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/Oslo", timeZoneName: "shortOffset" })
    .formatToParts(date)
    .find((part) => part.type === "timeZoneName")?.value;
  const match = /GMT([+-])(\d{1,2})(?::(\d{2}))?/.exec(name ?? "");
  if (!match) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3] ?? 0);
  return match[1] === "-" ? -minutes : minutes;
}
