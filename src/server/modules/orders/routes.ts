import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorResponses } from "../../../shared/api";
import { ORDER_STATUSES, orderStatusSchema, orderViewSchema } from "../../../shared/order";
import { pageQuerySchema, TOTAL_COUNT_HEADER } from "../../../shared/paging";
import { salesReportQuerySchema } from "../../../shared/sales-report";
import type { Db } from "../../db/client";
import type { AppDeps } from "../../lib/deps";
import { isUuid, memberStoreIds, requireStoreMember, requireUser } from "../../lib/guards";
import { notFound } from "../../lib/http-error";
import { requestLanguage } from "../../lib/language";
import { latestPayment, type PaymentContext, sellerView } from "../payments";
import { salesReportCsv } from "./sales-report";
import { findOrderStoreId, getOrderWithHistory, listOrders, type OrderFilter, pageOrders } from "./service";
import { changeStatusWithPayment } from "./status-change";

const RECENT_ORDERS = 10;
const idParams = z.object({ id: z.string().max(100) });
/** A store and a status to filter on, and the one paging query (src/shared/paging.ts). */
const listQuery = pageQuerySchema({ defaultLimit: 100 }).extend({
  storeId: z.string().max(100).optional(),
  status: z.enum(ORDER_STATUSES, "errors.statusInvalid").optional(),
});

/**
 * A seller's order list answers the spec's array of one page; the size of the whole filtered list (store
 * and status) rides in the X-Total-Count header, so the dashboard pages on the server (decision 0041).
 */
const orderPageSchema = z.array(orderViewSchema).meta({
  description: `One page of orders, newest first; the ${TOTAL_COUNT_HEADER} header holds the number of orders the filter matches`,
});

async function sendOrderPage(reply: FastifyReply, db: Db, filter: OrderFilter) {
  const { items, total } = await pageOrders(db, filter);
  return reply.header(TOTAL_COUNT_HEADER, String(total)).send(items);
}

export const orderRoutes: FastifyPluginAsyncZod<
  AppDeps & { emailOutbox: { wake(): void } | undefined; payments: PaymentContext }
> = async (app, { db, emailOutbox, onCatalogueChange, payments }) => {
  /** The order a seller opens: it must belong to one of their stores, else it does not exist for them. */
  async function requireOrderAccess(user: Parameters<typeof requireStoreMember>[1], orderId: string) {
    if (!isUuid(orderId)) throw notFound("orderNotFound");
    const storeId = await findOrderStoreId(db, orderId);
    await requireStoreMember(db, user, storeId).catch(() => {
      throw notFound("orderNotFound");
    });
  }

  app.get(
    "/api/orders",
    { schema: { response: { 200: orderPageSchema, ...errorResponses }, querystring: listQuery } },
    async (request, reply) => {
      const user = requireUser(request);
      const { storeId, ...rest } = request.query;
      if (storeId) {
        const store = await requireStoreMember(db, user, storeId);
        return sendOrderPage(reply, db, { ...rest, storeIds: [store.id] });
      }
      return sendOrderPage(reply, db, { ...rest, storeIds: await memberStoreIds(db, user.id) });
    },
  );

  app.get(
    "/api/orders/recent",
    { schema: { response: { 200: z.array(orderViewSchema), ...errorResponses } } },
    async (request) => {
      const user = requireUser(request);
      return listOrders(db, { storeIds: await memberStoreIds(db, user.id), limit: RECENT_ORDERS, offset: 0 });
    },
  );

  app.get(
    "/api/stores/:id/orders",
    {
      schema: {
        response: { 200: orderPageSchema, ...errorResponses },
        params: idParams,
        querystring: listQuery.omit({ storeId: true }),
      },
    },
    async (request, reply) => {
      const store = await requireStoreMember(db, requireUser(request), request.params.id);
      return sendOrderPage(reply, db, { ...request.query, storeIds: [store.id] });
    },
  );

  /** The month's orders as the accountant's CSV (decision 0036), with headers in the seller's language. */
  app.get(
    "/api/stores/:id/sales-report",
    {
      schema: {
        params: idParams,
        querystring: salesReportQuerySchema,
        response: { 200: z.string(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const store = await requireStoreMember(db, requireUser(request), request.params.id);
      const { month } = request.query;
      const csv = await salesReportCsv(db, store.id, month, requestLanguage(request));
      return reply
        .header("content-type", "text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="${store.slug}-${month}.csv"`)
        .header("cache-control", "no-store")
        .send(csv);
    },
  );

  app.get(
    "/api/orders/:id",
    { schema: { response: { 200: orderViewSchema, ...errorResponses }, params: idParams } },
    async (request) => {
      await requireOrderAccess(requireUser(request), request.params.id);
      const order = await getOrderWithHistory(db, request.params.id);
      return { ...order, payment: sellerView(await latestPayment(db, order.id)) };
    },
  );

  app.patch(
    "/api/orders/:id/status",
    {
      schema: {
        response: { 200: orderViewSchema, ...errorResponses },
        params: idParams,
        body: orderStatusSchema,
      },
    },
    async (request) => {
      const user = requireUser(request);
      await requireOrderAccess(user, request.params.id);
      // The money moves first (capture, cancel, refund); the status follows only if it did (decision 0034).
      const { status, trackingNumber, restock } = request.body;
      const order = await changeStatusWithPayment(payments, {
        orderId: request.params.id,
        status,
        userId: user.id,
        trackingNumber,
        restock,
      });
      // Its stock came back (decision 0032) or was taken again (a reopen, decision 0067): cached shop
      // pages may offer it again, or must stop offering it.
      const reopened = order.history?.at(-1)?.fromStatus === "cancelled" && order.status !== "cancelled";
      if (order.status === "cancelled" || reopened) onCatalogueChange();
      // Fulfilling and cancelling queue the shopper's e-mail about it (decisions 0037, 0064).
      if (status === "fulfilled" || status === "cancelled") emailOutbox?.wake();
      return { ...order, payment: sellerView(await latestPayment(db, order.id)) };
    },
  );
};
