import type { AddressInfo } from "node:net";
import Fastify, { type FastifyReply, type FastifyRequest } from "fastify";
import type { TrackingState } from "../../../shared/shipping";
import { FAKE_BRING_ACCOUNT } from "./bring-account";
import { registerBookingRoutes } from "./bring-booking-routes";
import { registerCheckoutRoutes } from "./bring-checkout-routes";
import { registerFakeControls } from "./bring-controls";
import {
  automaticEvents,
  eventJson,
  eventsForState,
  type FakeEvent,
  type TimelineParcel,
} from "./bring-timeline";
import type { FakeBooking, FakeBringAccount, RecordedRequest } from "./bring-types";

/**
 * A local stand-in for the four Bring APIs Torg uses (decision 0079), answering as developer.bring.com
 * documents them: the Shipping Guide API v2 (`POST /shippingguide/api/v2/products`), the Pickup Point
 * API (`GET /pickuppoint/api/pickuppoint/{countryCode}/postalCode/{postalCode}.json`), the Booking API
 * (`POST /booking/api/create`, `GET /booking/api/customers`, and the label PDF its `links.labels`
 * points at) and the Tracking API v2 (`GET /tracking/api/v2/tracking.json?q=`). Every API call needs the
 * "Authentication headers" `X-Mybring-API-Uid` and `X-Mybring-API-Key` of a known account
 * (FAKE_BRING_ACCOUNT, or one a test adds). Tests steer it through `state`: down, slow, 429s, tracking.
 */
export interface FakeBringOptions {
  port?: number;
  /** Booked parcels move by themselves over real minutes (default true; tests set states instead). */
  advance?: boolean;
}

/** The headers the fake keeps of every call, for the request-building tests. */
const RECORDED_HEADERS = [
  "x-mybring-api-uid",
  "x-mybring-api-key",
  "x-bring-client-url",
  "x-bring-test-indicator",
  "accept",
  "content-type",
];

