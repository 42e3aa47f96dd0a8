import { and, count, desc, eq, gt, inArray, sql } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errorResponses, okSchema } from "../../../shared/api";
import { dashboardSummarySchema, notificationsSchema } from "../../../shared/dashboard";
import { orders, stores, userSettings } from "../../db/schema";
import type { AppDeps } from "../../lib/deps";
import { requireUser } from "../auth/session";
import { monthRevenue } from "../orders/service";
import { memberStoreIds } from "../stores/service";

const RECENT_DAYS = 30;
const NOTIFICATION_LIMIT = 10;

export const dashboardRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  /** The three stat cards: live stores, orders of the last 30 days, and this month's revenue (decision 0010). */
  app.get(
    "/api/dashboard/summary",
    { schema: { response: { 200: dashboardSummarySchema, ...errorResponses } } },
    async (request) => {
      const user = requireUser(request);
      const storeIds = await memberStoreIds(db, user.id);
      if (storeIds.length === 0)
        return { activeStores: 0, recentOrders: 0, recentDays: RECENT_DAYS, monthRevenue: "0.00" };
      const [recent] = await db
        .select({ count: count() })
        .from(orders)
        .where(
          and(
            inArray(orders.storeId, storeIds),
            sql`${orders.placedAt} > now() - make_interval(days => ${RECENT_DAYS})`,
          ),
        );
      return {
        activeStores: storeIds.length,
        recentOrders: recent?.count ?? 0,
        recentDays: RECENT_DAYS,
        monthRevenue: await monthRevenue(db, storeIds),
      };
    },
  );

  /** New orders (decision 0014): the latest pending orders of the user's stores, and how many arrived since last look. */
  app.get(
    "/api/notifications",
    { schema: { response: { 200: notificationsSchema, ...errorResponses } } },
    async (request) => {
      const user = requireUser(request);
      const storeIds = await memberStoreIds(db, user.id);
      if (storeIds.length === 0) return { unseenCount: 0, orders: [] };
      const [settings] = await db
        .select({ seenAt: userSettings.notificationsSeenAt })
        .from(userSettings)
        .where(eq(userSettings.userId, user.id));
      const seenAt = settings?.seenAt ?? new Date(0);
      const pending = and(inArray(orders.storeId, storeIds), eq(orders.status, "pending"));
      const [unseen] = await db
        .select({ count: count() })
        .from(orders)
        .where(and(pending, gt(orders.placedAt, seenAt)));
      const latest = await db
        .select({
          id: orders.id,
          storeName: stores.name,
          totalGross: orders.totalGross,
          shipToName: orders.shipToName,
          placedAt: orders.placedAt,
        })
        .from(orders)
        .innerJoin(stores, eq(stores.id, orders.storeId))
        .where(pending)
        .orderBy(desc(orders.placedAt))
        .limit(NOTIFICATION_LIMIT);
      return {
        unseenCount: unseen?.count ?? 0,
        orders: latest.map((row) => ({
          ...row,
          placedAt: row.placedAt.toISOString(),
          isNew: row.placedAt > seenAt,
        })),
      };
    },
  );

  app.post(
    "/api/notifications/seen",
    { schema: { response: { 200: okSchema, ...errorResponses } } },
    async (request) => {
      const user = requireUser(request);
      const now = new Date();
      await db
        .insert(userSettings)
        .values({ userId: user.id, notificationsSeenAt: now })
        .onConflictDoUpdate({ target: userSettings.userId, set: { notificationsSeenAt: now } });
      return { ok: true };
    },
  );
};
