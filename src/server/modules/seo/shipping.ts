import { type DeliveryOptionView, deliveryPrice } from "../../../shared/delivery";
import { twoDecimals } from "./feed-items";

/**
 * What the feeds say about delivery, from the store's own delivery options (decision 0036).
 *
 * Google's "Shipping [shipping]" attribute (support.google.com/merchants/answer/6324484): it "lets you
 * provide shipping speed and cost for a product. Use this attribute when the shipping settings aren't
 * defined at account level in Merchant Center". "Shipping covers the cost charged by a shipping carrier
 * or other costs directly related to shipping", with the sub-attributes country ("Required", "an
 * ISO 3166-1 country code"), service (the service class or delivery speed) and price. So:
 *
 * - each parcel option is one `g:shipping` to NO, its name as the service, and the price a shopper
 *   buying this one item pays: the option's price, or 0.00 when the item alone reaches its free-above
 *   amount (deliveryPrice, the checkout's own rule);
 * - a pickup option is not shipping (no carrier, no cost "directly related to shipping"), and a store
 *   that only has pickup gets no `g:shipping`: the documentation lets the seller define shipping "at
 *   account level in Merchant Center" instead, which is what Torg's settings card cannot do for them;
 * - Bring's carrier prices (decision 0079) depend on the shopper's postcode, so they are not a fixed
 *   price a feed can state; they are left to the account level too;
 * - a free-above rule becomes Google's "Free shipping threshold [free_shipping_threshold]"
 *   (support.google.com/merchants/answer/14768922: "the minimum order cost above which shipping is
 *   free", sub-attributes country and price_threshold) only when the store has exactly one parcel
 *   option: Google asks that the shipping attribute then "exclusively represents a single service level
 *   for a single country", because the threshold "is applied to all shipping [shipping] attributes for
 *   an offer in a given country". With several parcel options the item's own price above is all it says.
 */
export const SHIPPING_COUNTRY = "NO";

export interface ShippingRate {
  country: string;
  service: string;
  /** "99.00" */
  price: string;
}

export interface FreeShippingThreshold {
  country: string;
  /** "500.00" */
  priceThreshold: string;
}

const parcels = (options: readonly DeliveryOptionView[]) =>
  options.filter((option) => option.kind === "parcel");

/** The parcel options as rates for one item at `itemPrice` ("349.00"). */
export function shippingRates(options: readonly DeliveryOptionView[], itemPrice: string): ShippingRate[] {
  return parcels(options).map((option) => ({
    country: SHIPPING_COUNTRY,
    service: option.name,
    price: twoDecimals(deliveryPrice(option, itemPrice)),
  }));
}

/** The store's free-above amount, when one parcel option is all it ships with and it has one. */
export function freeShippingThreshold(
  options: readonly DeliveryOptionView[],
): FreeShippingThreshold | undefined {
  const [only, ...others] = parcels(options);
  if (!only || others.length > 0 || only.freeAbove === null) return undefined;
  return { country: SHIPPING_COUNTRY, priceThreshold: twoDecimals(only.freeAbove) };
}
