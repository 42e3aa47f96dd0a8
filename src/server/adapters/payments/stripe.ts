import Stripe from "stripe";
import { refundedInFull } from "../../../shared/payment";
import {
  type CreatedPayment,
  type CreatePaymentInput,
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
}

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

  async function stateOf(session: Stripe.Checkout.Session, account: string): Promise<ProviderPaymentState> {
    const paymentIntent = idOf(session.payment_intent);
    const amount = session.amount_total ?? 0;
    if (session.status === "expired") {
      return { status: "expired", authorizedOre: 0, capturedOre: 0, refundedOre: 0 };
    }
    // Checkout captures a card payment at once: `payment_status: "paid"` is money taken.
    if (session.status === "complete" && session.payment_status === "paid" && paymentIntent) {
      const refunded = await refundedOre(paymentIntent, account);
      return {
        // `refunded` only when all of it went back (a Charge's `refunded` is false after a partial refund).
        status: refundedInFull(amount, refunded) ? "refunded" : "captured",
        authorizedOre: amount,
        capturedOre: amount,
        refundedOre: refunded,
        providerTxId: paymentIntent,
      };
    }
    return { status: "created", authorizedOre: 0, capturedOre: 0, refundedOre: 0 };
  }

  async function retrieve(handle: PaymentHandle) {
    if (!handle.sessionId) throw new PaymentProviderError("stripe", "no Checkout Session for this payment");
    return stripe.checkout.sessions.retrieve(handle.sessionId, {}, { stripeAccount: handle.merchant });
  }

  return {
    name: "stripe",

    createPayment(input: CreatePaymentInput): Promise<CreatedPayment> {
      return guarded(async () => {
        const lineItems = input.lines.map((line) => ({
          quantity: line.qty,
          price_data: { currency: "nok", unit_amount: line.unitOre, product_data: { name: line.title } },
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
        // Verifies `t=…,v1=…` (HMAC-SHA256 of "{t}.{raw body}") and the timestamp (300 s tolerance).
        event = stripe.webhooks.constructEvent(request.rawBody, signature, options.webhookSecret);
      } catch (error) {
        throw new WebhookSignatureError((error as Error).message);
      }
      const payload = event as unknown as Record<string, unknown>;
      if (event.type === "checkout.session.completed" || event.type === "checkout.session.expired") {
        const session = event.data.object;
        const paid = event.type === "checkout.session.completed" && session.payment_status === "paid";
        return [
          {
            eventId: event.id,
            name: event.type,
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
            providerTxId: idOf(charge.payment_intent),
            status: charge.amount_refunded > 0 ? "refunded" : undefined,
            amountOre: charge.amount_refunded,
            payload,
          },
        ];
      }
      // Other events are acknowledged and recorded; they move nothing.
      return [{ eventId: event.id, name: event.type, payload }];
    },
  };
}
