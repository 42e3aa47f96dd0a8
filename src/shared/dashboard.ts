import { z } from "./zod";

/** GET /api/dashboard/summary: the three stat cards (decision 0010). */
export const dashboardSummarySchema = z.object({
  activeStores: z.number(),
  /** Orders placed in the last `recentDays` days. */
  recentOrders: z.number(),
  recentDays: z.number(),
  /** Paid and fulfilled orders this calendar month, Oslo time (decision 0010), as a decimal string. */
  monthRevenue: z.string(),
});
export type DashboardSummary = z.infer<typeof dashboardSummarySchema>;

export const orderNotificationSchema = z.object({
  id: z.string(),
  storeName: z.string(),
  totalGross: z.string(),
  shipToName: z.string(),
  placedAt: z.string(),
  /** Placed since the user last opened the notifications. */
  isNew: z.boolean(),
});
export type OrderNotification = z.infer<typeof orderNotificationSchema>;

/** GET /api/notifications: the latest pending orders of the user's stores, newest first (decision 0014). */
export const notificationsSchema = z.object({
  unseenCount: z.number(),
  orders: z.array(orderNotificationSchema),
});
export type Notifications = z.infer<typeof notificationsSchema>;
