import type { PublicUser } from "../../../../shared/auth";
import type { CreateSaleInput, SaleView } from "../../../../shared/market";
import { ApiError, apiJson } from "../../../lib/api";
import { ME_QUERY_KEY } from "../../../lib/auth";
import { queryClient } from "../../../lib/query-client";
import { idbStorage } from "./idb-storage";
import {
  flushQueue,
  isRetryableStatus,
  readRefusal,
  type SendResult,
  type Settlement,
  settleConflict,
  settledOnDay,
} from "./queue";
import type { OfflineStorage, QueuedSale, SaleConflict, SettledSale } from "./storage";

/**
 * The offline queue at work in the browser: it sends the queued sales when the page loads, when the
 * network comes back (the `online` event) and on a timer that follows each sale's backoff; one tab at a
 * time (the Web Locks API), the others told by a BroadcastChannel when the lists change. It keeps a
 * snapshot of the lists for the header indicator and the conflicts panel (useSyncExternalStore).
 */

export interface MarketOfflineSnapshot {
  online: boolean;
  /** A tab of this phone is sending the queue now. */
  sending: boolean;
  /** The signed-in seller's queued sales, oldest first. */
  queued: QueuedSale[];
  conflicts: SaleConflict[];
  /** The conflicts settled today, newest first. */
  settledToday: SettledSale[];
  /** When the queue last went empty on a send, or a sale was last sent (ISO 8601), or null. */
  lastSyncedAt: string | null;
  /** Why the queue is not moving while online: the session ended, or the server did not answer. */
  problem: "signedOut" | "unreachable" | null;
}

const storage: OfflineStorage = idbStorage;
const LOCK = "torg-market-sender";
const CHANNEL = "torg-market";
const LAST_SYNCED_KEY = "torg.market.lastSyncedAt";
/** How often the timer looks for a sale whose backoff has passed. */
const TICK_MS = 5_000;

const isOnline = () => typeof navigator === "undefined" || navigator.onLine !== false;

function readLastSynced(): string | null {
  try {
    return localStorage.getItem(LAST_SYNCED_KEY);
  } catch {
    return null;
  }
}

let snapshot: MarketOfflineSnapshot = {
  online: isOnline(),
  sending: false,
  queued: [],
  conflicts: [],
  settledToday: [],
  lastSyncedAt: readLastSynced(),
  problem: null,
};
const listeners = new Set<() => void>();

function publish(change: Partial<MarketOfflineSnapshot>) {
  snapshot = { ...snapshot, ...change };
  for (const listener of listeners) listener();
}

export function subscribeMarketOffline(listener: () => void): () => void {
  listeners.add(listener);
  startMarketSync();
  return () => listeners.delete(listener);
}

export const marketOfflineSnapshot = () => snapshot;

/** The signed-in seller, as the app's session query knows them (also offline: src/web/lib/auth.tsx). */
export function currentUserId(): string | null {
  return queryClient.getQueryData<PublicUser | null>(ME_QUERY_KEY)?.id ?? null;
}

let channel: BroadcastChannel | undefined;

/** Reads the lists again (after a change here or in another tab). */
let refreshedFor: string | null = null;

export async function refreshMarketOffline(): Promise<void> {
  const userId = currentUserId();
  refreshedFor = userId;
  const mine = <T extends { userId: string }>(entries: T[]) =>
    entries.filter((entry) => entry.userId === userId);
  try {
    const [queued, conflicts, settled] = await Promise.all([
      storage.listQueued(),
      storage.listConflicts(),
      storage.listSettled(),
    ]);
    publish({
      queued: mine(queued),
      conflicts: mine(conflicts),
      settledToday: settledOnDay(mine(settled), new Date()),
      lastSyncedAt: readLastSynced(),
    });
  } catch {
    // IndexedDB unavailable (a private window that forbids it): nothing can have been kept either.
  }
}

/** Tells this tab's and the other tabs' indicators that the lists changed. */
export async function listsChanged(): Promise<void> {
  channel?.postMessage("changed");
  await refreshMarketOffline();
}

/** One attempt to send a sale, its answer read as the queue's rules need it. */
export async function postSale(storeId: string, sale: CreateSaleInput): Promise<SendResult> {
  try {
    const answer = await apiJson<SaleView>("POST", `/api/stores/${encodeURIComponent(storeId)}/sales`, sale);
    return { kind: "sent", sale: answer };
  } catch (error) {
    return sendResultOf(error);
  }
}

