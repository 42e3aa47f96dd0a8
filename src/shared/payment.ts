import { fromOre, toOre } from "./money";
import { expectedUpdatedAtField } from "./versioning";
import { z } from "./zod";

/**
 * The account holder's password, asked for when a save changes where a store's money goes. No password
 * is longer (sign-up's limit); its message is one the shop page, which bundles this file, already has.
 */
const currentPasswordField = z.string().max(200, "errors.invalidInput").optional();

export const PAYMENT_PROVIDERS = ["vipps", "stripe"] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];

/** Vipps MobilePay merchant serial numbers are digits; Stripe connected accounts are acct_ plus letters and digits. */
export const VIPPS_MERCHANT_PATTERN = /^\d{4,10}$/;
export const STRIPE_ACCOUNT_PATTERN = /^acct_[A-Za-z0-9]{6,64}$/;

export const paymentChannelSchema = z
  .object({
    provider: z.enum(PAYMENT_PROVIDERS, "errors.providerInvalid"),
    externalId: z.string("errors.invalidInput").trim().max(80, "errors.invalidInput"),
    isLive: z.boolean("errors.invalidInput").default(false),
    /** The channel's `updatedAt` the form was filled from; null when it showed none for this provider. */
    expectedUpdatedAt: expectedUpdatedAtField.nullable(),
    /** Needed when `externalId` is not the channel's saved one: where the money goes (decision 0058). */
    currentPassword: currentPasswordField,
  })
  .superRefine((channel, ctx) => {
    const ok =
      channel.provider === "vipps"
        ? VIPPS_MERCHANT_PATTERN.test(channel.externalId)
        : STRIPE_ACCOUNT_PATTERN.test(channel.externalId);
    if (!ok) {
      ctx.addIssue({
        code: "custom",
        path: ["externalId"],
        message: channel.provider === "vipps" ? "errors.vippsIdInvalid" : "errors.stripeIdInvalid",
      });
    }
  });
export type PaymentChannelInput = z.infer<typeof paymentChannelSchema>;

/**
 * DELETE /api/stores/{id}/payment-channels/{provider} may name the version the form showed. Removing a
 * channel needs the current password, as changing its account does (decision 0058).
 */
export const removePaymentChannelSchema = z
  .object({ expectedUpdatedAt: expectedUpdatedAtField, currentPassword: currentPasswordField })
  .nullish();

export const paymentChannelViewSchema = z.object({
  id: z.string(),
  storeId: z.string(),
  provider: z.enum(PAYMENT_PROVIDERS),
  externalId: z.string(),
  isLive: z.boolean(),
  /** The version a form sends back as `expectedUpdatedAt`. */
  updatedAt: z.string(),
});
export type PaymentChannelView = z.infer<typeof paymentChannelViewSchema>;

