import type { MarketCatalogue } from "../../../shared/market";
import { ApiError, apiJson } from "../../lib/api";
import { withQueuedSalesTaken } from "./offline/queue";
import { currentUserId, marketOfflineStorage, startMarketSync } from "./offline/sync";

/**
 * Where the market screen gets what it sells. The screen calls only this; the offline layer (kept on the
 * phone, decision 0077) lives behind it, so the screen does not change when the network goes.
 *
 * Online, the server's catalogue, saved on the phone for the seller who read it. Without an answer (no
 * network, or a server that cannot answer now) the saved one, marked `offline: true`; its `fetchedAt`
 * says how old it is. Either way the stock shown is less what the phone's queued sales have taken. A
 * refusal (signed out, no longer the store's member, store gone) is thrown, and the saved copy dropped:
 * the phone keeps nothing its seller may no longer see.
 */
export async function loadMarketCatalogue(storeId: string): Promise<MarketCatalogue> {
  startMarketSync();
  const userId = currentUserId();
  let catalogue: MarketCatalogue;
  try {
    catalogue = await apiJson<MarketCatalogue>(
      "GET",
      `/api/stores/${encodeURIComponent(storeId)}/market/catalogue`,
    );
  } catch (error) {
    const refused =
      error instanceof ApiError && error.status < 500 && error.status !== 408 && error.status !== 429;
    if (refused) {
      await marketOfflineStorage.dropCatalogue(storeId).catch(() => undefined);
      throw error;
    }
    const saved = userId
      ? await marketOfflineStorage.readCatalogue(storeId).catch(() => undefined)
      : undefined;
    if (!saved || saved.userId !== userId) throw error;
    catalogue = { ...saved.catalogue, offline: true };
  }
  if (userId && !catalogue.offline) {
    // Kept without the queue's adjustment: the server's figures, adjusted again on every read.
    await marketOfflineStorage
      .writeCatalogue({ storeId, userId, catalogue, savedAt: new Date().toISOString() })
      .catch(() => undefined);
  }
  const queued = await marketOfflineStorage.listQueued().catch(() => []);
  return withQueuedSalesTaken(
    catalogue,
    queued.filter((entry) => entry.userId === userId),
  );
}
