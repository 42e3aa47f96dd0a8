import { dateTime } from "./api";
import { z } from "./zod";
/** The admin dashboard's lists (docs/product-spec.md 2.16, decision 0004): GET /api/admin/{list}?limit=&offset= → AdminPage. */
export const ADMIN_LISTS = ["stores", "products", "orders", "ai-logs", "email-logs", "qr-codes"] as const;
export type AdminListName = (typeof ADMIN_LISTS)[number];

/** One page of an admin list and how many rows the whole list has. */
export const adminPageSchema = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), total: z.number() });
export interface AdminPage<T> {
  items: T[];
  total: number;
}

export const adminStoreRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  /** Every product of the store, active or not (decision 0010: a real count). */
  productCount: z.number(),
  createdAt: z.string(),
});
export type AdminStoreRow = z.infer<typeof adminStoreRowSchema>;

/** One AI call as the server logged it (decision 0009). */
export const aiLogRowSchema = z.object({
  id: z.string(),
  createdAt: dateTime,
  endpoint: z.string(),
  prompt: z.string().nullable(),
  response: z.string().nullable(),
  responseStatus: z.number().nullable(),
  processingTimeMs: z.number().nullable(),
  error: z.string().nullable(),
  tokens: z.number().nullable(),
  storeId: z.string().nullable(),
  productId: z.string().nullable(),
  userId: z.string().nullable(),
});
/** As the browser receives it: `createdAt` an ISO string. */
export type AiLogRow = z.input<typeof aiLogRowSchema>;

/** One attempt to send an e-mail (decision 0037): with the log provider, the message as it would have gone. */
export const emailLogRowSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  orderId: z.string().nullable(),
  storeId: z.string().nullable(),
  toAddress: z.string(),
  subject: z.string(),
  body: z.string(),
  purpose: z.string(),
  /** rate_limited: held back, over the hourly limit of an address a shopper typed (decision 0058). */
  status: z.enum(["sent", "logged", "failed", "rate_limited"]),
  provider: z.string().nullable(),
  attempt: z.number(),
  error: z.string().nullable(),
});
export type EmailLogRow = z.infer<typeof emailLogRowSchema>;
