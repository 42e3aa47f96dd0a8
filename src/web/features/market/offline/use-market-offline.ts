import { useSyncExternalStore } from "react";
import { type MarketOfflineSnapshot, marketOfflineSnapshot, subscribeMarketOffline } from "./sync";

/** The offline queue's state for one store's screen (the indicator, the conflicts panel, the Vipps buttons). */
export function useMarketOffline(storeId: string) {
  const snapshot: MarketOfflineSnapshot = useSyncExternalStore(
    subscribeMarketOffline,
    marketOfflineSnapshot,
    marketOfflineSnapshot,
  );
  const ofStore = <T extends { storeId: string }>(entries: T[]) =>
    entries.filter((entry) => entry.storeId === storeId);
  return {
    online: snapshot.online,
    sending: snapshot.sending,
    queued: ofStore(snapshot.queued),
    conflicts: ofStore(snapshot.conflicts),
    settledToday: ofStore(snapshot.settledToday),
    lastSyncedAt: snapshot.lastSyncedAt,
    problem: snapshot.problem,
  };
}

/** Whether the phone has the network now: the market screen offers Vipps only then. */
export function useMarketOnline(): boolean {
  return useSyncExternalStore(
    subscribeMarketOffline,
    () => marketOfflineSnapshot().online,
    () => true,
  );
}
