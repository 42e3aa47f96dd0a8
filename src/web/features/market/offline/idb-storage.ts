import { type DBSchema, type IDBPDatabase, openDB } from "idb";
import type { OfflineStorage, QueuedSale, SaleConflict, SettledSale, StoredCatalogue } from "./storage";

/**
 * OfflineStorage in IndexedDB (database "torg-market"): it outlives the page, the tab and a phone restart,
 * and every tab of the origin sees the same queue. Moves between lists happen in one transaction, so a
 * sale is never in two lists or in none, whenever the page is closed.
 */
interface MarketDb extends DBSchema {
  catalogues: { key: string; value: StoredCatalogue };
  /** Keyed by an increasing number: the queue's order. */
  queue: { key: number; value: QueuedSale; indexes: { clientSaleId: string } };
  conflicts: { key: string; value: SaleConflict };
  settled: { key: string; value: SettledSale };
}

const DATABASE = "torg-market";

let opened: Promise<IDBPDatabase<MarketDb>> | undefined;

function database(): Promise<IDBPDatabase<MarketDb>> {
  opened ??= openDB<MarketDb>(DATABASE, 1, {
    upgrade(db) {
      db.createObjectStore("catalogues", { keyPath: "storeId" });
      const queue = db.createObjectStore("queue", { keyPath: "order", autoIncrement: true });
      queue.createIndex("clientSaleId", "clientSaleId", { unique: true });
      db.createObjectStore("conflicts", { keyPath: "clientSaleId" });
      db.createObjectStore("settled", { keyPath: "clientSaleId" });
    },
    // Another tab opened a newer version of this code: let it upgrade, open again next time.
    blocking() {
      void opened?.then((db) => db.close());
      opened = undefined;
    },
  }).catch((error: unknown) => {
    opened = undefined;
    throw error;
  });
  return opened;
}

/** Whether this browser can keep anything on the phone (private modes of some browsers cannot). */
export function hasIndexedDb(): boolean {
  return typeof indexedDB !== "undefined";
}

export const idbStorage: OfflineStorage = {
  async readCatalogue(storeId) {
    return (await database()).get("catalogues", storeId);
  },
  async writeCatalogue(entry) {
    await (await database()).put("catalogues", entry);
  },
  async dropCatalogue(storeId) {
    await (await database()).delete("catalogues", storeId);
  },

  async listQueued() {
    return (await database()).getAll("queue");
  },
  async addQueued(sale) {
    const tx = (await database()).transaction("queue", "readwrite");
    const known = await tx.store.index("clientSaleId").getKey(sale.clientSaleId);
    if (known === undefined) {
      const { order: _assigned, ...record } = sale;
      await tx.store.add(record as QueuedSale);
    }
    await tx.done;
  },
  async updateQueued(sale) {
    const tx = (await database()).transaction("queue", "readwrite");
    const key = await tx.store.index("clientSaleId").getKey(sale.clientSaleId);
    if (key !== undefined) await tx.store.put({ ...sale, order: key });
    await tx.done;
  },
  async removeQueued(clientSaleId) {
    const tx = (await database()).transaction("queue", "readwrite");
    const key = await tx.store.index("clientSaleId").getKey(clientSaleId);
    if (key !== undefined) await tx.store.delete(key);
    await tx.done;
  },
  async moveToConflicts(conflict) {
    const tx = (await database()).transaction(["queue", "conflicts"], "readwrite");
    const queue = tx.objectStore("queue");
    const key = await queue.index("clientSaleId").getKey(conflict.clientSaleId);
    if (key !== undefined) await queue.delete(key);
    await tx.objectStore("conflicts").put(conflict);
    await tx.done;
  },

  async listConflicts() {
    const conflicts = await (await database()).getAll("conflicts");
    return conflicts.sort((a, b) => a.queuedAt.localeCompare(b.queuedAt));
  },
  async settleConflict(clientSaleId, settled, replacement) {
    const tx = (await database()).transaction(["queue", "conflicts", "settled"], "readwrite");
    await tx.objectStore("conflicts").delete(clientSaleId);
    if (settled) await tx.objectStore("settled").put(settled);
    if (replacement) {
      const queue = tx.objectStore("queue");
      const known = await queue.index("clientSaleId").getKey(replacement.clientSaleId);
      const { order: _assigned, ...record } = replacement;
      if (known === undefined) await queue.add(record as QueuedSale);
    }
    await tx.done;
  },

  async listSettled() {
    return (await database()).getAll("settled");
  },
  async pruneSettled(before) {
    const tx = (await database()).transaction("settled", "readwrite");
    for (const entry of await tx.store.getAll()) {
      if (entry.settledAt < before) await tx.store.delete(entry.clientSaleId);
    }
    await tx.done;
  },
};
