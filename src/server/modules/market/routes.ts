import { eq } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
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
import { orders } from "../../db/schema";
import type { AppDeps } from "../../lib/deps";
import { isUuid, requireStoreMember, requireUser } from "../../lib/guards";
import { notFound } from "../../lib/http-error";
import { requestLanguage } from "../../lib/language";
import { publicOrigin } from "../../lib/origin";
import type { PaymentContext } from "../payments";
import { marketCatalogue } from "./catalogue";
import { listSales } from "./list";
import { getSaleView } from "./sale-view";
import { createSale } from "./sales";

const idParams = z.object({ id: z.string().max(100) });

/** The market stall's sales (decision 0077): recording them, listing them, and what the stall sells. */
export const marketRoutes: FastifyPluginAsyncZod<AppDeps & { payments: PaymentContext }> = async (
  app,
  deps,
) => {
  const { db, config, payments } = deps;

  /** Torg's address for a receipt's link (decision 0026), or null: the link is then a path. */
  function receiptOrigin(request: FastifyRequest): string | null {
    if (config.publicUrl) return config.publicUrl;
    try {
      return publicOrigin(request, config);
    } catch {
      return null;
    }
  }

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
        origin: receiptOrigin(request),
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
      return listSales(db, store.id, request.query, receiptOrigin(request));
    },
  );

  app.get(
    "/api/sales/:id",
    { schema: { params: idParams, response: { 200: saleViewSchema, ...errorResponses } } },
    async (request) => {
      const user = requireUser(request);
      const { id } = request.params;
      if (!isUuid(id)) throw notFound("saleNotFound");
      const [sale] = await db.select({ storeId: orders.storeId }).from(orders).where(eq(orders.id, id));
      // Another seller's sale does not exist for them (decision 0004).
      await requireStoreMember(db, user, sale?.storeId ?? "").catch(() => {
        throw notFound("saleNotFound");
      });
      return getSaleView(db, id, receiptOrigin(request));
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
