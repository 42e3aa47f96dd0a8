import { bookingRequestBody, bookingTestHeaders, parseBooking } from "./bring-booking";
import { createBringHttp, messageOf } from "./bring-http";
import { BRING_PATHS, parsePickupPoints, parsePrices, priceRequestBody } from "./bring-mapping";
import { parseTracking } from "./bring-tracking";
import { type Carrier, CarrierError, type TrackingResult } from "./carrier";

/**
 * Bring (Posten Bring) through its four public APIs at developer.bring.com (decision 0079): the Shipping
 * Guide API v2 (prices and expected delivery), the Pickup Point API, the Booking API (consignments and
 * labels) and the Tracking API v2, called with the seller's own Mybring user and API key. The same code
 * talks to the local fake (src/server/test/fakes/bring.ts) in development, the journeys and CI: only
 * `apiUrl` differs (BRING_API_URL).
 */
export interface BringCarrierOptions {
  /** https://api.bring.com, or the fake's url. */
  apiUrl: string;
  /** Sent as `X-Bring-Client-URL`: "The URL for the service where you are using the API". */
  clientUrl: string;
  /** Book with Bring's test indicator: labels are made, nothing is sent or invoiced. */
  testBookings: boolean;
  /** Default 10 s; each call's `timeoutMs` wins. */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/**
 * The Tracking API's documentation names no batch query (`q` is "the tracking number or reference") and
 * no rate for authenticated users beyond "less strict"; numbers are read one call each, a few at a time.
 */
const TRACKING_CONCURRENCY = 4;

export function createBringCarrier(options: BringCarrierOptions): Carrier {
  const call = createBringHttp({
    apiUrl: options.apiUrl.replace(/\/$/, ""),
    clientUrl: options.clientUrl,
    timeoutMs: options.timeoutMs ?? 10_000,
    fetch: options.fetch ?? fetch,
  });

  return {
    provider: "bring",

    /**
     * "List customer numbers and services": answers only a valid user and key (401/403 otherwise), and
     * lists the `customers[]` (`customerNumber`, `name`, `countryCode`) the user may act for. A customer
     * number the user is not given is refused as Bring's booking would refuse it ("you need to be
     * authorized").
     */
    async checkAccount(account, callOptions) {
      const json = await call({ account, method: "GET", url: BRING_PATHS.customers, ...callOptions });
      const customers = Array.isArray((json as { customers?: unknown })?.customers)
        ? ((json as { customers: unknown[] }).customers as { customerNumber?: unknown }[])
        : null;
      if (customers === null) return;
      const wanted = account.customerNumber.trim();
      if (!customers.some((customer) => String(customer?.customerNumber ?? "").trim() === wanted)) {
        throw new CarrierError(
          "unauthorized",
          `Customer number ${wanted} is not linked to the Mybring user ${account.apiUid}`,
        );
      }
    },

    async prices(query, callOptions) {
      if (query.services.length === 0) return [];
      const json = await call({
        account: query.account,
        method: "POST",
        url: BRING_PATHS.products,
        body: priceRequestBody(query),
        ...callOptions,
      });
      return parsePrices(json, query.services);
    },

    async pickupPoints(query, callOptions) {
      const json = await call({
        account: query.account,
        method: "GET",
        url: BRING_PATHS.pickupPoints(query.country, query.postalCode),
        ...callOptions,
      });
      return parsePickupPoints(json, query.limit);
    },

    async book(request, callOptions) {
      const json = await call({
        account: request.account,
        method: "POST",
        url: BRING_PATHS.booking,
        body: bookingRequestBody({ ...request, test: request.test || options.testBookings }),
        headers: bookingTestHeaders(request.test || options.testBookings),
        ...callOptions,
      });
      const booking = parseBooking(json);
      // A 200 with the consignment's `errors` is Bring refusing this booking, in its own words.
      if (booking === "errors") throw new CarrierError("refused", messageOf(json));
      if (booking === null)
        throw new CarrierError("unavailable", "Bring's booking answer had no consignment");
      return booking;
    },

    async label(account, labelUrl, callOptions) {
      // The label is a PDF, not JSON: it is asked for as one (the documentation is silent on Accept).
      return call({
        account,
        method: "GET",
        url: labelUrl,
        binary: true,
        headers: { Accept: "application/pdf" },
        ...callOptions,
      });
    },

    async track(account, trackingNumbers, callOptions) {
      const results: TrackingResult[] = [];
      const queue = [...new Set(trackingNumbers)];
      const worker = async () => {
        for (let number = queue.shift(); number !== undefined; number = queue.shift()) {
          // An unknown number is `consignmentSet[].error` { code: 404 }; the documentation does not say
          // whether the HTTP status is 200 or 404 then, so both are read as an answer.
          const json = await call({
            account,
            method: "GET",
            url: BRING_PATHS.tracking(number),
            answerStatuses: [404],
            ...callOptions,
          });
          const result = parseTracking(number, json);
          if (result) results.push(result);
        }
      };
      await Promise.all(Array.from({ length: Math.min(TRACKING_CONCURRENCY, queue.length) }, worker));
      const order = new Map(trackingNumbers.map((number, index) => [number, index]));
      return results.sort((a, b) => (order.get(a.trackingNumber) ?? 0) - (order.get(b.trackingNumber) ?? 0));
    },
  };
}
