import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorResponses } from "../../../shared/api";
import { deliveryOptionListSchema, deliveryOptionsSchema } from "../../../shared/delivery";
import type { AppDeps } from "../../lib/deps";
import { requireStoreMember, requireUser } from "../../lib/guards";
import { listDeliveryOptions, replaceDeliveryOptions } from "./delivery-options";

const storeParams = z.object({ id: z.string().max(100) });

/** A store's delivery options (decision 0036): the seller reads and replaces the whole list. */
export const deliveryOptionRoutes: FastifyPluginAsyncZod<AppDeps> = async (
  app,
  { db, onCatalogueChange },
) => {
  app.get(
    "/api/stores/:id/delivery-options",
    { schema: { params: storeParams, response: { 200: deliveryOptionListSchema, ...errorResponses } } },
    async (request) => {
      const store = await requireStoreMember(db, requireUser(request), request.params.id);
      return listDeliveryOptions(db, store.id);
    },
  );

  app.put(
    "/api/stores/:id/delivery-options",
    {
      schema: {
        params: storeParams,
        body: deliveryOptionsSchema,
        response: { 200: deliveryOptionListSchema, ...errorResponses },
      },
    },
    async (request) => {
      const store = await requireStoreMember(db, requireUser(request), request.params.id);
      return replaceDeliveryOptions(db, store.id, request.body, onCatalogueChange);
    },
  );
};
