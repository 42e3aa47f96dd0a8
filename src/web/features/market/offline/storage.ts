import type { CreateSaleInput, MarketCatalogue } from "../../../../shared/market";

/**
 * What the market screen keeps on the phone (issue 30, item 4): the last catalogue per store, the sales
 * made while the network was away, the sales the server refused when they were sent (conflicts, for the
 * seller to settle), and a short log of the conflicts settled. Every record names the account that made
 * it: a phone shared by two sellers never shows or sends one's sales under the other's session.
 *
 * The rules (queue.ts) work over this small interface; idb-storage.ts keeps it in IndexedDB, so it
 * survives a reload and a phone restart, and the tests keep it in memory.
 */

/** What the seller saw of a line when they sold it: for the conflicts panel, which has no catalogue. */
export interface SaleLineSummary {
  title: string;
  variantLabel: string | null;
  qty: number;
  /** Kroner, two decimals, as the catalogue priced it on the phone (the server prices it when sent). */
  unitPrice: string | null;
  productId: string | null;
  variantId: string | null;
}

/** A sale kept on the phone until the server has it. */
export interface QueuedSale {
  clientSaleId: string;
  storeId: string;
  userId: string;
  sale: CreateSaleInput;
  lines: SaleLineSummary[];
  /** When it was put in the queue (ISO 8601). */
  queuedAt: string;
  /** Failed sending attempts so far (network gone, server unavailable): the backoff grows with them. */
  attempts: number;
  /** Not tried again before this time (epoch ms); 0: at once. */
  nextAttemptAt: number;
  /** Set by the storage: the queue's order, oldest first. */
  order?: number;
}

/** A queued sale the server refused when it was sent: kept until the seller settles it. */
export interface SaleConflict {
  clientSaleId: string;
  storeId: string;
  userId: string;
  sale: CreateSaleInput;
  lines: SaleLineSummary[];
  queuedAt: string;
  refusedAt: string;
  /** The HTTP status of the refusal (409: a piece sold meanwhile; 400: the sale no longer applies...). */
  status: number;
  /** The server's own words, in the seller's language when it was refused. */
  reason: string;
  /** The products the refusal names (409 sold out), when the server named them. */
  refusedProductIds: string[];
}

/** How the seller settled a conflict. */
export type SettledHow = "resent" | "cancelled";

/** A settled conflict, kept for the day so the seller can see what became of it. */
export interface SettledSale {
  clientSaleId: string;
  storeId: string;
  userId: string;
  lines: SaleLineSummary[];
  how: SettledHow;
  /** The sale sent in its place (resent without the sold-out lines). */
  replacedBy: string | null;
  reason: string;
  settledAt: string;
}

/** The last catalogue read for a store, by the account that read it. */
export interface StoredCatalogue {
  storeId: string;
  userId: string;
  catalogue: MarketCatalogue;
  /** When the phone saved it (ISO 8601); the catalogue's own fetchedAt is the server's time. */
  savedAt: string;
}

export interface OfflineStorage {
  readCatalogue(storeId: string): Promise<StoredCatalogue | undefined>;
  writeCatalogue(entry: StoredCatalogue): Promise<void>;
  dropCatalogue(storeId: string): Promise<void>;

  /** Every queued sale, oldest first. */
  listQueued(): Promise<QueuedSale[]>;
  /** Adds a sale at the end of the queue; a clientSaleId already queued is left as it is. */
  addQueued(sale: QueuedSale): Promise<void>;
  /** Saves a queued sale's attempts (it keeps its place). */
  updateQueued(sale: QueuedSale): Promise<void>;
  removeQueued(clientSaleId: string): Promise<void>;
  /** Takes a sale out of the queue and into the conflicts, in one step: it is never in neither. */
  moveToConflicts(conflict: SaleConflict): Promise<void>;

  listConflicts(): Promise<SaleConflict[]>;
  /**
   * Takes a conflict out of the list, in one step with recording how it was settled and, when it is
   * resent, queueing its replacement: a settled conflict is always in the log, and a resent one queued.
   */
  settleConflict(
    clientSaleId: string,
    settled: SettledSale | null,
    replacement: QueuedSale | null,
  ): Promise<void>;

  listSettled(): Promise<SettledSale[]>;
  /** Forgets the settled records older than this (ISO 8601). */
  pruneSettled(before: string): Promise<void>;
}
