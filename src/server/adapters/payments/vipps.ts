import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import { type PaymentStatus, refundedInFull } from "../../../shared/payment";
import {
  type AllowList,
  allowListed,
  type CreatedPayment,
  type CreatePaymentInput,
  PAYMENT_CURRENCY,
  type PaymentEvent,
  type PaymentGateway,
  type PaymentHandle,
  PaymentProviderError,
  type ProviderPaymentState,
  type WebhookRequest,
  WebhookSignatureError,
} from "./payments";
import { createPaymentBody } from "./vipps-request";

/**
 * Vipps MobilePay: the ePayment API v1, the Access token API and the Webhooks API v1, as published in
 * the Vipps MobilePay developer documentation (decision 0034). Field names in quotes below are theirs.
 */
export interface VippsOptions {
  apiUrl: string;
  clientId: string;
  clientSecret: string;
  subscriptionKey: string;
  timeoutMs?: number;
  /** The secret a webhook registered for this MSN answered (see registerWebhook); undefined: none. */
  secretFor(msn: string): Promise<string | undefined>;
  /** How old an `x-ms-date` may be (ms); older calls are refused as stale. */
  webhookToleranceMs?: number;
  now?: () => number;
}

/** The ePayment events Torg subscribes to (Webhooks API "Events" table). */
export const VIPPS_WEBHOOK_EVENTS = [
  "epayments.payment.created.v1",
  "epayments.payment.aborted.v1",
  "epayments.payment.expired.v1",
  "epayments.payment.cancelled.v1",
  "epayments.payment.captured.v1",
  "epayments.payment.refunded.v1",
  "epayments.payment.authorized.v1",
  "epayments.payment.terminated.v1",
];

/** ePayment `PaymentEventName` → the payment status the event proves. */
const EVENT_STATUS: Record<string, PaymentStatus | undefined> = {
  CREATED: undefined,
  AUTHORIZED: "authorized",
  CAPTURED: "captured",
  REFUNDED: "refunded",
  ABORTED: "cancelled",
  CANCELLED: "cancelled",
  TERMINATED: "cancelled",
  EXPIRED: "expired",
};

/** The `Vipps-System-*` headers: who is calling, for Vipps' support (http-headers in their docs). */
const SYSTEM_HEADERS = {
  "Vipps-System-Name": "torg",
  "Vipps-System-Version": "0.1.0",
  "Vipps-System-Plugin-Name": "torg-payments",
  "Vipps-System-Plugin-Version": "1.0.0",
};

/**
 * The ePayment `WebhookEvent` fields Torg reads, all that is kept of an event (decision 0055): "msn",
 * "reference", "pspReference", "name", "amount" ({ "currency", "value" }), "timestamp",
 * "idempotencyKey", "success".
 */
const EVENT_FIELDS: AllowList = [
  "msn",
  "reference",
  "pspReference",
  "name",
  ["amount", ["currency", "value"]],
  "timestamp",
  "idempotencyKey",
  "success",
];

/**
 * Events whose `amount` is the payment's whole amount; the others' is one operation's (a capture,
 * refund or cancellation), at most the whole.
 */
const WHOLE_AMOUNT_EVENTS = new Set(["CREATED", "AUTHORIZED"]);

type Amount = { currency: string; value: number };
interface GetPaymentResponse {
  state: "CREATED" | "ABORTED" | "EXPIRED" | "AUTHORIZED" | "TERMINATED";
  /** The payment's "amount" ({ "currency", "value" }), as it was created. */
  amount?: Amount;
  pspReference?: string;
  aggregate?: {
    authorizedAmount?: Amount;
    cancelledAmount?: Amount;
    capturedAmount?: Amount;
    refundedAmount?: Amount;
  };
}

/**
 * The signature of a webhook call (Webhooks API "Request authentication"): `x-ms-content-sha256` is the
 * base64 SHA-256 of the body; the `Authorization` signature is the base64 HMAC-SHA256, keyed with the
 * webhook's `secret`, of `POST\n{path and query}\n{x-ms-date};{host};{content hash}`.
 */
export function vippsWebhookSignature(input: {
  secret: string;
  pathAndQuery: string;
  date: string;
  host: string;
  body: string;
}) {
  const contentHash = createHash("sha256").update(input.body).digest("base64");
  const signed = `POST\n${input.pathAndQuery}\n${input.date};${input.host};${contentHash}`;
  const signature = createHmac("sha256", input.secret).update(signed).digest("base64");
  return {
    contentHash,
    authorization: `HMAC-SHA256 SignedHeaders=x-ms-date;host;x-ms-content-sha256&Signature=${signature}`,
  };
}

