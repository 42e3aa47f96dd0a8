import type { SaleView } from "../../../../shared/market";
import { MarketOfflineStatus } from "../offline";
import { ReceiptActions } from "../receipt";

/*
 * Two places on the market screen that other parts of the stall fill (decision 0077): the phone's
 * network and queue in the header, and the receipt's actions under a paid sale.
 */

/**
 * The header's status: whether the phone is online and how many sales wait in its queue
 * (src/web/features/market/offline: MarketOfflineStatus).
 */
export function MarketHeaderStatus({ storeId }: { storeId: string }) {
  return <MarketOfflineStatus storeId={storeId} />;
}

/** Under a paid sale: the receipt's QR, sending it by SMS or e-mail, the buyer's details (../receipt). */
export function MarketReceiptSlot({ sale }: { sale: SaleView }) {
  // "Paid" above it names the receipt number already.
  return <ReceiptActions sale={sale} numberShown />;
}
