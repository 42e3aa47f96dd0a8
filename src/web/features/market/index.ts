/**
 * The market stall's public entry (decision 0077): the market screen at /stores/{id}/market and the
 * store choice at /market (the mobile menu's link), which src/web/pages/stores/market.tsx renders.
 */
export { MarketScreen } from "./screen/market-screen";
export { MarketStoreChoice } from "./screen/market-store-choice";