export async function startFakeBring(options: FakeBringOptions = {}) {
  const accounts: FakeBringAccount[] = [{ ...FAKE_BRING_ACCOUNT }];
  const bookings = new Map<string, FakeBooking>();
  const requests: RecordedRequest[] = [];
  const control = {
    down: false as boolean | "drop",
    delayMs: 0,
    rateLimited: 0,
    retryAfterSeconds: 1,
    advance: options.advance ?? true,
  };

  // Tests close the fake with keep-alive sockets and hijacked (dropped) calls still open.
  const app = Fastify({ logger: false, forceCloseConnections: true });

  /** The account the call's headers name, or null (then the call has been answered 401). */
  function authorize(request: FastifyRequest, reply: FastifyReply): FakeBringAccount | null {
    const uid = request.headers["x-mybring-api-uid"];
    const key = request.headers["x-mybring-api-key"];
    const account = accounts.find((entry) => entry.apiUid === uid && entry.apiKey === key) ?? null;
    if (!account) {
      // The documentation words only the Tracking API's 401 ("401 - Unathorized. The Tracking API no
      // longer supports unauthenticated requests ..."); the fake answers every API's bad or missing
      // credentials with a 401 and a message in that spirit.
      void reply.status(401).send({
        message: uid
          ? "Unauthorized. The Mybring user and API key do not match. Make sure your requests are authenticated."
          : "Unauthorized. Make sure your requests are authenticated (X-Mybring-API-Uid, X-Mybring-API-Key).",
      });
    }
    return account;
  }

  const isApi = (url: string) =>
    /^\/(shippingguide|pickuppoint|booking|tracking)\//.test(url) || url.startsWith("/_fake/labels/");

  app.addHook("preHandler", async (request, reply) => {
    if (!isApi(request.url)) return;
    const headers: Record<string, string | undefined> = {};
    for (const name of RECORDED_HEADERS) {
      const value = request.headers[name];
      headers[name] = Array.isArray(value) ? value.join(",") : value;
    }
    const [path = "", search = ""] = request.url.split("?");
    requests.push({
      method: request.method,
      path,
      query: Object.fromEntries(new URLSearchParams(search)),
      headers,
      body: request.body ?? null,
    });
    if (control.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, control.delayMs));
    if (control.down === "drop") {
      reply.hijack();
      request.raw.socket.destroy();
      return reply;
    }
    if (control.down) return reply.status(503).send({ message: "Service Unavailable" });
    if (control.rateLimited > 0) {
      control.rateLimited -= 1;
      // "Clients exceeding N requests per second will be throttled, and the response will contain http
      // status code 429" (each API's "Rate limiting"); the documentation is silent on a body or on
      // Retry-After, which the fake sends so a client can wait the right time.
      return reply
        .status(429)
        .header("retry-after", String(control.retryAfterSeconds))
        .send({ message: "Too Many Requests" });
    }
  });

  const baseUrl = () => `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

  registerCheckoutRoutes(app, { authorize });
  registerBookingRoutes(app, { authorize, accounts, bookings, baseUrl: () => baseUrl() });

  /** A booking's events, newest first, as the automatic timeline or a test has them now. */
  function eventsOf(booking: FakeBooking): FakeEvent[] {
    const events =
      booking.manualEvents ??
      (control.advance ? automaticEvents(booking) : eventsForState(booking, "booked", booking.bookedAt));
    // Newest first, as Bring lists them. Events are kept oldest first, and steps made a moment apart can
    // share a millisecond (and the second `dateIso` keeps): reversed before the stable sort, a later step
    // still comes first, so a parcel set "delivered" just after booking never reads as an earlier step.
    return [...events].reverse().sort((a, b) => b.at.getTime() - a.at.getTime());
  }

  /** Bring's documented test numbers ("API testing": "Tracking numbers"), answered without a booking. */
  const testParcel = (): TimelineParcel => ({
    bookedAt: new Date(Date.now() - 3 * 60 * 60_000),
    pickup: { postalCode: "2341", city: "LØTEN", name: "Løten" },
    sender: { postalCode: "0024", city: "OSLO" },
    recipient: { postalCode: "1407", city: "VINTERBRO" },
  });
  const TEST_NUMBERS: Record<string, TrackingState> = {
    TESTPACKAGEATPICKUPPOINT: "ready_for_pickup",
    TESTPACKAGEEDI: "booked",
    TESTPACKAGEDELIVERED: "delivered",
    TESTPACKAGELOADEDFORDELIVERY: "in_transit",
  };

  const trackingAnswer = (query: string) => {
    const booking =
      bookings.get(query) ?? [...bookings.values()].find((entry) => entry.packageNumbers.includes(query));
    const testState = TEST_NUMBERS[query.toUpperCase()];
    if (!booking && !testState) {
      // The documented `unsuccessful.json`: "Returned upon no search responses being returned".
      return { apiVersion: "2", consignmentSet: [{ error: { code: 404, message: "No shipments found" } }] };
    }
    const events = booking
      ? eventsOf(booking)
      : eventsForState(testParcel(), testState as TrackingState).reverse();
    const consignmentId = booking?.consignmentNumber ?? "SHIPMENTNUMBER";
    const packageNumbers = booking?.packageNumbers ?? [query.toUpperCase()];
    return {
      apiVersion: "2",
      consignmentSet: [
        {
          consignmentId,
          previousConsignmentId: "",
          packageSet: packageNumbers.map((packageNumber) => ({
            statusDescription: events[0]?.description ?? "",
            packageNumber,
            productCode: booking?.service ?? "5800",
            eventSet: events.map(eventJson),
          })),
        },
      ],
    };
  };

  for (const path of ["/tracking/api/v2/tracking.json", "/tracking/api/tracking.json"]) {
    app.get<{ Querystring: { q?: string } }>(path, async (request, reply) => {
      if (!authorize(request, reply)) return reply;
      const query = (request.query.q ?? "").trim();
      if (!query) return reply.status(400).send({ message: "The query parameter q is required" });
      return trackingAnswer(query);
    });
  }

  /** The page `links.tracking` points at: where a shopper follows the parcel (not an API). */
  app.get<{ Params: { number: string } }>("/_fake/sporing/:number", async (request, reply) => {
    const answer = trackingAnswer(request.params.number);
    const html = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
    const first = answer.consignmentSet[0];
    const events = first && "packageSet" in first ? (first.packageSet[0]?.eventSet ?? []) : [];
    const rows = events
      .map(
        (event) =>
          `<li>${html(event.displayDate)} ${html(event.displayTime)}: ${html(event.description)} (${html(`${event.postalCode} ${event.city}`)})</li>`,
      )
      .join("");
    return reply
      .type("text/html; charset=utf-8")
      .send(
        `<!doctype html><html lang="nb"><head><meta charset="utf-8"><title>Sporing ${html(request.params.number)}</title></head><body><h1>Sporing ${html(request.params.number)}</h1><ul>${rows || "<li>Ingen hendelser</li>"}</ul><p>A local test stand-in for Bring's tracking page.</p></body></html>`,
      );
  });

  app.get("/health", async () => ({ ok: true }));
  registerFakeControls(app, () => state);

  await app.listen({ port: options.port ?? 0, host: "127.0.0.1" });

  const find = (number: string) => {
    const booking =
      bookings.get(number) ?? [...bookings.values()].find((entry) => entry.packageNumbers.includes(number));
    if (!booking) throw new Error(`The Bring fake has no booking ${number}`);
    return booking;
  };

  const state = {
    accounts,
    bookings,
    requests,
    control,
    /** Every API call answers 503 (true) or has its connection dropped ("drop"); false: back up. */
    setDown: (down: boolean | "drop") => {
      control.down = down;
    },
    /** Every API call waits this long before answering (the checkout's short wait runs out). */
    setDelayMs: (ms: number) => {
      control.delayMs = ms;
    },
    /** The next `count` API calls answer 429 with `Retry-After: retryAfterSeconds`. */
    rateLimitNext: (count: number, retryAfterSeconds = 1) => {
      control.rateLimited = count;
      control.retryAfterSeconds = retryAfterSeconds;
    },
    /** The parcel's events become those leading to `state`, the newest now; the automatic timeline stops. */
    setTrackingState: (trackingNumber: string, trackingState: TrackingState) => {
      const booking = find(trackingNumber);
      booking.manualEvents = eventsForState(booking, trackingState);
    },
    /** Adds one event (a Tracking API `status` such as "DEVIATION") to the parcel, now or at `at`. */
    pushTrackingEvent: (
      trackingNumber: string,
      event: { status: string; description: string; at?: Date; postalCode?: string; city?: string },
    ) => {
      const booking = find(trackingNumber);
      const events = booking.manualEvents ?? eventsOf(booking);
      booking.manualEvents = [
        ...events,
        {
          status: event.status,
          description: event.description,
          at: event.at ?? new Date(),
          postalCode: event.postalCode ?? booking.recipient.postalCode,
          city: event.city ?? booking.recipient.city,
        },
      ];
    },
    /** Another Mybring user the fake accepts (a second store's account). */
    addAccount: (account: FakeBringAccount) => {
      accounts.push(account);
    },
    /** Clears the controls (not the bookings) between tests. */
    reset: () => {
      Object.assign(control, { down: false, delayMs: 0, rateLimited: 0, retryAfterSeconds: 1 });
      requests.length = 0;
    },
  };

  return {
    url: baseUrl(),
    state,
    ...state,
    close: () => app.close(),
  };
}

export type FakeBring = Awaited<ReturnType<typeof startFakeBring>>;
