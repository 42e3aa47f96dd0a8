import { type CarrierAccount, CarrierError } from "./carrier";

/**
 * One HTTP call to Bring with the three headers "Getting started" says are "always required"
 * (developer.bring.com/api/, "Authentication headers"): `X-Mybring-API-Uid` ("The email address of your
 * Mybring user account"), `X-Mybring-API-Key` ("The user account's API key") and `X-Bring-Client-URL`
 * ("The URL for the service where you are using the API"), with `Accept: application/json` (every API's
 * "Formats": XML or JSON over HTTP). Failures become CarrierErrors the same way for all four APIs.
 */
export interface BringHttpOptions {
  apiUrl: string;
  clientUrl: string;
  /** Default 10 s; a call's own `timeoutMs` wins. */
  timeoutMs: number;
  fetch: typeof fetch;
}

export interface BringCall {
  account: CarrierAccount;
  method: "GET" | "POST";
  /** A path below the API url (`/shippingguide/api/v2/products`), or a whole url Bring handed out (a label). */
  url: string;
  body?: unknown;
  headers?: Record<string, string>;
  timeoutMs?: number;
  /** The answer as bytes (a label PDF) instead of JSON. */
  binary?: boolean;
  /** Statuses whose JSON body is an answer, not a failure (the Tracking API's unknown number). */
  answerStatuses?: number[];
}

export function bringHeaders(account: CarrierAccount, clientUrl: string): Record<string, string> {
  return {
    "X-Mybring-API-Uid": account.apiUid,
    "X-Mybring-API-Key": account.apiKey,
    "X-Bring-Client-URL": clientUrl,
    Accept: "application/json",
  };
}

export function createBringHttp(options: BringHttpOptions) {
  async function call(request: BringCall & { binary: true }): Promise<Buffer>;
  async function call(request: BringCall): Promise<unknown>;
  async function call(request: BringCall): Promise<unknown> {
    const url = /^https?:\/\//.test(request.url) ? request.url : `${options.apiUrl}${request.url}`;
    const headers: Record<string, string> = {
      ...bringHeaders(request.account, options.clientUrl),
      ...request.headers,
    };
    if (request.body !== undefined) headers["Content-Type"] = "application/json";
    let response: Response;
    try {
      // "A GET request to the label URL will result in a HTTP 302 redirect to the concrete storage
      // facility ... Ensure that your client follows these redirects" (Booking API, "Making labels"):
      // fetch follows redirects by default.
      response = await options.fetch(url, {
        method: request.method,
        headers,
        body: request.body === undefined ? undefined : JSON.stringify(request.body),
        signal: AbortSignal.timeout(request.timeoutMs ?? options.timeoutMs),
      });
    } catch {
      // Timeout (AbortSignal.timeout's TimeoutError) or no connection: Bring is not there for us now.
      throw new CarrierError("unavailable");
    }
    if (response.ok || request.answerStatuses?.includes(response.status)) {
      if (request.binary) return Buffer.from(await response.arrayBuffer());
      const text = await response.text();
      if (text.trim() === "") return null;
      try {
        return JSON.parse(text) as unknown;
      } catch {
        throw new CarrierError("unavailable", "Bring answered with something that is not JSON");
      }
    }
    const text = await response.text().catch(() => "");
    throw errorFor(response.status, text, response.headers.get("retry-after"));
  }
  return call;
}

/**
 * "Clients exceeding N requests per second will be throttled, and the response will contain http status
 * code 429" (each API's "Rate limiting"; 120/s Shipping Guide, 80/s Pickup Point, 18/s Booking). The
 * documentation is silent on a Retry-After header; when one comes (seconds or an HTTP date) it is kept.
 */
export function errorFor(status: number, body: string, retryAfter: string | null): CarrierError {
  if (status === 429) return new CarrierError("rate_limited", bringMessage(body), retryAfterMs(retryAfter));
  if (status === 401 || status === 403) return new CarrierError("unauthorized", bringMessage(body));
  if (status >= 500 || status < 400) return new CarrierError("unavailable", bringMessage(body));
  return new CarrierError("refused", bringMessage(body) ?? `Bring answered ${status}`);
}

export function retryAfterMs(header: string | null, now = Date.now()): number | null {
  if (!header) return null;
  const seconds = Number(header.trim());
  if (Number.isFinite(seconds) && seconds >= 0) return Math.round(seconds * 1000);
  const date = Date.parse(header);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const asArray = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const str = (value: unknown) => (typeof value === "string" && value.trim() !== "" ? value.trim() : null);

/**
 * Bring's own words from an error body, whichever of its documented shapes it has:
 * - Booking API: `consignments[].errors[]` with `code` and `messages[]` of `{ lang, message }`
 *   (the booking's "errors" element; codes such as `BOOK-VALIDATION-001`, revision history 2025-11-03);
 * - Shipping Guide API: `fieldErrors[]` (a 400's field errors) or a product's `errors[]` with `code` and
 *   `description`;
 * - Tracking API: `consignmentSet[].error` with `code` and `message`;
 * - a plain `{ "message": ... }` or `{ "error": ... }` (the Tracking API's 401 text, other gateways);
 * - otherwise a short plain-text body as it is.
 */
export function bringMessage(body: string): string | null {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    const text = body.trim();
    return text && text.length <= 300 && !text.startsWith("<") ? text : null;
  }
  return messageOf(json);
}

export function messageOf(json: unknown): string | null {
  if (!isObject(json)) return null;
  const bookingErrors = asArray(json.consignments).flatMap((c) => (isObject(c) ? asArray(c.errors) : []));
  const errors = [...bookingErrors, ...asArray(json.errors), ...asArray(json.fieldErrors)];
  const parts = errors.map(errorText).filter((text): text is string => text !== null);
  if (parts.length > 0) return parts.join("; ");
  const tracking = asArray(json.consignmentSet).find((c) => isObject(c) && isObject(c.error));
  if (isObject(tracking) && isObject(tracking.error)) return str(tracking.error.message);
  return str(json.message) ?? str(json.error) ?? str(json.title) ?? null;
}

function errorText(error: unknown): string | null {
  if (typeof error === "string") return str(error);
  if (!isObject(error)) return null;
  const messages = asArray(error.messages).filter(isObject);
  const english = messages.find((m) => String(m.lang).toLowerCase() === "en") ?? messages[0];
  const words = str(english?.message) ?? str(error.message) ?? str(error.description);
  const field = str(error.field);
  const text = words && field ? `${field}: ${words}` : words;
  const code = str(error.code);
  if (text && code) return `${code}: ${text}`;
  return text ?? code;
}
