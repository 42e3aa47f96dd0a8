/** The admin dashboard's lists (spec 2.16, D4): GET /api/admin/{list}?limit=&offset= → AdminPage. */
export const ADMIN_LISTS = ["stores", "products", "orders", "ai-logs", "email-logs", "qr-codes"] as const;
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
  /** Every product of the store, active or not (D10: a real count). */
  productCount: number;
  createdAt: string;
}

/** One AI call as the server logged it (D9). */
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

/** One attempt to send an e-mail (decision 0037): with the log provider, the message as it would have gone. */
export interface EmailLogRow {
  id: string;
  createdAt: string;
  orderId: string | null;
  storeId: string | null;
  toAddress: string;
  subject: string;
  body: string;
  purpose: string;
  status: "sent" | "logged" | "failed";
  provider: string | null;
  attempt: number;
  error: string | null;
}
