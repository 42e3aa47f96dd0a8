/**
 * The market stall's public entry (decision 0077): the market screen at /stores/{id}/market, the store
 * choice at /market (the mobile menu's link), and the seller's stall sales and day report pages.
 */
export { MarketReportPage } from "./report";
export { MarketSalesPage } from "./sales";
export { MarketScreen } from "./screen/market-screen";
export { MarketStoreChoice } from "./screen/market-store-choice";
