import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorResponses } from "../../../shared/api";
import {
  ORDER_STATUSES,
  orderStatusSchema,
  orderViewSchema,
  placedOrderSchema,
  placeOrderSchema,
} from "../../../shared/order";
import { pageQuerySchema, TOTAL_COUNT_HEADER } from "../../../shared/paging";
import { salesReportQuerySchema } from "../../../shared/sales-report";
import type { Db } from "../../db/client";
import type { AppDeps } from "../../lib/deps";
import { badRequest, notFound } from "../../lib/http-error";
import { requestLanguage } from "../../lib/language";
import { publicOrigin } from "../../lib/origin";
import { enforceQuota, HOUR_MS } from "../../lib/rate-limit";
import { requireUser } from "../auth/session";
import {
  changeStatusWithPayment,
  offeredProviders,
  sellerView,
  shopperView as shopperPaymentOf,
  startPayment,
} from "../payments/service";
import { latestPayment, type PaymentContext } from "../payments/state";
import { readPhoneSchema, shopperGetsTexts } from "../sms/destination";
import { orderLinkOrigin, type SmsOutboxWorker } from "../sms/outbox";
import { isUuid, requireStoreMember } from "../stores/access";
import { memberStoreIds } from "../stores/service";
import { placeOrder } from "./place-order";
import { salesReportCsv } from "./sales-report";
import { findOrderStoreId, getOrderWithHistory, listOrders, type OrderFilter, pageOrders } from "./service";

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

const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{8,100}$/;

/** The checkout's body as the server reads it: the shopper's phone is parsed here, once, for all it is used for. */
const placeOrderBodySchema = placeOrderSchema.extend({ shipToPhone: readPhoneSchema });

export const orderRoutes: FastifyPluginAsyncZod<
  AppDeps & {
    smsOutbox: SmsOutboxWorker | undefined;
    emailOutbox: { wake(): void } | undefined;
    payments: PaymentContext;
  }
> = async (app, { db, database, config, smsOutbox, emailOutbox, onCatalogueChange, payments }) => {
  /** The address of the order page link in the answer and the receipt (decision 0026), when there is one. */
  function receiptLinkOrigin(request: FastifyRequest): string | null {
    if (config.publicUrl) return config.publicUrl;
    try {
      return publicOrigin(request, config);
    } catch {
      return null;
    }
  }

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

  /** Public: shoppers have no account. */
  app.post(
    "/api/orders",
    {
      config: { public: true },
      schema: {
        response: { 200: placedOrderSchema, 201: placedOrderSchema, ...errorResponses },
        body: placeOrderBodySchema,
      },
    },
    async (request, reply) => {
      const header = request.headers["idempotency-key"];
      const key = typeof header === "string" && header ? header : undefined;
      if (key && !IDEMPOTENCY_KEY_PATTERN.test(key)) throw badRequest("idempotencyKeyInvalid");
      // Any valid number may order; only one in a country Torg texts gets the confirmation text, the
      // others their receipt e-mail alone (decision 0068). A premium-rate number is refused.
      const phone = request.body.shipToPhone;
      const smsConfirmation = shopperGetsTexts(phone, config.sms.allowedCountries, requestLanguage(request));
      // Orders text the buyer's phone: an address that orders without end would send SMS without end.
      if (config.ordersPerIpPerHour > 0) {
        await enforceQuota(db, {
          key: `orders:ip:${request.ip}`,
          limit: config.ordersPerIpPerHour,
          windowMs: HOUR_MS,
          messageKey: "tooManyOrders",
          address: { ip: request.ip, log: request.log, trustProxy: config.trustProxy },
        });
      }
      const provider = request.body.paymentProvider;
      // Only a channel the store has live and the platform has keys for (decision 0034).
      if (provider && !(await offeredProviders(payments, request.body.storeId)).includes(provider)) {
        throw badRequest("paymentProviderUnavailable");
      }
      // Torg's address, or none when the request's Host is not one it answers to: the order is placed
      // all the same, and answered without the link rather than with an error (decision 0026).
      const receiptOrigin = receiptLinkOrigin(request);
      const { order, replayed, publicPath, soldOut } = await placeOrder(
        database,
        // The order and its texts keep the E.164 form.
        { ...request.body, shipToPhone: phone.e164 },
        key,
        { sms: orderLinkOrigin(request, config), email: receiptOrigin },
        provider !== undefined,
        smsConfirmation,
      );
      if (!replayed) {
        smsOutbox?.wake();
        emailOutbox?.wake();
      }
      // Selling the last one is rare; the cached shop pages of this server stop offering it at once
      // (another server's within its PUBLIC_CACHE_TTL_MS; the checkout refuses it anyway, decision 0032).
      if (soldOut) onCatalogueChange();
      const publicUrl = receiptOrigin ? `${receiptOrigin}${publicPath}` : undefined;
      // The shopper's answer: the seller's view of the payment is not theirs to see.
      const placed = { ...order, payment: undefined, smsConfirmation, ...(publicUrl ? { publicUrl } : {}) };
      if (!provider) return reply.status(replayed ? 200 : 201).send(placed);
      // A replayed checkout answers the attempt it started; a new one starts its first attempt.
      const existing = replayed ? await latestPayment(db, order.id) : undefined;
      const payment = existing
        ? shopperPaymentOf(existing)
        : await startPayment(payments, {
            orderId: order.id,
            provider,
            origin: receiptOrigin ?? publicOrigin(request, config),
            language: requestLanguage(request),
          });
      return reply.status(replayed ? 200 : 201).send({ ...placed, payment });
    },
  );
};
