/** What other modules may use of the orders module: its front door (decision 0075). */
export { HELD_UNTIL } from "./held-messages";
export { orderEffects } from "./payment-effects";
export { giveBackDiscountUse } from "./price-rules";
export { getPublicOrder } from "./public-order";
export { publicOrderRoutes } from "./public-routes";
export { type IssuedReceipt, issueReceipt, issueReceiptsPrepared, type ReceiptToIssue } from "./receipts";
export { countsAsRevenue, monthRevenue, orderRevenueSql, REVENUE_STATUSES } from "./revenue";
export { orderRoutes } from "./routes";
export { countOrders, listOrders, toOrderItemView, toOrderView } from "./service";
export { shipmentOrderEffects } from "./shipment-effects";
export { returnItemStock } from "./stock";
