import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppDeps } from "../../lib/deps";
import { publicOrigin } from "../../lib/origin";
import { requireUser } from "../auth/session";
import { pageQrCodes } from "../qr/service";
import { adminAiLogs, adminEmailLogs, adminOrders, adminProducts, adminStores } from "./service";

const ADMIN_PAGE_SIZE = 20;
const ADMIN_MAX_PAGE_SIZE = 100;

const pageQuery = z.object({
  limit: z.coerce
    .number("errors.invalidInput")
    .int("errors.invalidInput")
    .min(1, "errors.invalidInput")
    .max(ADMIN_MAX_PAGE_SIZE, "errors.invalidInput")
    .default(ADMIN_PAGE_SIZE),
  offset: z.coerce
    .number("errors.invalidInput")
    .int("errors.invalidInput")
    .min(0, "errors.invalidInput")
    .max(1_000_000, "errors.invalidInput")
    .default(0),
});

/**
 * The admin dashboard's five lists (spec 2.16), each a page `{ items, total }`. Open to every signed-in
 * user, scoped to their own stores; a platform admin sees every row (D4).
 */
export const adminRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, config }) => {
  const schema = { querystring: pageQuery };

  app.get("/api/admin/stores", { schema }, async (request) =>
    adminStores(db, requireUser(request), request.query),
  );
  app.get("/api/admin/products", { schema }, async (request) =>
    adminProducts(db, requireUser(request), request.query),
  );
  app.get("/api/admin/orders", { schema }, async (request) =>
    adminOrders(db, requireUser(request), request.query),
  );
  app.get("/api/admin/ai-logs", { schema }, async (request) =>
    adminAiLogs(db, requireUser(request), request.query),
  );
  app.get("/api/admin/email-logs", { schema }, async (request) =>
    adminEmailLogs(db, requireUser(request), request.query),
  );
  app.get("/api/admin/qr-codes", { schema }, async (request) =>
    pageQrCodes(db, requireUser(request), publicOrigin(request, config), request.query),
  );
};
