import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorResponses } from "../../../shared/api";
import { salePaySchema, saleViewSchema, saleVippsSchema } from "../../../shared/market";
import type { AppDeps } from "../../lib/deps";
import { requestLanguage } from "../../lib/language";
import { publicOrigin } from "../../lib/origin";
import type { PaymentContext } from "../payments";
import { receiptLinkOrigin, requireStallSaleOfMember } from "./access";
import { cancelSalePayment, newVippsRequest, payOtherwise, type SaleCaller } from "./vipps-service";

const idParams = z.object({ id: z.string().max(100) });

/**
 * A stall sale's payment after it was recorded (decision 0077): a new Vipps QR or push, paid another way
 * after all (cash, the seller's terminal), or given up. Each answers the sale's view (saleViewSchema).
 */
export const marketVippsRoutes: FastifyPluginAsyncZod<AppDeps & { payments: PaymentContext }> = async (
  app,
  deps,
) => {
  const { db, config } = deps;

  /** The seller's access to the sale first: another seller's sale does not exist for them (decision 0004). */
  function callerOf(request: FastifyRequest): SaleCaller {
    return {
      language: requestLanguage(request),
      origin: receiptLinkOrigin(request, config),
      requestOrigin: () => publicOrigin(request, config),
    };
  }

  app.post(
    "/api/sales/:id/vipps",
    {
      schema: {
        params: idParams,
        body: saleVippsSchema,
        response: { 200: saleViewSchema, ...errorResponses },
      },
    },
    async (request) =>
      newVippsRequest(
        deps,
        (await requireStallSaleOfMember(db, request, request.params.id)).id,
        request.body,
        callerOf(request),
      ),
  );

  app.post(
    "/api/sales/:id/pay",
    {
      schema: { params: idParams, body: salePaySchema, response: { 200: saleViewSchema, ...errorResponses } },
    },
    async (request) =>
      payOtherwise(
        deps,
        (await requireStallSaleOfMember(db, request, request.params.id)).id,
        request.body,
        callerOf(request),
      ),
  );

  app.post(
    "/api/sales/:id/cancel-payment",
    { schema: { params: idParams, response: { 200: saleViewSchema, ...errorResponses } } },
    async (request) =>
      cancelSalePayment(
        deps,
        (await requireStallSaleOfMember(db, request, request.params.id)).id,
        callerOf(request),
      ),
  );
};
