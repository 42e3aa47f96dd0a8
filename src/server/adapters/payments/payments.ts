import type { PaymentProvider, PaymentStatus } from "../../../shared/payment";

/** What a provider says about one payment attempt; amounts in øre (integers, never floats: decision 0007). */
export interface ProviderPaymentState {
  status: PaymentStatus;
  /** Amount the shopper approved (Vipps `aggregate.authorizedAmount`, Stripe `amount_total` once paid). */
  authorizedOre: number;
  capturedOre: number;
  refundedOre: number;
  /** Vipps `pspReference`, Stripe `payment_intent`. */
  providerTxId?: string;
}

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
}

export interface CreatedPayment {
  redirectUrl: string;
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
export interface PaymentEvent {
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
  payload: Record<string, unknown>;
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
