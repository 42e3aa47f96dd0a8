import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorResponses } from "../../../shared/api";
import { isSlugShaped } from "../../../shared/slug";
import { publicStoreSchema } from "../../../shared/storefront";
import type { AppDeps } from "../../lib/deps";
import { notFound } from "../../lib/http-error";
import { sendCached } from "../../lib/micro-cache";
import { getPublicStoreBySlug } from "./service";

export const storefrontRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, publicCache }) => {
  app.get(
    "/api/stores/slug/:slug",
    {
      config: { public: true },
      schema: {
        response: { 200: publicStoreSchema, ...errorResponses },
        params: z.object({ slug: z.string().max(100) }),
      },
    },
    async (request, reply) => {
      const slug = request.params.slug.toLowerCase();
      if (!isSlugShaped(slug)) throw notFound("storeNotFound");
      const store = await publicCache.get(`store:${slug}`, () => getPublicStoreBySlug(db, slug));
      return sendCached(request, reply, store);
    },
  );
};
