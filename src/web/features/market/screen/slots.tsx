import type { SaleView } from "../../../../shared/market";
import { MarketOfflineStatus } from "../offline";

/*
 * Two places on the market screen that other parts of the stall fill (decision 0077). The lead wires them
 * when the parts are merged; until then they show nothing rather than something that only looks done.
 */

/**
 * The header's status: whether the phone is online and how many sales wait in its queue
 * (src/web/features/market/offline: MarketOfflineStatus).
 */
export function MarketHeaderStatus({ storeId }: { storeId: string }) {
  return <MarketOfflineStatus storeId={storeId} />;
}

/** Under a paid sale: the receipt's QR and sending it by SMS or e-mail (src/web/features/market/receipt). */
export function MarketReceiptSlot(_props: { sale: SaleView }) {
  return null;
}
