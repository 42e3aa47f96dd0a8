import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorResponses } from "../../../shared/api";
import {
  createSaleSchema,
  listSalesQuerySchema,
  marketCatalogueSchema,
  saleListSchema,
  saleViewSchema,
} from "../../../shared/market";
import type { AppDeps } from "../../lib/deps";
import { requireStoreMember, requireUser } from "../../lib/guards";
import { requestLanguage } from "../../lib/language";
import { publicOrigin } from "../../lib/origin";
import type { PaymentContext } from "../payments";
import { receiptLinkOrigin, requireStallSaleOfMember } from "./access";
import { marketCatalogue } from "./catalogue";
import { listSales } from "./list";
import { createSale } from "./sales";
import { readSale } from "./vipps-service";

const idParams = z.object({ id: z.string().max(100) });

/** The market stall's sales (decision 0077): recording them, listing them, and what the stall sells. */
export const marketRoutes: FastifyPluginAsyncZod<AppDeps & { payments: PaymentContext }> = async (
  app,
  deps,
) => {
  const { db, config, payments } = deps;

  app.post(
    "/api/stores/:id/sales",
    {
      schema: {
        params: idParams,
        body: createSaleSchema,
        response: { 200: saleViewSchema, 201: saleViewSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const store = await requireStoreMember(db, requireUser(request), request.params.id);
      const { status, sale } = await createSale(deps, {
        storeId: store.id,
        input: request.body,
        language: requestLanguage(request),
        origin: receiptLinkOrigin(request, config),
        requestOrigin: () => publicOrigin(request, config),
      });
      return reply.status(status).send(sale);
    },
  );

  app.get(
    "/api/stores/:id/sales",
    {
      schema: {
        params: idParams,
        querystring: listSalesQuerySchema,
        response: { 200: saleListSchema, ...errorResponses },
      },
    },
    async (request) => {
      const store = await requireStoreMember(db, requireUser(request), request.params.id);
      return listSales(db, store.id, request.query, receiptLinkOrigin(request, config));
    },
  );

  app.get(
    "/api/sales/:id",
    { schema: { params: idParams, response: { 200: saleViewSchema, ...errorResponses } } },
    async (request) => {
      const { id } = await requireStallSaleOfMember(db, request, request.params.id);
      // Waiting for Vipps: read from Vipps when the webhook has not come (rate-limited).
      return readSale(deps, id, receiptLinkOrigin(request, config));
    },
  );

  app.get(
    "/api/stores/:id/market/catalogue",
    { schema: { params: idParams, response: { 200: marketCatalogueSchema, ...errorResponses } } },
    async (request) => {
      const store = await requireStoreMember(db, requireUser(request), request.params.id);
      return marketCatalogue(db, payments, store.id);
    },
  );
};
