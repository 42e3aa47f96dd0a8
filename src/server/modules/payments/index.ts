/**
 * What the payments module offers the rest of the server: starting and reading an order's payment,
 * the money that follows a seller's fulfil or cancel (decision 0034), and the views of an attempt.
 */
export { PaymentProviderError } from "../../adapters/payments";
export { paymentRoutes } from "./routes";
export {
  offeredProviders,
  paymentOfOrder,
  returnOrderMoney,
  sellerView,
  shopperView,
  startPayment,
} from "./service";
export { readAttemptUnderWay, STALL_READ_INTERVAL_MS, stopAttemptUnderWay } from "./stall";
export {
  capturePayment,
  latestPayment,
  type OrderEffects,
  PAID_STATUSES,
  type PaymentContext,
  STALL_ATTEMPT_MS,
  stallRequestExpiresAt,
  VIPPS_REQUEST_LIFETIME_MS,
} from "./state";
export { vippsSecretFor } from "./vipps-webhooks";
export { PaymentWorker } from "./worker";
