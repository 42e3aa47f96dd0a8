/**
 * The market screen without the network (issue 30, item 4; decision 0077). The screen's own seams are
 * ../catalogue-source.ts (loadMarketCatalogue) and ../sale-sender.ts (sendSale); this is what the screen
 * shows of the queue, and the install.
 */
export { SaleNotKeptError, VippsNeedsNetworkError } from "../sale-sender";
export { MarketConflicts } from "./market-conflicts";
export { MarketOfflineStatus } from "./market-offline-status";
export { registerMarketServiceWorker } from "./service-worker";
export type { QueuedSale, SaleConflict, SettledSale } from "./storage";
export { flushMarketQueue, startMarketSync } from "./sync";
export { useMarketOffline, useMarketOnline } from "./use-market-offline";
