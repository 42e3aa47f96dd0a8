import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errorResponses } from "../../../shared/api";
import {
  quickStoreMultipleSchema,
  quickStoreResultSchema,
  quickStoreSchema,
} from "../../../shared/quickstore";
import type { FileStorage } from "../../adapters/storage";
import type { AppDeps } from "../../lib/deps";
import { requireAllowlistProof, requireUser } from "../../lib/guards";
import { requestLanguage } from "../../lib/language";
import { publicOrigin } from "../../lib/origin";
import { createQuickStore } from "./service";

/** Saving a quick-create draft needs an account (decision 0005); analysing and editing it did not. */
export const quickstoreRoutes: FastifyPluginAsyncZod<AppDeps & { storage: FileStorage }> = async (
  app,
  { db, config, storage, onCatalogueChange },
) => {
  const context = (request: Parameters<typeof requireUser>[0]) => ({
    origin: publicOrigin(request, config),
    language: requestLanguage(request),
  });

  app.post(
    "/api/quickstore",
    { schema: { response: { 201: quickStoreResultSchema, ...errorResponses }, body: quickStoreSchema } },
    async (request, reply) => {
      const user = requireUser(request);
      requireAllowlistProof(user, config);
      const result = await createQuickStore(
        db,
        storage,
        user,
        { store: request.body.store, products: [request.body.product] },
        context(request),
        onCatalogueChange,
      );
      return reply.status(201).send(result);
    },
  );

  app.post(
    "/api/quickstore/multiple",
    {
      schema: {
        response: { 201: quickStoreResultSchema, ...errorResponses },
        body: quickStoreMultipleSchema,
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      requireAllowlistProof(user, config);
      const result = await createQuickStore(
        db,
        storage,
        user,
        request.body,
        context(request),
        onCatalogueChange,
      );
      return reply.status(201).send(result);
    },
  );
};
