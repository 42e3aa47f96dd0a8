import { normalizePrice, toOre } from "./money";
import { priceField } from "./product";
import { multiLineText, singleLineText } from "./text";
import { z } from "./zod";

/**
 * Delivery options per store (decision 0036): pickup (no address asked; the note says where and when)
 * or a parcel (street, a 4-digit postcode and city). Prices are whole kroner including VAT; an option is
 * free when the order's lines add up to at least its `freeAbove`.
 */
export const DELIVERY_KINDS = ["pickup", "parcel"] as const;
export type DeliveryKind = (typeof DELIVERY_KINDS)[number];
export const MAX_DELIVERY_OPTIONS = 10;

export const deliveryOptionSchema = z.object({
  id: z.string().uuid("errors.deliveryOptionInvalid").optional(),
  name: singleLineText("errors.deliveryNameRequired")
    .min(1, "errors.deliveryNameRequired")
    .max(80, "errors.textTooLong"),
  kind: z.enum(DELIVERY_KINDS, "errors.deliveryKindInvalid"),
  price: priceField(),
  freeAbove: priceField().nullable().optional(),
  note: multiLineText().max(500, "errors.textTooLong").nullable().optional(),
});
export type DeliveryOptionInput = z.infer<typeof deliveryOptionSchema>;

/** PUT /api/stores/{id}/delivery-options: the whole list, in the order shoppers see it. */
export const deliveryOptionsSchema = z
  .array(deliveryOptionSchema, "errors.invalidInput")
  .max(MAX_DELIVERY_OPTIONS, "errors.tooManyDeliveryOptions");

export const deliveryOptionViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(DELIVERY_KINDS),
  price: z.string(),
  freeAbove: z.string().nullable(),
  note: z.string().nullable(),
});
export type DeliveryOptionView = z.infer<typeof deliveryOptionViewSchema>;
export const deliveryOptionListSchema = z.array(deliveryOptionViewSchema);

/** What an order keeps of its delivery: a copy, so a later edit of the option changes nothing. */
export const orderDeliverySchema = z.object({
  name: z.string(),
  kind: z.enum(DELIVERY_KINDS),
  /** What the shopper paid for it ("0.00" when it was free). */
  price: z.string(),
});
export type OrderDelivery = z.infer<typeof orderDeliverySchema>;

/** Free delivery: lines adding up to at least the option's threshold (in øre) ship for nothing. */
export function deliveryIsFree(freeAboveOre: number | null, linesOre: number): boolean {
  return freeAboveOre !== null && linesOre >= freeAboveOre;
}

/** The price of an option for lines adding up to `linesGross`: free at or above its threshold. */
export function deliveryPrice(
  option: Pick<DeliveryOptionView, "price" | "freeAbove">,
  linesGross: string,
): string {
  if (deliveryIsFree(option.freeAbove === null ? null : toOre(option.freeAbove), toOre(linesGross)))
    return "0.00";
  return normalizePrice(option.price) ?? option.price;
}

/** A parcel's address: street, a Norwegian postcode (4 digits) and city. Checkout and server use it. */
export const parcelAddressSchema = z.object({
  street: singleLineText("errors.streetRequired")
    .min(2, "errors.streetRequired")
    .max(200, "errors.textTooLong"),
  post: singleLineText("errors.postcodeInvalid").regex(/^\d{4}$/, "errors.postcodeInvalid"),
  city: singleLineText("errors.cityRequired").min(2, "errors.cityRequired").max(100, "errors.textTooLong"),
});
export type ParcelAddress = z.infer<typeof parcelAddressSchema>;
