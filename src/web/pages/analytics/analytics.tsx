import { AnalyticsPage as Analytics } from "../../features/analytics";

/** /analytics. */
export function AnalyticsPage() {
  return <Analytics />;
}
