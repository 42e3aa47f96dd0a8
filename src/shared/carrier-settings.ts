import { priceField } from "./product";
import {
  BRING_SERVICE_CODES,
  BRING_SERVICES,
  CARRIER_PROVIDERS,
  MAX_PARCEL_GRAMS,
  MAX_SIDE_CM,
} from "./shipping";
import { singleLineText } from "./text";
import { z } from "./zod";

/**
 * The seller's side of shipping with a carrier (decision 0079): the carrier account form, product
 * weights and the label batch. Kept apart from shipping.ts, which the shop's checkout and order page
 * bundle: a shopper's page carries none of these messages.
 */

const postalCode = singleLineText("errors.postcodeInvalid").regex(/^\d{4}$/, "errors.postcodeInvalid");

/** Where parcels are sent from: printed on every label. */
export const senderAddressSchema = z.object({
  name: singleLineText("errors.senderNameRequired")
    .min(1, "errors.senderNameRequired")
    .max(100, "errors.textTooLong"),
  street: singleLineText("errors.streetRequired")
    .min(2, "errors.streetRequired")
    .max(200, "errors.textTooLong"),
  postalCode,
  city: singleLineText("errors.cityRequired").min(2, "errors.cityRequired").max(100, "errors.textTooLong"),
});
export type SenderAddress = z.infer<typeof senderAddressSchema>;

/** A service the checkout offers; `price` set: the seller's own price, else the carrier's for the cart. */
export const carrierServiceSchema = z.object({
  code: z.enum(BRING_SERVICE_CODES, "errors.carrierServiceInvalid"),
  price: priceField().nullable().optional(),
});
export type CarrierService = z.infer<typeof carrierServiceSchema>;

export const weightGramsField = () =>
  z
    .number("errors.weightInvalid")
    .int("errors.weightInvalid")
    .min(1, "errors.weightInvalid")
    .max(MAX_PARCEL_GRAMS, "errors.weightTooHigh");

export const sideCmField = () =>
  z
    .number("errors.dimensionInvalid")
    .int("errors.dimensionInvalid")
    .min(1, "errors.dimensionInvalid")
    .max(MAX_SIDE_CM, "errors.dimensionInvalid");

/**
 * PUT /api/stores/{id}/carrier: the account, the sender and the services. `apiKey` left out keeps the
 * key saved before (it is never read back, so a form cannot send it again); required the first time.
 */
export const carrierSettingsSchema = z.object({
  provider: z.enum(CARRIER_PROVIDERS, "errors.carrierProviderInvalid"),
  apiUid: singleLineText("errors.carrierUidRequired")
    .min(3, "errors.carrierUidRequired")
    .max(200, "errors.textTooLong"),
  apiKey: singleLineText("errors.carrierKeyRequired")
    .min(8, "errors.carrierKeyRequired")
    .max(200, "errors.textTooLong")
    .optional(),
  customerNumber: singleLineText("errors.customerNumberRequired")
    .min(1, "errors.customerNumberRequired")
    .max(40, "errors.textTooLong"),
  sender: senderAddressSchema,
  services: z
    .array(carrierServiceSchema, "errors.invalidInput")
    .min(1, "errors.carrierServicesRequired")
    .max(BRING_SERVICES.length, "errors.carrierServicesRequired")
    .refine(
      (services) => new Set(services.map((s) => s.code)).size === services.length,
      "errors.carrierServiceInvalid",
    ),
  defaultWeightGrams: weightGramsField(),
  freeAbove: priceField().nullable().optional(),
  fulfilOnDelivery: z.boolean("errors.invalidInput").optional(),
});
export type CarrierSettingsInput = z.infer<typeof carrierSettingsSchema>;

/** GET (and the PUT's answer): everything but the key, which is never read back. */
export const carrierSettingsViewSchema = z.object({
  provider: z.enum(CARRIER_PROVIDERS),
  apiUid: z.string(),
  customerNumber: z.string(),
  sender: senderAddressSchema,
  services: z.array(z.object({ code: z.enum(BRING_SERVICE_CODES), price: z.string().nullable() })),
  defaultWeightGrams: z.number(),
  freeAbove: z.string().nullable(),
  fulfilOnDelivery: z.boolean(),
  updatedAt: z.string(),
});
export type CarrierSettingsView = z.infer<typeof carrierSettingsViewSchema>;

/** POST /api/orders/{id}/shipment's answer. */
export const bookedShipmentSchema = z.object({
  trackingNumber: z.string(),
  trackingUrl: z.string(),
  labelUrl: z.string(),
});

/** POST /api/stores/{id}/shipments/labels: the orders whose labels go into one PDF. */
export const MAX_LABELS_PER_PDF = 50;
export const labelBatchSchema = z.object({
  orderIds: z
    .array(z.string().uuid("errors.orderNotFound"), "errors.invalidInput")
    .min(1, "errors.labelOrdersRequired")
    .max(MAX_LABELS_PER_PDF, "errors.tooManyLabels"),
});

/**
 * A whole number as JSON sends it, or as a form or multipart field sends it: text, "" for none. Text
 * that is no whole number goes on as text, so the field's own rule refuses it with its own message.
 */
const wholeNumberOrText = (field: z.ZodType<number, number>, message: string) =>
  z
    .union([z.number(), z.string(), z.null()], message)
    .transform((value) => {
      if (typeof value !== "string") return value;
      const text = value.trim();
      if (text === "") return null;
      return /^\d{1,9}$/.test(text) ? Number(text) : text;
    })
    .pipe(field.nullable());

/**
 * A product's packed weight and size, on the seller's product form and API (null or "": not given;
 * absent: unchanged). Seller-only: the public product view never carries them.
 */
export const productShippingSchema = z.object({
  weightGrams: wholeNumberOrText(weightGramsField(), "errors.weightInvalid").optional(),
  lengthCm: wholeNumberOrText(sideCmField(), "errors.dimensionInvalid").optional(),
  widthCm: wholeNumberOrText(sideCmField(), "errors.dimensionInvalid").optional(),
  heightCm: wholeNumberOrText(sideCmField(), "errors.dimensionInvalid").optional(),
});
export type ProductShippingInput = z.infer<typeof productShippingSchema>;
