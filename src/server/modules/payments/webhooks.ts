import { and, eq, or } from "drizzle-orm";
import type { PaymentProvider } from "../../../shared/payment";
import type { PaymentEvent, WebhookRequest } from "../../adapters/payments";
import { WebhookSignatureError } from "../../adapters/payments";
import { paymentEvents, payments } from "../../db/schema";
import { HttpError } from "../../lib/http-error";
import { refusalOf } from "./binding";
import { applyProviderState, type PaymentContext, refreshPayment } from "./state";

/** The attempt an event is about: by our reference, Stripe's session, or the provider's transaction id. */
async function paymentOf(ctx: PaymentContext, provider: PaymentProvider, event: PaymentEvent) {
  const keys = [
    event.reference ? eq(payments.reference, event.reference) : undefined,
    event.sessionId ? eq(payments.providerSessionId, event.sessionId) : undefined,
    event.providerTxId ? eq(payments.providerTxId, event.providerTxId) : undefined,
  ].filter((key) => key !== undefined);
  if (keys.length === 0) return undefined;
  const [row] = await ctx.db
    .select()
    .from(payments)
    .where(and(eq(payments.provider, provider), or(...keys)))
    .limit(1);
  return row;
}

/** What an event proves about amounts, in the shape a provider read has. */
function stateOfEvent(event: PaymentEvent) {
  const amount = event.amountOre;
  switch (event.status) {
    case "authorized":
      return { status: event.status, authorizedOre: amount, providerTxId: event.providerTxId };
    case "captured":
      return { status: event.status, capturedOre: amount, providerTxId: event.providerTxId };
    default:
      return { status: event.status };
  }
}

/**
 * One webhook call (decision 0034): verified first (a bad or stale signature is a 401 and changes
 * nothing), then each event about one of Torg's attempts recorded once under its unique (provider,
 * event id); a replay finds it there and does nothing. An event about no attempt of Torg's (a Stripe
 * `customer.created`, a reference we never made) is not stored at all (decision 0055). An event that
 * is not the attempt's own merchant, currency and amount is recorded as refused, with why, and moves
 * nothing (refusalOf). Otherwise it moves its payment only forward (applyProviderState). An event that
 * could not be applied is not kept as recorded, so the provider's retry applies it.
 */
export async function handleWebhook(ctx: PaymentContext, provider: PaymentProvider, request: WebhookRequest) {
  const gateway = ctx.gateways[provider];
  if (!gateway) throw new HttpError(404, "routeNotFound", { method: "POST", url: request.pathAndQuery });
  let events: PaymentEvent[];
  try {
    events = await gateway.parseWebhook(request);
  } catch (error) {
    if (error instanceof WebhookSignatureError) {
      ctx.log.warn({ provider, reason: error.message }, "payment webhook refused");
      throw new HttpError(401, "webhookSignatureInvalid");
    }
    throw error;
  }
  let applied = 0;
  let refused = 0;
  for (const event of events) {
    const payment = await paymentOf(ctx, provider, event);
    if (!payment) continue;
    const reason = refusalOf(payment, event);
    const [recorded] = await ctx.db
      .insert(paymentEvents)
      .values({
        provider,
        eventId: event.eventId,
        paymentId: payment.id,
        name: event.name,
        payload: event.payload,
        outcome: reason ? "refused" : "accepted",
        refusedReason: reason ?? null,
      })
      .onConflictDoNothing()
      .returning({ id: paymentEvents.id });
    if (!recorded) continue;
    if (reason) {
      refused += 1;
      ctx.log.warn(
        {
          provider,
          eventId: event.eventId,
          event: event.name,
          paymentId: payment.id,
          reason,
          eventMerchant: event.merchant ?? null,
          eventCurrency: event.currency ?? null,
          eventTotalOre: event.totalOre ?? null,
          eventAmountOre: event.amountOre ?? null,
        },
        "payment event refused: not this payment's merchant, reference, currency or amount",
      );
      continue;
    }
    if (!event.status) continue;
    try {
      // A refund event says money went back, not reliably how much in all: the Vipps `WebhookEvent`'s
      // `amount` is not documented as the total (the ePayment guide asks to GET the payment rather than
      // rely on webhooks), so the provider's totals are read (`aggregate`, Stripe's refunds) (0056).
      // The shopper hears of a refund made at the provider from applyProviderState (decision 0064).
      if (event.status === "refunded") await refreshPayment(ctx, payment);
      else await applyProviderState(ctx, payment.id, stateOfEvent(event));
    } catch (error) {
      // Not applied (the database went away between the two): forget the event, so that the provider's
      // retry of this call, which our 5xx asks for, applies it instead of finding it done. Applying an
      // event twice is harmless (states only move forward); losing one is not.
      await ctx.db
        .delete(paymentEvents)
        .where(eq(paymentEvents.id, recorded.id))
        .catch(() => undefined);
      throw error;
    }
    applied += 1;
  }
  return { received: events.length, applied, refused };
}
