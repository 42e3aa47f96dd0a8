/**
 * Shipping with a carrier (decision 0079): what other modules may use of it, its front door (decision
 * 0075). The carrier settings, the checkout's shipping options and pick-up points, the booking and
 * labels, and the tracking worker live here; the carriers themselves are adapters/carriers.
 */

export { priceCarrierDelivery } from "./carrier-delivery";
export { carrierRoutes } from "./carrier-routes";
export { countCarrierQuestion, shippingCheckoutRoutes } from "./checkout-routes";
export { type CarrierDelivery, pickupPoints, shippingOptions } from "./shipping-options";
export { carrierFor, readStoreCarrier, type StoreCarrier } from "./store-carrier";
