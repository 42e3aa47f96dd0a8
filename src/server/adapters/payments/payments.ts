import type { PaymentProvider, PaymentStatus } from "../../../shared/payment";

/** Every attempt is made in Norwegian kroner (orders are priced in NOK): ISO 4217, upper case. */
export const PAYMENT_CURRENCY = "NOK";

/**
 * Whose payment a provider's report is about and in what money (decision 0055), as the provider names
 * it, so that it moves only the attempt made for that merchant, in that currency and amount.
 */
export interface ProviderBinding {
  /** Stripe `event.account` (the connected account an event comes from); Vipps `msn`. */
  merchant?: string;
  /** ISO 4217, upper case (Stripe's `currency` is lower case, Vipps' `amount.currency` upper). */
  currency?: string;
  /**
   * The payment's whole amount as the report names it: a Checkout Session's `amount_total`, a charge's
   * `amount`, the `amount.value` of a Vipps CREATED or AUTHORIZED event or of a Vipps read.
   */
  totalOre?: number;
}

/** What a provider says about one payment attempt; amounts in øre (integers, never floats: decision 0007). */
export interface ProviderPaymentState extends ProviderBinding {
  status: PaymentStatus;
  /** Amount the shopper approved (Vipps `aggregate.authorizedAmount`, Stripe `amount_total` once paid). */
  authorizedOre: number;
  capturedOre: number;
  refundedOre: number;
  /** Vipps `pspReference`, Stripe `payment_intent`. */
  providerTxId?: string;
}

/**
 * How the shopper meets the payment (decision 0077): sent to the provider's page from the shop (the
 * default), a QR code shown on the seller's screen at the stall (Vipps `userFlow: "QR"`), or a push
 * message to the shopper's Vipps app (Vipps `userFlow: "PUSH_MESSAGE"` with `customer.phoneNumber`).
 */
export type PaymentUserFlow =
  | { kind: "web_redirect" }
  | { kind: "qr" }
  | { kind: "push_message"; phone: string };

export interface CreatePaymentInput {
  /** Our reference for this attempt: ^[a-zA-Z0-9-]{8,50}$ (Vipps `Reference`), also the idempotency key. */
  reference: string;
  /** Vipps MSN or Stripe connected account id. */
  merchant: string;
  amountOre: number;
  /** Shown to the shopper in the provider's app or page: names the store. */
  description: string;
  /** The shopper's own order page (decision 0026): Vipps `returnUrl`, Stripe `success_url`/`cancel_url`. */
  returnUrl: string;
  /** Stripe Checkout lists the order's lines; they add up to amountOre. */
  lines: { title: string; unitOre: number; qty: number }[];
  /** When the attempt may no longer be paid (Stripe `expires_at`). */
  expiresAt: Date;
  /** Absent: web_redirect. Only Vipps takes the stall's flows. */
  userFlow?: PaymentUserFlow;
}

export interface CreatedPayment {
  /**
   * Where the shopper goes to pay: the provider's page (web), or the target URL Torg shows as a QR code at
   * the stall. Absent for a Vipps push message: the payment waits in the shopper's app.
   */
  redirectUrl?: string;
  /** Stripe Checkout Session id. */
  sessionId?: string;
}

/** One attempt, as the provider knows it. */
export interface PaymentHandle {
  reference: string;
  merchant: string;
  sessionId: string | null;
  providerTxId: string | null;
}

/** A webhook call as it arrived: the raw body is what the signature covers. */
export interface WebhookRequest {
  rawBody: string;
  headers: Record<string, string | string[] | undefined>;
  /** Path and query as requested (Vipps signs them). */
  pathAndQuery: string;
}

/** A verified provider event, reduced to what moves a payment. */
export interface PaymentEvent extends ProviderBinding {
  /** Unique per provider: a repeated delivery has the same id (the payment_events key). */
  eventId: string;
  name: string;
  /** Finds the attempt: our reference (Vipps, Stripe client_reference_id) or the provider's ids. */
  reference?: string;
  sessionId?: string;
  providerTxId?: string;
  /** The status this event proves, if any (a CREATED event proves nothing new). */
  status?: PaymentStatus;
  /** The event's amount in øre (Vipps `amount.value`, Stripe `amount_total` / `amount_refunded`). */
  amountOre?: number;
  /**
   * What is kept of the event (decision 0055): only the fields Torg reads, picked by an allow-list, so
   * nothing a provider adds about the buyer (a Checkout Session's `customer_details`) is ever stored.
   */
  payload: Record<string, unknown>;
}

/** Field names whose plain values (text, number, true/false, null) are kept; a pair keeps an object by its own list. */
export type AllowList = readonly (string | readonly [string, AllowList])[];

/**
 * A copy of `source` with only the allow-listed fields it has (decision 0055). A field listed by name
 * keeps a plain value only: an object there (an id the provider expanded into the whole object) is
 * left out rather than kept whole.
 */
export function allowListed(source: unknown, fields: AllowList): Record<string, unknown> {
  const kept: Record<string, unknown> = {};
  if (typeof source !== "object" || source === null) return kept;
  const from = source as Record<string, unknown>;
  for (const field of fields) {
    const [name, nested] = typeof field === "string" ? [field, undefined] : field;
    const value = from[name];
    const isObject = typeof value === "object" && value !== null;
    if (nested && isObject && !Array.isArray(value)) kept[name] = allowListed(value, nested);
    else if (!nested && value !== undefined && !isObject) kept[name] = value;
  }
  return kept;
}

/** Thrown when a webhook's signature is missing, wrong or stale: the route answers 401, nothing changes. */
export class WebhookSignatureError extends Error {
  constructor(reason: string) {
    super(`webhook signature rejected: ${reason}`);
    this.name = "WebhookSignatureError";
  }
}

/** The provider could not be reached or refused the call: the caller keeps what is saved and says so. */
export class PaymentProviderError extends Error {
  constructor(
    readonly provider: PaymentProvider,
    message: string,
    /** The provider's HTTP status, when it answered. */
    readonly status?: number,
  ) {
    super(message);
    this.name = "PaymentProviderError";
  }
}

/** A payment provider (decision 0034): create, read, verify webhooks, capture, cancel, refund. */
export interface PaymentGateway {
  readonly name: PaymentProvider;
  createPayment(input: CreatePaymentInput): Promise<CreatedPayment>;
  getPayment(handle: PaymentHandle): Promise<ProviderPaymentState>;
  /** Verifies the signature (throws WebhookSignatureError) and returns the events it carries. */
  parseWebhook(request: WebhookRequest): Promise<PaymentEvent[]>;
  /** Takes the reserved money; `idempotencyKey` makes a repeated call one capture. */
  capture(handle: PaymentHandle, amountOre: number, idempotencyKey: string): Promise<ProviderPaymentState>;
  /** Releases a reservation, or stops an attempt nobody has paid yet. */
  cancel(handle: PaymentHandle, idempotencyKey: string): Promise<ProviderPaymentState>;
  refund(handle: PaymentHandle, amountOre: number, idempotencyKey: string): Promise<ProviderPaymentState>;
}
