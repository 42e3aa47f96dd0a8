/** Checkout (decision 0071): placing an order, from the request to the payment's start. */
export { type CheckoutDeps, type CheckoutRequest, checkout } from "./checkout";
export { type OrderPlacement, placeOrder } from "./place-order";
export { checkoutRoutes } from "./routes";
export {
  placeStallSale,
  type StallLine,
  type StallSaleOutcome,
  type StallSaleToPlace,
} from "./stall-sale";
