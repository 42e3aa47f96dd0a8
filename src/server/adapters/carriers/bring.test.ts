import { describe, expect, it } from "vitest";
import { loadConfig } from "../../config";
import { createBringCarrier } from "./bring";
import { retryAfterMs } from "./bring-http";
import {
  type BookingRequest,
  type CarrierAccount,
  CarrierError,
  createCarriers,
  DEFAULT_BRING_CLIENT_URL,
} from "./index";

/**
 * The Bring adapter's requests (urls, the three authentication headers, field names) and its error
 * mapping, against a stub fetch that answers as Bring's documentation says Bring answers.
 */

const API = "https://api.bring.com";
const account: CarrierAccount = {
  apiUid: "john.doe@example.com",
  apiKey: "1234abc-abcd-1234-5678-abcd1234abcd",
  customerNumber: "5",
};

interface Seen {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

/** A fetch that records each call and answers with `answer(url)`. */
function stub(answer: (url: string, init: RequestInit) => Response | Promise<Response>) {
  const seen: Seen[] = [];
  const fetchStub = (async (input: string | URL | Request, init: RequestInit = {}) => {
    const url = String(input);
    seen.push({
      url,
      method: init.method ?? "GET",
      headers: Object.fromEntries(Object.entries((init.headers ?? {}) as Record<string, string>)),
      body: typeof init.body === "string" ? JSON.parse(init.body) : null,
    });
    return answer(url, init);
  }) as typeof fetch;
  return { seen, fetch: fetchStub };
}

const bringWith = (fetchStub: typeof fetch, testBookings = false, timeoutMs?: number) =>
  createBringCarrier({
    apiUrl: `${API}/`,
    clientUrl: "https://torg.no",
    testBookings,
    timeoutMs,
    fetch: fetchStub,
  });

const bookingRequest: BookingRequest = {
  account,
  service: "5800",
  sender: { name: "Vev og Ull", street: "Industriveien 1", postalCode: "0010", city: "Oslo", country: "NO" },
  recipient: {
    name: "Kari",
    street: "Storgata 5",
    postalCode: "0155",
    city: "Oslo",
    country: "NO",
    phone: "+4791234567",
  },
  pickupPointId: "121524",
  parcels: [{ weightGrams: 1250 }],
  reference: "T-1",
  shippingDate: new Date("2026-12-01T09:00:00Z"),
  test: false,
};

const confirmation = {
  consignments: [
    {
      confirmation: {
        consignmentNumber: "70438101268018539",
        links: {
          labels: `${API}/labels/id/abc.pdf`,
          tracking: "https://sporing.bring.no/sporing/70438101268018539",
        },
        packages: [{ packageNumber: "370438101268058536" }],
      },
      errors: null,
    },
  ],
};

async function failure(promise: Promise<unknown>): Promise<CarrierError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof CarrierError) return error;
    throw error;
  }
  throw new Error("expected a CarrierError");
}

