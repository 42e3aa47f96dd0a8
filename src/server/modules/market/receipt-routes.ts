import { eq } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorResponses } from "../../../shared/api";
import { saleBuyerSchema, saleViewSchema } from "../../../shared/market";
import { sendReceiptAnswerSchema, sendReceiptSchema } from "../../../shared/receipt-send";
import { orders } from "../../db/schema";
import type { AppDeps } from "../../lib/deps";
import { isUuid, requireStoreMember, requireUser } from "../../lib/guards";
import { notFound } from "../../lib/http-error";
import { requestLanguage } from "../../lib/language";
import { publicOrigin } from "../../lib/origin";
import { getSaleView } from "./sale-view";
import { sendSaleReceipt, setSaleBuyer } from "./send-receipt";

const idParams = z.object({ id: z.string().max(100) });

export interface ReceiptRouteDeps {
  emailOutbox?: { wake(): void };
  smsOutbox?: { wake(): void };
}

/** A stall sale's receipt sent to the buyer, and the buyer's details that make it a sales document (0077). */
export const receiptRoutes: FastifyPluginAsyncZod<AppDeps & ReceiptRouteDeps> = async (app, deps) => {
  const { db, config } = deps;

  /** Torg's address for a receipt's link, or null: the message then goes without one. */
  function linkOrigin(request: FastifyRequest): string | null {
    if (config.publicUrl) return config.publicUrl;
    try {
      return publicOrigin(request, config);
    } catch {
      return null;
    }
  }

  /** The stall sale, when the user is a member of its store; another seller's sale is a 404 (decision 0004). */
  async function requireSaleOfMember(request: FastifyRequest, id: string) {
    const user = requireUser(request);
    if (!isUuid(id)) throw notFound("saleNotFound");
    const [sale] = await db
      .select({ id: orders.id, storeId: orders.storeId, channel: orders.channel })
      .from(orders)
      .where(eq(orders.id, id));
    await requireStoreMember(db, user, sale?.storeId ?? "").catch(() => {
      throw notFound("saleNotFound");
    });
    if (sale?.channel !== "stall") throw notFound("saleNotFound");
    return sale;
  }

  app.post(
    "/api/sales/:id/receipt",
    {
      schema: {
        params: idParams,
        body: sendReceiptSchema,
        response: { 202: sendReceiptAnswerSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const sale = await requireSaleOfMember(request, request.params.id);
      const answer = await sendSaleReceipt(
        {
          db,
          allowedCountries: config.sms.allowedCountries,
          linkOrigin: linkOrigin(request),
          language: requestLanguage(request),
          wakeEmail: () => deps.emailOutbox?.wake(),
          wakeSms: () => deps.smsOutbox?.wake(),
        },
        sale,
        request.body,
      );
      return reply.status(202).send(answer);
    },
  );

  app.put(
    "/api/sales/:id/buyer",
    {
      schema: {
        params: idParams,
        body: saleBuyerSchema,
        response: { 200: saleViewSchema, ...errorResponses },
      },
    },
    async (request) => {
      const sale = await requireSaleOfMember(request, request.params.id);
      await setSaleBuyer(db, sale.id, request.body);
      return getSaleView(db, sale.id, linkOrigin(request));
    },
  );
};