function header(headers: WebhookRequest["headers"], name: string) {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function sameText(a: string, b: string) {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * A payment as a read or an adjustment answers it; `msn` is the sales unit it was asked of (the
 * `Merchant-Serial-Number` header: a reference is unique only per MSN), its "amount" the whole.
 */
export function stateOf(payment: GetPaymentResponse, msn: string): ProviderPaymentState {
  const aggregate = payment.aggregate ?? {};
  const authorizedOre = aggregate.authorizedAmount?.value ?? 0;
  const capturedOre = aggregate.capturedAmount?.value ?? 0;
  const refundedOre = aggregate.refundedAmount?.value ?? 0;
  const cancelledOre = aggregate.cancelledAmount?.value ?? 0;
  let status: PaymentStatus;
  if (payment.state === "CREATED") status = "created";
  else if (payment.state === "EXPIRED") status = "expired";
  else if (payment.state === "ABORTED" || payment.state === "TERMINATED") status = "cancelled";
  // `aggregate.refundedAmount` below `capturedAmount`: partly refunded, still captured (decision 0056).
  else if (refundedInFull(capturedOre, refundedOre)) status = "refunded";
  else if (capturedOre > 0) status = "captured";
  // "A payment that has been cancelled after authorization": state stays AUTHORIZED, the amount is cancelled.
  else if (cancelledOre > 0 && cancelledOre >= authorizedOre) status = "cancelled";
  else status = "authorized";
  return {
    merchant: msn,
    currency: payment.amount?.currency,
    totalOre: payment.amount?.value,
    status,
    authorizedOre,
    capturedOre,
    refundedOre,
    providerTxId: payment.pspReference,
  };
}

export function createVippsGateway(options: VippsOptions): PaymentGateway & {
  registerWebhook(msn: string, url: string): Promise<{ id: string; secret: string }>;
  deleteWebhook(msn: string, id: string): Promise<void>;
} {
  const base = options.apiUrl.replace(/\/$/, "");
  const timeoutMs = options.timeoutMs ?? 10_000;
  const now = options.now ?? Date.now;
  const tolerance = options.webhookToleranceMs ?? 5 * 60_000;
  let token: { value: string; expiresAt: number } | undefined;

  async function send(path: string, init: RequestInit & { headers: Record<string, string> }) {
    try {
      return await fetch(`${base}${path}`, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    } catch (error) {
      throw new PaymentProviderError("vipps", `Vipps could not be reached: ${(error as Error).message}`);
    }
  }

  /** `POST /accesstoken/get` (a POST without a body), cached until shortly before `expires_on`. */
  async function accessToken(msn: string) {
    if (token && token.expiresAt > now()) return token.value;
    const response = await send("/accesstoken/get", {
      method: "POST",
      headers: {
        client_id: options.clientId,
        client_secret: options.clientSecret,
        "Ocp-Apim-Subscription-Key": options.subscriptionKey,
        "Merchant-Serial-Number": msn,
        ...SYSTEM_HEADERS,
      },
    });
    if (!response.ok) {
      throw new PaymentProviderError("vipps", `Vipps access token: HTTP ${response.status}`, response.status);
    }
    const body = (await response.json()) as { access_token: string; expires_in?: string | number };
    // `expires_in` is seconds (a string in some answers); renew a minute early.
    const lifetimeMs = Math.max(0, Number(body.expires_in ?? 3600) - 60) * 1000;
    token = { value: body.access_token, expiresAt: now() + lifetimeMs };
    return token.value;
  }

  async function call<T>(
    msn: string,
    method: string,
    path: string,
    body?: unknown,
    idempotencyKey?: string,
  ): Promise<T> {
    const headers: Record<string, string> = {
      Authorization: `Bearer ${await accessToken(msn)}`,
      "Ocp-Apim-Subscription-Key": options.subscriptionKey,
      "Merchant-Serial-Number": msn,
      ...SYSTEM_HEADERS,
    };
    if (body !== undefined) headers["Content-Type"] = "application/json";
    if (idempotencyKey) headers["Idempotency-Key"] = idempotencyKey;
    const response = await send(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (response.status === 401) token = undefined;
    if (!response.ok) {
      // Errors are RFC 7807 `Problem` objects: `title`, `detail`, `status`, `traceId`.
      const problem = (await response.json().catch(() => ({}))) as { title?: string; detail?: string };
      throw new PaymentProviderError(
        "vipps",
        `Vipps ${method} ${path}: HTTP ${response.status} ${problem.title ?? ""} ${problem.detail ?? ""}`.trim(),
        response.status,
      );
    }
    // `DELETE /webhooks/v1/webhooks/{id}` answers 204 without a body.
    if (response.status === 204) return undefined as T;
    return (await response.json()) as T;
  }

  const paymentPath = (reference: string) => `/epayment/v1/payments/${encodeURIComponent(reference)}`;

  return {
    name: "vipps",

    async createPayment(input: CreatePaymentInput): Promise<CreatedPayment> {
      const flow = input.userFlow?.kind ?? "web_redirect";
      const answer = await call<{ redirectUrl?: string; reference: string }>(
        input.merchant,
        "POST",
        "/epayment/v1/payments",
        createPaymentBody(input),
        input.reference,
      );
      // `CreatePaymentResponse.redirectUrl`: the landing page (WEB_REDIRECT) or the QR's target URL (QR);
      // "Nothing will be returned when `userFlow` is `PUSH_MESSAGE`".
      if (flow === "push_message") return {};
      if (!answer.redirectUrl) throw new PaymentProviderError("vipps", "Vipps answered no redirectUrl");
      return { redirectUrl: answer.redirectUrl };
    },

    async getPayment(handle: PaymentHandle) {
      const answer = await call<GetPaymentResponse>(handle.merchant, "GET", paymentPath(handle.reference));
      return stateOf(answer, handle.merchant);
    },

    async capture(handle, amountOre, idempotencyKey) {
      const answer = await call<GetPaymentResponse>(
        handle.merchant,
        "POST",
        `${paymentPath(handle.reference)}/capture`,
        { modificationAmount: { currency: PAYMENT_CURRENCY, value: amountOre } },
        idempotencyKey,
      );
      return stateOf(answer, handle.merchant);
    },

    async cancel(handle, idempotencyKey) {
      const answer = await call<GetPaymentResponse>(
        handle.merchant,
        "POST",
        `${paymentPath(handle.reference)}/cancel`,
        undefined,
        idempotencyKey,
      );
      return stateOf(answer, handle.merchant);
    },

    async refund(handle, amountOre, idempotencyKey) {
      const answer = await call<GetPaymentResponse>(
        handle.merchant,
        "POST",
        `${paymentPath(handle.reference)}/refund`,
        { modificationAmount: { currency: PAYMENT_CURRENCY, value: amountOre } },
        idempotencyKey,
      );
      return stateOf(answer, handle.merchant);
    },

    async parseWebhook(request: WebhookRequest): Promise<PaymentEvent[]> {
      const date = header(request.headers, "x-ms-date");
      const contentHash = header(request.headers, "x-ms-content-sha256");
      const authorization = header(request.headers, "authorization");
      const host = header(request.headers, "host");
      if (!date || !contentHash || !authorization || !host)
        throw new WebhookSignatureError("headers missing");
      const sentAt = Date.parse(date);
      if (Number.isNaN(sentAt) || Math.abs(now() - sentAt) > tolerance)
        throw new WebhookSignatureError("stale");
      let event: Record<string, unknown>;
      try {
        event = JSON.parse(request.rawBody) as Record<string, unknown>;
      } catch {
        throw new WebhookSignatureError("body is not JSON");
      }
      const msn = typeof event.msn === "string" ? event.msn : "";
      const secret = msn ? await options.secretFor(msn) : undefined;
      if (!secret) throw new WebhookSignatureError("no webhook registered for this MSN");
      const expected = vippsWebhookSignature({
        secret,
        pathAndQuery: request.pathAndQuery,
        date,
        host,
        body: request.rawBody,
      });
      if (!sameText(expected.contentHash, contentHash) || !sameText(expected.authorization, authorization)) {
        throw new WebhookSignatureError("signature does not match");
      }
      const name = String(event.name ?? "");
      const amount = event.amount as Partial<Amount> | undefined;
      const value = typeof amount?.value === "number" ? amount.value : undefined;
      return [
        {
          // The MSN whose webhook secret signed the call: the merchant the event belongs to.
          merchant: msn,
          currency: typeof amount?.currency === "string" ? amount.currency : undefined,
          totalOre: WHOLE_AMOUNT_EVENTS.has(name) ? value : undefined,
          // The `WebhookEvent` has no id: a repeated delivery repeats all of these.
          eventId: [
            event.reference,
            name,
            event.pspReference,
            event.timestamp,
            event.idempotencyKey ?? "",
          ].join("/"),
          name,
          reference: String(event.reference ?? ""),
          providerTxId: name === "AUTHORIZED" ? String(event.pspReference ?? "") : undefined,
          // `success: false`: the operation failed and proves nothing.
          status: event.success === false ? undefined : EVENT_STATUS[name],
          amountOre: value,
          payload: allowListed(event, EVENT_FIELDS),
        },
      ];
    },

    /** `POST /webhooks/v1/webhooks` with `url` and `events`; the answer's `secret` signs every call. */
    async registerWebhook(msn: string, url: string) {
      return call<{ id: string; secret: string }>(msn, "POST", "/webhooks/v1/webhooks", {
        url,
        events: VIPPS_WEBHOOK_EVENTS,
      });
    },

    /** `DELETE /webhooks/v1/webhooks/{id}`: a registration that lost a race. */
    async deleteWebhook(msn: string, id: string) {
      await call<undefined>(msn, "DELETE", `/webhooks/v1/webhooks/${encodeURIComponent(id)}`);
    },
  };
}
