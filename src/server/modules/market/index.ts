/** The market stall (decision 0077): what other modules may use of it, its front door (decision 0075). */
export { marketCatalogue } from "./catalogue";
export { listSales } from "./list";
export { getReceiptByToken, getSaleReceipt } from "./receipt-document";
export { receiptRoutes } from "./receipt-routes";
export { marketReportRoutes } from "./report-routes";
export { marketRoutes } from "./routes";
export {
  getSaleView,
  readSaleParts,
  receiptUrlOf,
  type SaleParts,
  saleStatusOf,
  toSaleView,
} from "./sale-view";
export { createSale, type SaleAnswer, type SaleDeps, type SaleRequest } from "./sales";
export { thresholdRoutes } from "./threshold-routes";
export { getStoreThresholds } from "./thresholds";
export { marketVippsRoutes } from "./vipps-routes";
