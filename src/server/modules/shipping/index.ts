/**
 * Shipping with a carrier (decision 0079): what other modules may use of it, its front door (decision
 * 0075). The carrier settings, the checkout's shipping options and pick-up points, the booking and
 * labels, and the tracking worker live here; the carriers themselves are adapters/carriers.
 */

export type { ShipmentOrderEffects } from "./booking";
export { priceCarrierDelivery } from "./carrier-delivery";
export { carrierRoutes } from "./carrier-routes";
export { countCarrierQuestion, shippingCheckoutRoutes } from "./checkout-routes";
export { type ShopperShipment, shopperShipment } from "./public-shipment";
export { shipmentRoutes } from "./shipment-routes";
export { shipmentLabelPath, shipmentViewsOf, toShipmentView } from "./shipment-view";
export { type CarrierDelivery, pickupPoints, shippingOptions } from "./shipping-options";
export { carrierFor, readStoreCarrier, type StoreCarrier } from "./store-carrier";
export { TrackingWorker } from "./tracking-worker";