/** A payment attempt's status (decision 0034): it only ever moves forward. */
export const PAYMENT_STATUSES = [
  "created",
  "authorized",
  "captured",
  "cancelled",
  "refunded",
  "expired",
  "failed",
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/**
 * Attempt statuses in which the shopper's money never arrived or was let go. An order whose latest
 * attempt is one of these is not paid: it becomes paid only from a verified provider event or a provider
 * read, never by hand, so a seller cannot move it to paid or fulfilled (decision 0034). `refunded` is not
 * here: that money was taken first, and what the seller gave back at the provider is their decision.
 */
export const UNPAID_PAYMENT_STATUSES = ["created", "cancelled", "expired", "failed"] as const;

/** The order statuses only the provider may lead to while an order's online payment is unpaid. */
export const PROVIDER_ONLY_ORDER_STATUSES = ["paid", "fulfilled"] as const;

/** The order's latest attempt is online and unpaid (no attempt: the manual flow, nothing waits). */
export function awaitsOnlinePayment(payment: { status: PaymentStatus } | null | undefined): boolean {
  return Boolean(payment && (UNPAID_PAYMENT_STATUSES as readonly PaymentStatus[]).includes(payment.status));
}

/** The payment a checkout or the shopper's order page shows: where to pay, and how far it got. */
export const shopperPaymentSchema = z.object({
  provider: z.enum(PAYMENT_PROVIDERS),
  status: z.enum(PAYMENT_STATUSES),
  /** The provider's page to send the shopper to while the payment waits for them; else null. */
  redirectUrl: z.string().nullable(),
  /** Why the provider could not be reached, in the shopper's language; the order is kept. */
  message: z.string().optional(),
});
export type ShopperPayment = z.infer<typeof shopperPaymentSchema>;

/**
 * Whether all the money taken has been given back (decision 0056): only then is a payment `refunded`. A
 * partial refund (the seller gave 10 kr of 300 kr back at the provider) leaves it `captured`, with the
 * amount refunded so far, and cancelling the order refunds the rest.
 */
export function refundedInFull(capturedOre: number, refundedOre: number): boolean {
  return refundedOre > 0 && refundedOre >= capturedOre;
}

/** What was given back of what was taken, in kroner as decimal strings (decision 0007). */
export const refundSchema = z.object({
  refunded: z.string(),
  of: z.string(),
  /** What is still the seller's: a cancel refunds it. */
  rest: z.string(),
  inFull: z.boolean(),
});
export type Refund = z.infer<typeof refundSchema>;

/** "Refunded 10 kr of 300 kr": the refund of a payment, or null when nothing was given back. */
export function refundOf(payment: { capturedAmount: string; refundedAmount: string }): Refund | null {
  const refundedOre = toOre(payment.refundedAmount);
  if (refundedOre === 0) return null;
  const capturedOre = toOre(payment.capturedAmount);
  return {
    refunded: payment.refundedAmount,
    of: payment.capturedAmount,
    rest: fromOre(Math.max(0, capturedOre - refundedOre)),
    inFull: refundedInFull(capturedOre, refundedOre),
  };
}

/** GET /api/orders/by-token/{token}/payment: the order's state and its latest payment attempt. */
export const orderPaymentStateSchema = z.object({
  orderStatus: z.enum(["pending", "paid", "fulfilled", "cancelled"]),
  payment: shopperPaymentSchema.nullable(),
  /**
   * Whether the shopper can start a new attempt: the order waits for payment, none is under way, and
   * the time to pay (counted from when the order was placed, decision 0056) has not run out.
   */
  canRetry: z.boolean(),
  /**
   * Whether the shopper can cancel the order herself (decision 0063): it waits for an online payment
   * and none is reserved or taken.
   */
  canCancel: z.boolean(),
  /**
   * Whether the order still holds its stock for the shopper; false once its attempt ended unpaid and the
   * stock went back (Pay now takes it again if it is still there).
   */
  holdsStock: z.boolean(),
  /** What the seller gave back of the payment, in part or in full; null when nothing. */
  refund: refundSchema.nullable(),
});
export type OrderPaymentState = z.infer<typeof orderPaymentStateSchema>;

/** POST /api/orders/by-token/{token}/payment: try again, with the same or another live channel. */
export const retryPaymentSchema = z
  .object({ provider: z.enum(PAYMENT_PROVIDERS, "errors.providerInvalid").optional() })
  .nullish();

/** The payment in the seller's order dialog and lists: amounts in kroner as decimal strings (decision 0007). */
export const sellerPaymentViewSchema = z.object({
  provider: z.enum(PAYMENT_PROVIDERS),
  status: z.enum(PAYMENT_STATUSES),
  amount: z.string(),
  capturedAmount: z.string(),
  refundedAmount: z.string(),
  authorisedAt: z.string().nullable(),
});
export type SellerPaymentView = z.infer<typeof sellerPaymentViewSchema>;

/** Whether a store's channel can take payments now, and why not (Payment settings). */
export type ChannelReadiness = "ok" | "noPlatformKeys" | "notLive" | "notConfigured";

/** GET /api/stores/{id}/payment-methods: what the checkout offers, Vipps first. */
export const paymentMethodsSchema = z.object({
  providers: z.array(z.enum(PAYMENT_PROVIDERS)),
  /** How long an order paid online holds its pieces while the shopper pays (PAYMENT_EXPIRY_MINUTES). */
  holdMinutes: z.number().int(),
  /**
   * The countries (ISO codes) whose numbers get the order's texts (SMS_ALLOWED_COUNTRIES): the checkout
   * tells a shopper with another number that her confirmation comes by e-mail alone (decision 0068).
   */
  textCountries: z.array(z.string()),
});
export type PaymentMethods = z.infer<typeof paymentMethodsSchema>;