describe("Bring requests", () => {
  it("calls each API at its documented url with the three authentication headers", async () => {
    const { seen, fetch } = stub((url) => {
      if (url.includes("/booking/api/customers"))
        return Response.json({ customers: [{ customerNumber: "5" }] });
      if (url.includes("/shippingguide/")) return Response.json({ consignments: [] });
      if (url.includes("/pickuppoint/")) return Response.json({ pickupPoint: [] });
      if (url.endsWith("/booking/api/create")) return Response.json(confirmation);
      if (url.includes("/labels/")) return new Response(Buffer.from("%PDF-1.7"), { status: 200 });
      return Response.json({
        apiVersion: "2",
        consignmentSet: [{ error: { code: 404, message: "No shipments found" } }],
      });
    });
    const bring = bringWith(fetch, true);
    await bring.checkAccount(account);
    await bring.prices({
      account,
      fromPostalCode: "0010",
      toPostalCode: "0155",
      fromCountry: "NO",
      toCountry: "NO",
      parcels: [{ weightGrams: 500 }],
      services: ["5800"],
    });
    await bring.pickupPoints({ account, country: "NO", postalCode: "0155", limit: 5 });
    const booked = await bring.book(bookingRequest);
    const pdf = await bring.label(account, booked.labelUrl);
    expect(pdf.toString("latin1")).toBe("%PDF-1.7");
    expect(await bring.track(account, ["70438101268018539"])).toEqual([]);

    expect(seen.map((call) => `${call.method} ${call.url}`)).toEqual([
      `GET ${API}/booking/api/customers`,
      `POST ${API}/shippingguide/api/v2/products`,
      `GET ${API}/pickuppoint/api/pickuppoint/NO/postalCode/0155.json?numberOfResponses=5`,
      `POST ${API}/booking/api/create`,
      `GET ${API}/labels/id/abc.pdf`,
      `GET ${API}/tracking/api/v2/tracking.json?q=70438101268018539`,
    ]);
    for (const call of seen) {
      expect(call.headers).toMatchObject({
        "X-Mybring-API-Uid": account.apiUid,
        "X-Mybring-API-Key": account.apiKey,
        "X-Bring-Client-URL": "https://torg.no",
      });
      expect(call.headers.Accept).toBe(
        call.url.includes("/labels/") ? "application/pdf" : "application/json",
      );
      if (call.method === "POST") expect(call.headers["Content-Type"]).toBe("application/json");
    }
    // BRING_TEST_BOOKINGS books as a test even when the request did not ask: header and body flag.
    const booking = seen[3];
    expect(booking?.headers["X-Bring-Test-Indicator"]).toBe("true");
    expect(booking?.body).toMatchObject({
      testIndicator: true,
      schemaVersion: 1,
      consignments: [
        {
          product: { id: "5800", customerNumber: "5" },
          correlationId: "T-1",
          parties: { pickupPoint: { id: "121524", countryCode: "NO" } },
          packages: [{ weightInKg: 1.25, dimensions: null }],
        },
      ],
    });
    expect(seen[1]?.body).toMatchObject({
      consignments: [{ products: [{ id: "5800", customerNumber: "5" }], packages: [{ grossWeight: 500 }] }],
    });
  });

  it("follows the label's redirect to storage without the seller's key", async () => {
    const { seen, fetch } = stub((url) =>
      url.startsWith(API)
        ? new Response(null, {
            status: 302,
            headers: { Location: "https://labels.example-storage.com/abc.pdf?sig=1" },
          })
        : new Response(Buffer.from("%PDF-1.4"), { status: 200 }),
    );
    const pdf = await bringWith(fetch).label(account, `${API}/labels/id/abc.pdf`);
    expect(pdf.toString("latin1")).toBe("%PDF-1.4");
    expect(seen.map((call) => call.url)).toEqual([
      `${API}/labels/id/abc.pdf`,
      "https://labels.example-storage.com/abc.pdf?sig=1",
    ]);
    expect(seen[0]?.headers["X-Mybring-API-Key"]).toBe(account.apiKey);
    expect(seen[1]?.headers).toEqual({ Accept: "application/pdf" });
  });

  it("books for real when neither the server nor the request asks for a test", async () => {
    const { seen, fetch } = stub(() => Response.json(confirmation));
    await bringWith(fetch, false).book(bookingRequest);
    expect(seen[0]?.headers["X-Bring-Test-Indicator"]).toBe("false");
    expect(seen[0]?.body).toMatchObject({ testIndicator: false });
  });
});

