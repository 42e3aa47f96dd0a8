import { MarketSalesPage as MarketSales } from "../../features/market";

/** /stores/{id}/market/sales. */
export function MarketSalesPage() {
  return <MarketSales />;
}
