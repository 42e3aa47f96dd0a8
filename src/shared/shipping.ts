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
  // Bring's service table: 5800 "Pakke til hentested" (Pickup Parcel, 35 kg), 3584 "Pakke i postkassen"
  // (Mailbox parcel, 5 kg), 5600 "Pakke levert hjem" (Home Delivery, 35 kg).
  { code: "5800", pickup: true, maxGrams: 35_000 },
  { code: "3584", pickup: false, maxGrams: 5_000 },
  { code: "5600", pickup: false, maxGrams: 35_000 },
] as const;
export type BringServiceCode = (typeof BRING_SERVICES)[number]["code"];
export const BRING_SERVICE_CODES = BRING_SERVICES.map((service) => service.code) as [
  BringServiceCode,
  ...BringServiceCode[],
];
export const isPickupService = (code: string) =>
  BRING_SERVICES.some((service) => service.code === code && service.pickup);

/** Whether a parcel of this weight fits the service (a mailbox parcel takes at most 5 kg). */
export const serviceTakesWeight = (code: string, grams: number) =>
  BRING_SERVICES.some((service) => service.code === code && grams <= service.maxGrams);

/** The heaviest parcel any of these services takes; a default weight is one packed piece's. */
export const MAX_PARCEL_GRAMS = 35_000;
/** A packed side longer than this is no parcel any of these services takes. */
export const MAX_SIDE_CM = 240;

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
      /** As the carrier worded them when the shopper chose; absent on orders placed before they were kept. */
      openingHours: z.string().optional(),
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
