import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorResponses } from "../../../shared/api";
import { saleBuyerSchema, saleViewSchema } from "../../../shared/market";
import { sendReceiptAnswerSchema, sendReceiptSchema } from "../../../shared/receipt-send";
import type { AppDeps } from "../../lib/deps";
import { requestLanguage } from "../../lib/language";
import { receiptLinkOrigin, requireStallSaleOfMember } from "./access";
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
      const sale = await requireStallSaleOfMember(db, request, request.params.id);
      const answer = await sendSaleReceipt(
        {
          db,
          allowedCountries: config.sms.allowedCountries,
          linkOrigin: receiptLinkOrigin(request, config),
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
      const sale = await requireStallSaleOfMember(db, request, request.params.id);
      await setSaleBuyer(db, sale.id, request.body);
      return getSaleView(db, sale.id, receiptLinkOrigin(request, config));
    },
  );
};
