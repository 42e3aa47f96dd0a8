import { expectedUpdatedAtField } from "./versioning";
import { z } from "./zod";

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

/** DELETE /api/stores/{id}/payment-channels/{provider} may name the version the form showed. */
export const removePaymentChannelSchema = z.object({ expectedUpdatedAt: expectedUpdatedAtField }).nullish();

export const paymentChannelViewSchema = z.object({
  id: z.string(),
  storeId: z.string(),
  provider: z.enum(PAYMENT_PROVIDERS),
  externalId: z.string(),
  isLive: z.boolean(),
  verifiedAt: z.string().nullable(),
  /** The version a form sends back as `expectedUpdatedAt`. */
  updatedAt: z.string(),
});
export type PaymentChannelView = z.infer<typeof paymentChannelViewSchema>;
