/**
 * The market stall's public entry (decision 0077): the market screen at /stores/{id}/market, the store
 * choice at /market (the mobile menu's link), the seller's stall sales and day report pages, the receipt's
 * actions after a sale, and the notice of the cash-register rules and the MVA threshold.
 */

export { ReceiptActions } from "./receipt";
export { MarketReportPage } from "./report";
export { MarketSalesPage } from "./sales";
export { MarketScreen } from "./screen/market-screen";
export { MarketStoreChoice } from "./screen/market-store-choice";
export { ThresholdsNotice } from "./thresholds";
