import Stripe from "stripe";
import { refundedInFull } from "../../../shared/payment";
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

/**
 * Card payments through Stripe Checkout with the official `stripe` package, on the store's connected
 * account (the `Stripe-Account` header, the package's `stripeAccount` option), as Stripe's API reference
 * describes Checkout Sessions, Refunds and webhook signatures (decision 0034).
 */
export interface StripeOptions {
  secretKey: string;
  webhookSecret: string;
  /** Default https://api.stripe.com; the package's host/port/protocol settings point it elsewhere. */
  apiUrl?: string;
  timeoutMs?: number;
  /**
   * How far a signature's `t=` may be from now, either way, in seconds: the package's default tolerance
   * (`DEFAULT_TOLERANCE`, 300 s, the five minutes Stripe's signature documentation recommends).
   */
  signatureToleranceSeconds?: number;
  now?: () => number;
}

/**
 * What is kept of an event (decision 0055): the fields Torg reads, never the rest of the object (a
 * Checkout Session's `customer_details` and `customer_email` name the buyer; `metadata` is free text).
 */
const EVENT_FIELDS: AllowList = [
  "id",
  "type",
  "account",
  "created",
  "livemode",
  [
    "data",
    [
      [
        "object",
        [
          "id",
          "object",
          "status",
          "payment_status",
          "amount_total",
          "amount",
          "amount_refunded",
          "currency",
          "client_reference_id",
          "payment_intent",
        ],
      ],
    ],
  ],
];

/**
 * The latest `t=` of a `Stripe-Signature` header (`t=1492774577,v1=5257a8…,v0=6ffbb5…` in Stripe's
 * example), split as the package splits it; NaN when there is none.
 */
function latestSignedAt(header: string) {
  const stamps = header
    .split(",")
    .map((item) => item.split("="))
    .filter(([key]) => key === "t")
    .map(([, value]) => Number.parseInt(value ?? "", 10));
  return stamps.length === 0 || stamps.some(Number.isNaN) ? Number.NaN : Math.max(...stamps);
}

const upper = (currency: string | null | undefined) => currency?.toUpperCase() ?? undefined;

function clientOf(options: StripeOptions) {
  const url = new URL(options.apiUrl ?? "https://api.stripe.com");
  return new Stripe(options.secretKey, {
    host: url.hostname,
    port: url.port || (url.protocol === "http:" ? 80 : 443),
    protocol: url.protocol === "http:" ? "http" : "https",
    timeout: options.timeoutMs ?? 10_000,
    // Retries are ours (the reconciler), with our idempotency keys.
    maxNetworkRetries: 0,
  });
}

function providerError(error: unknown): PaymentProviderError {
  const status = (error as { statusCode?: number }).statusCode;
  return new PaymentProviderError("stripe", `Stripe: ${(error as Error).message}`, status);
}

function idOf(value: string | { id: string } | null | undefined) {
  if (!value) return undefined;
  return typeof value === "string" ? value : value.id;
}