/** A failed request as the queue sees it: no answer (fetch threw) or a status that says "later" is not a refusal. */
export function sendResultOf(error: unknown): SendResult {
  if (!(error instanceof ApiError)) return { kind: "unreachable" };
  if (error.status === 401 || error.status === 403) return { kind: "signedOut" };
  if (isRetryableStatus(error.status)) return { kind: "unreachable" };
  const refusal = readRefusal(error.body);
  return { kind: "refused", status: error.status, reason: refusal.message, productIds: refusal.productIds };
}

/** The store's screens that show what the server knows of its stock and sales read it again. */
function refreshStoreQueries(storeIds: Iterable<string>) {
  for (const storeId of new Set(storeIds)) {
    const prefix = `/api/stores/${encodeURIComponent(storeId)}/`;
    void queryClient.invalidateQueries({
      predicate: ({ queryKey: [key, ofStore] }) =>
        // The market screen's catalogue (screen/market-screen.tsx), and the store's reads by address.
        (key === "market-catalogue" && ofStore === storeId) ||
        (typeof key === "string" && key.startsWith(prefix) && /\/(market|sales|day-report)/.test(key)),
    });
  }
}

async function flushHoldingLock(force: boolean): Promise<void> {
  const userId = currentUserId();
  if (!userId || !isOnline()) return;
  const queued = (await storage.listQueued()).filter((entry) => entry.userId === userId);
  if (queued.length === 0) return;
  publish({ sending: true });
  try {
    const outcome = await flushQueue(storage, { userId, send: postSale, now: () => new Date(), force });
    if (outcome.sent.length > 0) {
      const at = new Date().toISOString();
      try {
        localStorage.setItem(LAST_SYNCED_KEY, at);
      } catch {
        // Storage full or blocked: the indicator shows no time, nothing else depends on it.
      }
      refreshStoreQueries(outcome.sent.map(({ entry }) => entry.storeId));
    }
    if (outcome.conflicts.length > 0) refreshStoreQueries(outcome.conflicts.map((entry) => entry.storeId));
    const problem =
      outcome.stoppedBy === "signedOut" || outcome.stoppedBy === "unreachable" ? outcome.stoppedBy : null;
    publish({ problem });
  } finally {
    publish({ sending: false });
    await listsChanged();
  }
}

let flushing: Promise<void> | null = null;

/**
 * Sends the queue now, if this tab can take the sender's lock (another tab sending it already is enough).
 * `force` ignores the backoff: the network has just come back, or the seller asked.
 */
export function flushMarketQueue(force = false): Promise<void> {
  flushing ??= (async () => {
    try {
      if (typeof navigator !== "undefined" && navigator.locks) {
        await navigator.locks.request(LOCK, { ifAvailable: true }, async (lock) => {
          if (lock) await flushHoldingLock(force);
        });
      } else {
        await flushHoldingLock(force);
      }
    } catch {
      // IndexedDB or the lock refused: the next tick tries again.
    } finally {
      flushing = null;
    }
  })();
  return flushing;
}

let started = false;

/** Starts sending in this tab: at once, when the network returns, and on a timer. Idempotent. */
export function startMarketSync(): void {
  if (started || typeof window === "undefined") return;
  started = true;
  window.addEventListener("online", () => {
    publish({ online: true });
    void flushMarketQueue(true);
  });
  window.addEventListener("offline", () => publish({ online: false, problem: null }));
  if (typeof BroadcastChannel !== "undefined") {
    channel = new BroadcastChannel(CHANNEL);
    channel.onmessage = () => void refreshMarketOffline();
  }
  window.setInterval(() => {
    // The session is read after the page starts: the lists are the seller's once they are known.
    if (currentUserId() !== refreshedFor) void refreshMarketOffline().then(() => flushMarketQueue(true));
    else if (snapshot.queued.length > 0) void flushMarketQueue(false);
  }, TICK_MS);
  void refreshMarketOffline().then(() => flushMarketQueue(true));
}

/** The seller's choice for a conflict; then the queue goes on (a resent or retried sale is sent at once). */
export async function settleMarketConflict(conflict: SaleConflict, how: Settlement): Promise<void> {
  await settleConflict(storage, conflict, how, new Date());
  // The day's log keeps two days at most: enough for a market that runs past midnight.
  await storage.pruneSettled(new Date(Date.now() - 2 * 24 * 60 * 60 * 1000).toISOString());
  await listsChanged();
  if (how !== "cancel") void flushMarketQueue(true);
}

export { storage as marketOfflineStorage };
