import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppDeps } from "../../lib/deps";
import { notFound } from "../../lib/http-error";
import { getPublicStoreBySlug } from "./service";

export const storefrontRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  app.get(
    "/api/stores/slug/:slug",
    { schema: { params: z.object({ slug: z.string().max(100) }) } },
    async (request) => {
      if (!/^[a-z0-9-]{1,60}$/i.test(request.params.slug)) throw notFound("storeNotFound");
      return getPublicStoreBySlug(db, request.params.slug);
    },
  );
};
