/** The market stall's seller pages (issue 30): the public entry of the market feature (decision 0027). */
export { MarketReportPage } from "./report";
export { MarketSalesPage } from "./sales";
