import { useParams } from "react-router";
import { MarketScreen, MarketStoreChoice } from "../../features/market";

/**
 * /stores/{id}/market: the market stall, full screen on the seller's phone (decision 0077). The route
 * marks itself `fullScreen`: the protected layout leaves out the app's top bar for it.
 */
export function MarketPage() {
  const { id = "" } = useParams();
  return <MarketScreen key={id} storeId={id} />;
}

/** /market: the mobile menu's link; the seller's only store's stall, or a choice of stores. */
export function MarketChoicePage() {
  return <MarketStoreChoice />;
}
