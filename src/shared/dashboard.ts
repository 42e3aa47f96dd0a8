import { z } from "./zod";

/** GET /api/dashboard/summary: the three stat cards (decisions 0010, 0061). */
export const dashboardSummarySchema = z.object({
  activeStores: z.number(),
  /** What needs the seller: the same set as the bell's (GET /api/notifications `total`, decision 0061). */
  newOrders: z.number(),
  /** Paid and fulfilled orders this calendar month, Oslo time (decision 0010), as a decimal string. */
  monthRevenue: z.string(),
});
export type DashboardSummary = z.infer<typeof dashboardSummarySchema>;

/**
 * Why an order needs the seller (decision 0061): `order`, paid (or placed without online payment) and
 * not fulfilled yet; `withdrawal`, the shopper withdrew and the order is not cancelled yet;
 * `stockConflict`, the shopper paid after the order was cancelled (its stock back on sale) and the money
 * has not gone back yet.
 */
export const SELLER_NOTIFICATION_KINDS = ["order", "withdrawal", "stockConflict"] as const;
export type SellerNotificationKind = (typeof SELLER_NOTIFICATION_KINDS)[number];

export const sellerNotificationSchema = z.object({
  kind: z.enum(SELLER_NOTIFICATION_KINDS),
  orderId: z.string(),
  storeName: z.string(),
  totalGross: z.string(),
  shipToName: z.string(),
  placedAt: z.string(),
  /** When it came to need the seller: paid online (or placed), withdrawn, paid after it was cancelled. */
  since: z.string(),
  /** Came to need the seller after the user last opened the notifications. */
  isNew: z.boolean(),
});
export type SellerNotification = z.infer<typeof sellerNotificationSchema>;

/** GET /api/notifications: what needs the seller in the user's stores, latest first (decision 0061). */
export const notificationsSchema = z.object({
  /** How many came to need the seller since the user last opened the notifications. */
  unseenCount: z.number(),
  /** How many need the seller in all; `items` holds the latest of them. */
  total: z.number(),
  items: z.array(sellerNotificationSchema),
});
export type Notifications = z.infer<typeof notificationsSchema>;