describe("Bring errors", () => {
  it("401 and 403: unauthorized, with Bring's words", async () => {
    const text =
      "401 - Unathorized. The Tracking API no longer supports unauthenticated requests. Make sure your requests are authenticated. Read more about this on our Bring developer site. https://developer.bring.com/api/tracking/";
    const { fetch } = stub(() => new Response(text, { status: 401 }));
    const error = await failure(bringWith(fetch).track(account, ["1"]));
    expect(error).toMatchObject({ kind: "unauthorized", providerMessage: text });
    const forbidden = stub(() => new Response("", { status: 403 }));
    expect((await failure(bringWith(forbidden.fetch).checkAccount(account))).kind).toBe("unauthorized");
  });

  it("400: refused, with Bring's own field errors", async () => {
    const { fetch } = stub(() =>
      Response.json(
        {
          fieldErrors: [{ code: "INVALID_ARGUMENT", message: "product code is required", field: "product" }],
        },
        { status: 400 },
      ),
    );
    const error = await failure(
      bringWith(fetch).prices({
        account,
        fromPostalCode: "0010",
        toPostalCode: "0155",
        fromCountry: "NO",
        toCountry: "NO",
        parcels: [{ weightGrams: 500 }],
        services: ["5800"],
      }),
    );
    expect(error).toMatchObject({
      kind: "refused",
      providerMessage: "INVALID_ARGUMENT: product: product code is required",
    });
  });

  it("a booking answered with its consignment's errors: refused with Bring's code and message", async () => {
    const refused = {
      consignments: [
        {
          confirmation: null,
          errors: [
            {
              uniqueId: "b2e73d9f-6281-4ed2-91ee-431eba33f766",
              code: "BOOK-INPUT-045",
              messages: [{ lang: "en", message: "Could not find a pickup point for the provided recipient" }],
            },
          ],
        },
      ],
    };
    for (const status of [200, 400]) {
      const { fetch } = stub(() => Response.json(refused, { status }));
      const error = await failure(bringWith(fetch).book(bookingRequest));
      expect(error).toMatchObject({
        kind: "refused",
        providerMessage: "BOOK-INPUT-045: Could not find a pickup point for the provided recipient",
      });
    }
  });

  it("429: rate limited, with Retry-After in seconds or as a date when Bring sends one", async () => {
    const seconds = stub(() => new Response("", { status: 429, headers: { "Retry-After": "30" } }));
    expect(await failure(bringWith(seconds.fetch).checkAccount(account))).toMatchObject({
      kind: "rate_limited",
      retryAfterMs: 30_000,
    });
    const none = stub(() => new Response("", { status: 429 }));
    expect(await failure(bringWith(none.fetch).checkAccount(account))).toMatchObject({
      kind: "rate_limited",
      retryAfterMs: null,
    });
    const now = Date.parse("2026-11-29T12:00:00Z");
    expect(retryAfterMs("Sun, 29 Nov 2026 12:01:00 GMT", now)).toBe(60_000);
    expect(retryAfterMs("soon", now)).toBeNull();
  });

  it("5xx, a broken connection, an answer that is not JSON and a timeout: unavailable", async () => {
    for (const status of [500, 502, 503]) {
      const { fetch } = stub(() => new Response("Service Unavailable", { status }));
      expect((await failure(bringWith(fetch).checkAccount(account))).kind).toBe("unavailable");
    }
    const broken = stub(() => Promise.reject(new TypeError("fetch failed")));
    expect((await failure(bringWith(broken.fetch).checkAccount(account))).kind).toBe("unavailable");
    const html = stub(() => new Response("<html>maintenance</html>", { status: 200 }));
    expect((await failure(bringWith(html.fetch).checkAccount(account))).kind).toBe("unavailable");

    // A Bring that never answers: the call's own timeout wins over the adapter's default.
    const silent = stub(
      (_url, init) =>
        new Promise<Response>((_resolve, reject) => {
          init.signal?.addEventListener("abort", () => reject(init.signal?.reason));
        }),
    );
    const started = Date.now();
    const timedOut = await failure(
      bringWith(silent.fetch, false, 10_000).checkAccount(account, { timeoutMs: 50 }),
    );
    expect(timedOut.kind).toBe("unavailable");
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});

describe("createCarriers", () => {
  it("makes Bring where BRING_API_URL points, naming the public url as the client", () => {
    const carriers = createCarriers(
      loadConfig({ BRING_API_URL: "http://127.0.0.1:3303", PUBLIC_URL: "https://shop.example" }),
    );
    expect(carriers.bring?.provider).toBe("bring");
    expect(createCarriers(loadConfig({ BRING_API_URL: "" })).bring).toBeUndefined();
    expect(DEFAULT_BRING_CLIENT_URL).toMatch(/^https:\/\//);
  });
});
