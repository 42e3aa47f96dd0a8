/** The admin dashboard's lists (docs/product-spec.md 2.16, decision 0004): GET /api/admin/{list}?limit=&offset= → AdminPage. */
export const ADMIN_LISTS = ["stores", "products", "orders", "ai-logs", "qr-codes"] as const;
export type AdminListName = (typeof ADMIN_LISTS)[number];

/** One page of an admin list and how many rows the whole list has. */
export interface AdminPage<T> {
  items: T[];
  total: number;
}

export interface AdminStoreRow {
  id: string;
  name: string;
  slug: string;
  /** Every product of the store, active or not (decision 0010: a real count). */
  productCount: number;
  createdAt: string;
}

/** One AI call as the server logged it (decision 0009). */
export interface AiLogRow {
  id: string;
  createdAt: string;
  endpoint: string;
  prompt: string | null;
  response: string | null;
  responseStatus: number | null;
  processingTimeMs: number | null;
  error: string | null;
  tokens: number | null;
  storeId: string | null;
  productId: string | null;
  userId: string | null;
}