export function createStripeGateway(options: StripeOptions): PaymentGateway {
  const stripe = clientOf(options);
  const now = options.now ?? Date.now;
  const tolerance = options.signatureToleranceSeconds ?? stripe.webhooks.DEFAULT_TOLERANCE;

  async function guarded<T>(work: () => Promise<T>) {
    try {
      return await work();
    } catch (error) {
      throw providerError(error);
    }
  }

  /** Refunds of a PaymentIntent that did not fail, added up (`GET /v1/refunds?payment_intent=`). */
  async function refundedOre(paymentIntent: string, account: string) {
    const refunds = await stripe.refunds.list(
      { payment_intent: paymentIntent, limit: 100 },
      { stripeAccount: account },
    );
    return refunds.data
      .filter((refund) => refund.status !== "failed" && refund.status !== "canceled")
      .reduce((sum, refund) => sum + refund.amount, 0);
  }

  /**
   * A session read on the connected account it was made on (`Stripe-Account`): the account asked is the
   * session's merchant, and its `currency` and `amount_total` are the attempt's (decision 0055).
   */
  async function stateOf(session: Stripe.Checkout.Session, account: string): Promise<ProviderPaymentState> {
    const paymentIntent = idOf(session.payment_intent);
    const amount = session.amount_total ?? 0;
    const binding = {
      merchant: account,
      currency: upper(session.currency),
      totalOre: session.amount_total ?? undefined,
    };
    if (session.status === "expired") {
      return { ...binding, status: "expired", authorizedOre: 0, capturedOre: 0, refundedOre: 0 };
    }
    // Checkout captures a card payment at once: `payment_status: "paid"` is money taken.
    if (session.status === "complete" && session.payment_status === "paid" && paymentIntent) {
      const refunded = await refundedOre(paymentIntent, account);
      return {
        ...binding,
        // `refunded` only when all of it went back (a Charge's `refunded` is false after a partial refund).
        status: refundedInFull(amount, refunded) ? "refunded" : "captured",
        authorizedOre: amount,
        capturedOre: amount,
        refundedOre: refunded,
        providerTxId: paymentIntent,
      };
    }
    return { ...binding, status: "created", authorizedOre: 0, capturedOre: 0, refundedOre: 0 };
  }

  async function retrieve(handle: PaymentHandle) {
    if (!handle.sessionId) throw new PaymentProviderError("stripe", "no Checkout Session for this payment");
    return stripe.checkout.sessions.retrieve(handle.sessionId, {}, { stripeAccount: handle.merchant });
  }

  return {
    name: "stripe",

    createPayment(input: CreatePaymentInput): Promise<CreatedPayment> {
      // Checkout Sessions are a page the shopper opens: Stripe has no stall QR or push flow (decision 0077).
      if (input.userFlow && input.userFlow.kind !== "web_redirect") {
        return Promise.reject(
          new PaymentProviderError("stripe", `Stripe takes no ${input.userFlow.kind} payment`, 400),
        );
      }
      return guarded(async () => {
        const lineItems = input.lines.map((line) => ({
          quantity: line.qty,
          price_data: {
            currency: PAYMENT_CURRENCY.toLowerCase(),
            unit_amount: line.unitOre,
            product_data: { name: line.title },
          },
        }));
        const session = await stripe.checkout.sessions.create(
          {
            mode: "payment",
            line_items: lineItems,
            client_reference_id: input.reference,
            metadata: { reference: input.reference },
            success_url: input.returnUrl,
            cancel_url: input.returnUrl,
            // `expires_at`: 30 minutes to 24 hours after creation.
            expires_at: Math.floor(input.expiresAt.getTime() / 1000),
          },
          { stripeAccount: input.merchant, idempotencyKey: input.reference },
        );
        if (!session.url) throw new PaymentProviderError("stripe", "Stripe answered no session url");
        return { redirectUrl: session.url, sessionId: session.id };
      });
    },

    getPayment(handle) {
      return guarded(async () => stateOf(await retrieve(handle), handle.merchant));
    },

    /** Checkout took the money when the shopper paid: there is nothing left to capture. */
    capture(handle) {
      return guarded(async () => stateOf(await retrieve(handle), handle.merchant));
    },

    /** An open session is expired (`POST /v1/checkout/sessions/{id}/expire`): nobody can pay it any more. */
    cancel(handle) {
      return guarded(async () => {
        const session = await retrieve(handle);
        if (session.status !== "open") return stateOf(session, handle.merchant);
        await stripe.checkout.sessions.expire(session.id, {}, { stripeAccount: handle.merchant });
        return { status: "cancelled" as const, authorizedOre: 0, capturedOre: 0, refundedOre: 0 };
      });
    },

    refund(handle, amountOre, idempotencyKey) {
      return guarded(async () => {
        if (!handle.providerTxId) throw new PaymentProviderError("stripe", "no PaymentIntent to refund");
        const refund = await stripe.refunds.create(
          { payment_intent: handle.providerTxId, amount: amountOre },
          { stripeAccount: handle.merchant, idempotencyKey },
        );
        if (refund.status === "failed" || refund.status === "canceled") {
          throw new PaymentProviderError("stripe", `Stripe refund ${refund.status}`);
        }
        return {
          status: "refunded" as const,
          authorizedOre: amountOre,
          capturedOre: amountOre,
          refundedOre: refund.amount,
          providerTxId: handle.providerTxId,
        };
      });
    },

    async parseWebhook(request: WebhookRequest): Promise<PaymentEvent[]> {
      const signature = request.headers["stripe-signature"];
      if (typeof signature !== "string") throw new WebhookSignatureError("Stripe-Signature missing");
      let event: Stripe.Event;
      try {
        // Verifies `t=…,v1=…` (HMAC-SHA256 of "{t}.{raw body}") and that `t` is at most the tolerance old.
        event = stripe.webhooks.constructEvent(
          request.rawBody,
          signature,
          options.webhookSecret,
          tolerance,
          undefined,
          now(),
        );
      } catch (error) {
        throw new WebhookSignatureError((error as Error).message);
      }
      // The package only refuses a `t` too old; one beyond the tolerance in the future is no more
      // Stripe's than one from the past, and would let a captured call be replayed until then.
      if (!(latestSignedAt(signature) - now() / 1000 <= tolerance)) {
        throw new WebhookSignatureError("Timestamp outside the tolerance zone (in the future)");
      }
      const payload = allowListed(event, EVENT_FIELDS);
      // "Each event for a connected account contains a top-level `account` property that identifies the
      // connected account" (Connect webhooks): the merchant the event belongs to.
      const merchant = event.account ?? undefined;
      if (event.type === "checkout.session.completed" || event.type === "checkout.session.expired") {
        const session = event.data.object;
        const paid = event.type === "checkout.session.completed" && session.payment_status === "paid";
        return [
          {
            eventId: event.id,
            name: event.type,
            merchant,
            currency: upper(session.currency),
            totalOre: session.amount_total ?? undefined,
            reference: session.client_reference_id ?? undefined,
            sessionId: session.id,
            providerTxId: idOf(session.payment_intent),
            status: event.type === "checkout.session.expired" ? "expired" : paid ? "captured" : undefined,
            amountOre: session.amount_total ?? undefined,
            payload,
          },
        ];
      }
      if (event.type === "charge.refunded") {
        const charge = event.data.object;
        return [
          {
            eventId: event.id,
            name: event.type,
            merchant,
            currency: upper(charge.currency),
            // A charge's `amount` is what was charged: the whole attempt.
            totalOre: charge.amount,
            providerTxId: idOf(charge.payment_intent),
            status: charge.amount_refunded > 0 ? "refunded" : undefined,
            amountOre: charge.amount_refunded,
            payload,
          },
        ];
      }
      // Other events are acknowledged; they name no attempt of Torg's, so they are not stored either.
      return [{ eventId: event.id, name: event.type, merchant, payload }];
    },
  };
}
