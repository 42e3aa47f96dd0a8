import type { MarketCatalogue } from "../../../shared/market";
import { apiJson } from "../../lib/api";

/**
 * Where the market screen gets what it sells. The screen calls only this; the offline layer (kept on the
 * phone, decision 0077) lives behind it, so the screen does not change when the network goes.
 */
export async function loadMarketCatalogue(storeId: string): Promise<MarketCatalogue> {
  return apiJson<MarketCatalogue>("GET", `/api/stores/${encodeURIComponent(storeId)}/market/catalogue`);
}
