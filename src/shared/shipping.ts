import { priceField } from "./product";
import { singleLineText } from "./text";
import { z } from "./zod";

/**
 * Shipping with a carrier (decision 0079). A store may connect a carrier account (Bring, through the
 * seller's own Mybring user); its checkout then offers the carrier's services at the carrier's price for
 * the cart's weight (or the seller's own price for a service), with pick-up points, and the seller books
 * the parcel and prints its label from the order. The interface is the carrier's, not Bring's: PostNord
 * or Helthjem fit the same shapes later.
 */
export const CARRIER_PROVIDERS = ["bring"] as const;
export type CarrierProvider = (typeof CARRIER_PROVIDERS)[number];

/**
 * Bring's services Torg offers, by Bring's product code (the Shipping Guide's and Booking's `id`). A
 * pick-up service needs a pick-up point; the others a street address. The names shoppers see are the
 * i18n catalogue's `shipping.service.{code}`.
 */
export const BRING_SERVICES = [
  { code: "5800", pickup: true },
  { code: "3584", pickup: false },
  { code: "5600", pickup: false },
] as const;
export type BringServiceCode = (typeof BRING_SERVICES)[number]["code"];
export const BRING_SERVICE_CODES = BRING_SERVICES.map((service) => service.code) as [
  BringServiceCode,
  ...BringServiceCode[],
];
export const isPickupService = (code: string) =>
  BRING_SERVICES.some((service) => service.code === code && service.pickup);

/** Bring's limit for one parcel of these services is 35 kg; a default weight is a packed piece's. */
export const MAX_PARCEL_GRAMS = 35_000;
/** A packed side longer than this is no parcel any of these services takes. */
export const MAX_SIDE_CM = 240;

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

/** One service the checkout offers for a cart and a postcode (GET/POST /api/stores/{id}/shipping-options). */
export const shippingOptionSchema = z.object({
  service: z.string(),
  name: z.string(),
  /** Whole order's delivery in kroner with two decimals, VAT included; "0.00" when free. */
  price: z.string(),
  /** YYYY-MM-DD as the carrier expects it; null when it did not say. */
  expectedDelivery: z.string().nullable(),
  pickup: z.boolean(),
  source: z.enum(["bring", "seller"]),
});
export type ShippingOption = z.infer<typeof shippingOptionSchema>;
export const shippingOptionListSchema = z.array(shippingOptionSchema);

/**
 * The answer's header when the carrier did not answer in time: the list then holds only the services at
 * the seller's own price, and the checkout says so and offers the store's own delivery options.
 */
export const CARRIER_UNAVAILABLE_HEADER = "x-carrier-unavailable";

/** A pick-up point near a postcode (GET /api/stores/{id}/pickup-points). */
export const pickupPointSchema = z.object({
  id: z.string(),
  name: z.string(),
  address: z.string(),
  postalCode: z.string(),
  city: z.string(),
  openingHours: z.string(),
  distanceKm: z.number().nullable(),
});
export type PickupPoint = z.infer<typeof pickupPointSchema>;
export const pickupPointListSchema = z.array(pickupPointSchema);

/** What an order keeps of the carrier's service chosen at checkout (its name and price are in `delivery`). */
export const orderShippingSchema = z.object({
  carrier: z.enum(CARRIER_PROVIDERS),
  service: z.string(),
  /** Where the price came from: the carrier's price for the cart, or the seller's own for the service. */
  priceSource: z.enum(["bring", "seller"]),
  pickupPoint: z
    .object({
      id: z.string(),
      name: z.string(),
      address: z.string(),
      postalCode: z.string(),
      city: z.string(),
    })
    .nullable(),
  /** YYYY-MM-DD as the shopper was shown it; null when the carrier did not say. */
  expectedDelivery: z.string().nullable(),
});
export type OrderShipping = z.infer<typeof orderShippingSchema>;

/** POST /api/orders `shipping`: a carrier's service (one of the store's) and, for a pick-up service, the point. */
export const shippingChoiceSchema = z.object({
  service: z.enum(BRING_SERVICE_CODES, "errors.carrierServiceInvalid"),
  pickupPointId: singleLineText("errors.pickupPointRequired")
    .min(1, "errors.pickupPointRequired")
    .max(40, "errors.pickupPointRequired")
    .optional(),
});
export type ShippingChoice = z.infer<typeof shippingChoiceSchema>;

/** What the carrier's tracking says, in Torg's words; `delivered` and `returned` end the tracking. */
export const TRACKING_STATES = [
  "booked",
  "in_transit",
  "ready_for_pickup",
  "delivered",
  "returned",
  "exception",
] as const;
export type TrackingState = (typeof TRACKING_STATES)[number];

export const trackingEventSchema = z.object({
  /** ISO time of the event. */
  at: z.string(),
  state: z.enum(TRACKING_STATES),
  /** The carrier's own words for it. */
  description: z.string(),
  /** "0150 OSLO" or null. */
  place: z.string().nullable(),
});
export type TrackingEvent = z.infer<typeof trackingEventSchema>;

/** An order's booked parcel, for the seller's order dialog and (without the label) the shopper's order page. */
export const shipmentViewSchema = z.object({
  carrier: z.enum(CARRIER_PROVIDERS),
  service: z.string(),
  trackingNumber: z.string(),
  trackingUrl: z.string(),
  /** The label PDF (seller only). */
  labelUrl: z.string().optional(),
  bookedAt: z.string(),
  state: z.enum(TRACKING_STATES),
  events: z.array(trackingEventSchema),
  deliveredAt: z.string().nullable(),
});
export type ShipmentView = z.infer<typeof shipmentViewSchema>;

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

/**
 * The cart's parcel weight in grams: each line's product weight (or the store's default) times its
 * quantity. One rule for the shipping options, the order's re-pricing and the booking.
 */
export function parcelWeightGrams(
  lines: readonly { qty: number; weightGrams: number | null }[],
  defaultWeightGrams: number,
): number {
  return lines.reduce((sum, line) => sum + (line.weightGrams ?? defaultWeightGrams) * line.qty, 0);
}
