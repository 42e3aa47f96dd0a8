import { eq } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errorResponses, okSchema } from "../../../shared/api";
import { dashboardSummarySchema, notificationsSchema } from "../../../shared/dashboard";
import { userSettings } from "../../db/schema";
import type { AppDeps } from "../../lib/deps";
import { memberStoreIds, requireUser } from "../../lib/guards";
import { monthRevenue } from "../orders";
import { countNeedsSeller, listNeedsSeller } from "./needs-seller";

const NOTIFICATION_LIMIT = 10;

export const dashboardRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  /**
   * The three stat cards: live stores, the orders that need the seller (the bell's set, decision 0061)
   * and this month's revenue (decision 0010).
   */
  app.get(
    "/api/dashboard/summary",
    { schema: { response: { 200: dashboardSummarySchema, ...errorResponses } } },
    async (request) => {
      const user = requireUser(request);
      const storeIds = await memberStoreIds(db, user.id);
      const [newOrders, revenue] = await Promise.all([
        countNeedsSeller(db, storeIds),
        monthRevenue(db, storeIds),
      ]);
      return { activeStores: storeIds.length, newOrders, monthRevenue: revenue };
    },
  );

  /**
   * The bell (decision 0061): what needs the seller in the user's stores, latest first, and how much of
   * it came to need them since they last opened it.
   */
  app.get(
    "/api/notifications",
    { schema: { response: { 200: notificationsSchema, ...errorResponses } } },
    async (request) => {
      const user = requireUser(request);
      const storeIds = await memberStoreIds(db, user.id);
      if (storeIds.length === 0) return { unseenCount: 0, total: 0, items: [] };
      const [settings] = await db
        .select({ seenAt: userSettings.notificationsSeenAt })
        .from(userSettings)
        .where(eq(userSettings.userId, user.id));
      const seenAt = settings?.seenAt ?? new Date(0);
      const { total, unseen, items } = await listNeedsSeller(db, storeIds, {
        seenAt,
        limit: NOTIFICATION_LIMIT,
      });
      return { unseenCount: unseen, total, items };
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
