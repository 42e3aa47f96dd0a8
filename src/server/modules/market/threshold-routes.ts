import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorResponses } from "../../../shared/api";
import { thresholdsViewSchema } from "../../../shared/stall-thresholds";
import type { AppDeps } from "../../lib/deps";
import { requireStoreMember, requireUser } from "../../lib/guards";
import { getStoreThresholds } from "./thresholds";

const idParams = z.object({ id: z.string().max(100) });

/** The cash-register rules and the MVA threshold measured on a store's sales (decision 0078). */
export const thresholdRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  app.get(
    "/api/stores/:id/thresholds",
    { schema: { params: idParams, response: { 200: thresholdsViewSchema, ...errorResponses } } },
    async (request) => {
      const store = await requireStoreMember(db, requireUser(request), request.params.id);
      return getStoreThresholds(db, store);
    },
  );
};
