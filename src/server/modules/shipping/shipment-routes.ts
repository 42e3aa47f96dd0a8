import { eq } from "drizzle-orm";
import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorResponses, rawBody } from "../../../shared/api";
import { bookedShipmentSchema, labelBatchSchema } from "../../../shared/carrier-settings";
import { shortOrderId } from "../../../shared/order";
import { BRING_SERVICE_CODES } from "../../../shared/shipping";
import type { Carriers } from "../../adapters/carriers";
import type { FileStorage } from "../../adapters/storage";
import { orders } from "../../db/schema";
import type { AppDeps } from "../../lib/deps";
import { isUuid, requireStoreMember, requireUser } from "../../lib/guards";
import { notFound } from "../../lib/http-error";
import type { PaymentContext } from "../payments";
import { bookShipment, type ShipmentOrderEffects } from "./booking";
import { mergedLabels, orderLabel } from "./labels";

const idParams = z.object({ id: z.string().max(100) });
/** The seller's pick of service for an order placed with a flat parcel option; ignored otherwise. */
const bookingBodySchema = z
  .object({ service: z.enum(BRING_SERVICE_CODES, "errors.carrierServiceInvalid").optional() })
  .nullable()
  .optional();

const pdfBody = rawBody("A label PDF (application/pdf)");

function sendPdf(reply: FastifyReply, pdf: Buffer, filename: string) {
  return (
    reply
      .header("content-type", "application/pdf")
      .header("content-disposition", `inline; filename="${filename}"`)
      // The label shows the shopper's address: no cache keeps it.
      .header("cache-control", "no-store")
      .send(pdf)
  );
}

/**
 * Booking an order's parcel with the store's carrier and printing its labels (decision 0079, issue 31
 * item 3). Seller only: the same check as changing an order's status (a member of the order's store,
 * else the order does not exist for them).
 */
export const shipmentRoutes: FastifyPluginAsyncZod<
  AppDeps & {
    carriers: Carriers;
    storage: FileStorage;
    payments: PaymentContext;
    emailOutbox: { wake(): void } | undefined;
    orderEffects: ShipmentOrderEffects;
  }
> = async (app, { db, config, carriers, storage, payments, emailOutbox, orderEffects }) => {
  async function requireOrderAccess(request: Parameters<typeof requireUser>[0], orderId: string) {
    const user = requireUser(request);
    if (!isUuid(orderId)) throw notFound("orderNotFound");
    const [order] = await db.select({ storeId: orders.storeId }).from(orders).where(eq(orders.id, orderId));
    if (!order) throw notFound("orderNotFound");
    await requireStoreMember(db, user, order.storeId).catch(() => {
      throw notFound("orderNotFound");
    });
    return user;
  }

  app.post(
    "/api/orders/:id/shipment",
    {
      schema: {
        params: idParams,
        body: bookingBodySchema,
        response: { 201: bookedShipmentSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const user = await requireOrderAccess(request, request.params.id);
      const booked = await bookShipment(
        { db, config, carriers, storage, payments, orders: orderEffects, log: request.log },
        { orderId: request.params.id, userId: user.id, service: request.body?.service },
      );
      // The shopper's "sent" mail was queued with the booking.
      emailOutbox?.wake();
      return reply.code(201).send(booked);
    },
  );

  app.get(
    "/api/orders/:id/shipment/label",
    { schema: { params: idParams, response: { 200: pdfBody, ...errorResponses } } },
    async (request, reply) => {
      await requireOrderAccess(request, request.params.id);
      const pdf = await orderLabel(db, storage, request.params.id);
      return sendPdf(reply, pdf, `label-${shortOrderId(request.params.id)}.pdf`);
    },
  );

  app.post(
    "/api/stores/:id/shipments/labels",
    { schema: { params: idParams, body: labelBatchSchema, response: { 200: pdfBody, ...errorResponses } } },
    async (request, reply) => {
      const store = await requireStoreMember(db, requireUser(request), request.params.id);
      const pdf = await mergedLabels(db, storage, store.id, request.body.orderIds);
      return sendPdf(reply, pdf, `labels-${store.slug}.pdf`);
    },
  );
};
