/** What other modules may use of the market module: its front door (decision 0075). */

export { getReceiptByToken, getSaleReceipt } from "./receipt-document";
export { thresholdRoutes } from "./threshold-routes";
export { getStoreThresholds } from "./thresholds";
