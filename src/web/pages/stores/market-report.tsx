import { MarketReportPage as MarketReport } from "../../features/market";

/** /stores/{id}/market/report. */
export function MarketReportPage() {
  return <MarketReport />;
}
