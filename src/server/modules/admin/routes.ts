import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  adminPageSchema,
  adminStoreRowSchema,
  aiLogRowSchema,
  emailLogRowSchema,
} from "../../../shared/admin";
import { errorResponses } from "../../../shared/api";
import { orderViewSchema } from "../../../shared/order";
import { ADMIN_PAGE_SIZE, pageQuerySchema } from "../../../shared/paging";
import { productViewSchema } from "../../../shared/product";
import { qrCodeViewSchema } from "../../../shared/qr";
import type { AppDeps } from "../../lib/deps";
import { requireStoreMember, requireUser } from "../../lib/guards";
import { publicOrigin } from "../../lib/origin";
import { pageQrCodes } from "../qr";
import { adminAiLogs, adminEmailLogs, adminOrders, adminProducts, adminStores } from "./service";

const ADMIN_MAX_PAGE_SIZE = 100;

/** The one paging query (src/shared/paging.ts), 20 rows a page as the client pages them. */
const pageQuery = pageQuerySchema({ defaultLimit: ADMIN_PAGE_SIZE, maxLimit: ADMIN_MAX_PAGE_SIZE });
const qrPageQuery = pageQuery.extend({ storeId: z.uuid("errors.invalidInput").optional() });

/**
 * The admin dashboard's five lists (docs/product-spec.md 2.16), each a page `{ items, total }`. Open to every signed-in
 * user, scoped to their own stores; a platform admin sees every row (decision 0004).
 */
export const adminRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, config }) => {
  const page = <T extends z.ZodType>(item: T) => ({
    querystring: pageQuery,
    response: { 200: adminPageSchema(item), ...errorResponses },
  });

  app.get("/api/admin/stores", { schema: page(adminStoreRowSchema) }, async (request) =>
    adminStores(db, requireUser(request), request.query),
  );
  app.get("/api/admin/products", { schema: page(productViewSchema) }, async (request) =>
    adminProducts(db, requireUser(request), request.query),
  );
  app.get("/api/admin/orders", { schema: page(orderViewSchema) }, async (request) =>
    adminOrders(db, requireUser(request), request.query),
  );
  app.get("/api/admin/ai-logs", { schema: page(aiLogRowSchema) }, async (request) =>
    adminAiLogs(db, requireUser(request), request.query),
  );
  app.get("/api/admin/email-logs", { schema: page(emailLogRowSchema) }, async (request) =>
    adminEmailLogs(db, requireUser(request), request.query),
  );
  // A store's own QR tab lists that store's codes: `storeId` narrows the list to a store the user is in.
  app.get(
    "/api/admin/qr-codes",
    { schema: { ...page(qrCodeViewSchema), querystring: qrPageQuery } },
    async (request) => {
      const user = requireUser(request);
      const { storeId, ...paging } = request.query;
      const store = storeId ? await requireStoreMember(db, user, storeId) : undefined;
      return pageQrCodes(db, user, publicOrigin(request, config), paging, store?.id);
    },
  );
};
