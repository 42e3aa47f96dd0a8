import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorResponses, okSchema } from "../../../shared/api";
import { carrierSettingsSchema, carrierSettingsViewSchema } from "../../../shared/carrier-settings";
import type { Carriers } from "../../adapters/carriers";
import type { AppDeps } from "../../lib/deps";
import { requireStoreMember, requireUser } from "../../lib/guards";
import { disconnectCarrier, getCarrierSettings, saveCarrierSettings } from "./carrier-settings";

const storeParams = z.object({ id: z.string().max(100) });

/**
 * A store's carrier account (decision 0079), changed by whoever may change its payment settings: its
 * members. The API key is never read back.
 */
export const carrierRoutes: FastifyPluginAsyncZod<AppDeps & { carriers: Carriers }> = async (
  app,
  { db, carriers },
) => {
  app.get(
    "/api/stores/:id/carrier",
    {
      schema: {
        description:
          "The store's carrier account without its API key; `null` when the store has not connected one (its checkout offers only its own delivery options).",
        params: storeParams,
        response: { 200: carrierSettingsViewSchema.nullable(), ...errorResponses },
      },
    },
    async (request) => {
      const store = await requireStoreMember(db, requireUser(request), request.params.id);
      return getCarrierSettings(db, store.id);
    },
  );

  app.put(
    "/api/stores/:id/carrier",
    {
      schema: {
        description:
          "Connects the store's carrier account or changes it. Bring is asked with a read first: a refused user or key is a 400, Bring not answering a 503, and then nothing is saved. `apiKey` left out keeps the saved key; the first save needs one.",
        params: storeParams,
        body: carrierSettingsSchema,
        response: { 200: carrierSettingsViewSchema, ...errorResponses },
      },
    },
    async (request) => {
      const store = await requireStoreMember(db, requireUser(request), request.params.id);
      return saveCarrierSettings(db, carriers, store.id, request.body);
    },
  );

  app.delete(
    "/api/stores/:id/carrier",
    {
      schema: {
        description:
          "Disconnects the carrier (ok whether or not one was connected). Orders and shipments keep their copies.",
        params: storeParams,
        response: { 200: okSchema, ...errorResponses },
      },
    },
    async (request) => {
      const store = await requireStoreMember(db, requireUser(request), request.params.id);
      await disconnectCarrier(db, store.id);
      return { ok: true };
    },
  );
};
