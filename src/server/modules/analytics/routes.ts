import fp from "fastify-plugin";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { analyticsQuerySchema, analyticsViewSchema } from "../../../shared/analytics";
import { errorResponses, noBody } from "../../../shared/api";
import type { AppDeps } from "../../lib/deps";
import { isUuid, memberStoreIds, requireStoreMember, requireUser } from "../../lib/guards";
import { notFound } from "../../lib/http-error";
import { cachedPublicProduct } from "../products";
import { loadAnalytics, sellsProduct } from "./service";
import { ProductViewCounter } from "./view-counter";

declare module "fastify" {
  interface FastifyInstance {
    /** Buffered storefront product views; tests flush it directly. */
    productViews: ProductViewCounter;
  }
}

/**
 * The analytics page's figures and the storefront's view beacon. A plugin without encapsulation, so
 * the view counter is reachable on the app (tests flush it) and is flushed when the app closes.
 */
export const analyticsRoutes = fp<AppDeps>(
  async (root, { db, publicCache }) => {
    const app = root.withTypeProvider<ZodTypeProvider>();
    const productViews = new ProductViewCounter(db, app.log);
    app.decorate("productViews", productViews);
    app.addHook("onReady", async () => productViews.start());
    app.addHook("onClose", async () => productViews.stop());

    /**
     * A store's figures when storeId names one of yours (anything else is a 404, decision 0004), else those of
     * every store you are a member of: this is a seller's page, so a platform admin sees their own too.
     */
    app.get(
      "/api/analytics",
      {
        schema: {
          response: { 200: analyticsViewSchema, ...errorResponses },
          querystring: analyticsQuerySchema,
        },
      },
      async (request) => {
        const user = requireUser(request);
        const { storeId, from, to } = request.query;
        const storeIds = storeId
          ? [(await requireStoreMember(db, user, storeId)).id]
          : await memberStoreIds(db, user.id);
        return loadAnalytics(db, storeIds, { from, to });
      },
    );

    /**
     * Public: the product page sends this once when a shopper opens it; the store's own sellers are not counted. It lives outside /api/products
     * because every successful write there clears the public read cache, which a view must not do.
     */
    app.post(
      "/api/analytics/product-views/:productId",
      {
        config: { public: true },
        schema: {
          response: { 204: noBody("Counted"), ...errorResponses },
          params: z.object({ productId: z.string().max(100) }),
        },
      },
      async (request, reply) => {
        const { productId } = request.params;
        if (!isUuid(productId)) throw notFound("productNotFound");
        // The product page has just read it: a busy page costs no query per view either.
        await cachedPublicProduct(db, publicCache, productId);
        // Shoppers are anonymous, so only a signed-in visitor costs this query.
        if (!request.user || !(await sellsProduct(db, request.user.id, productId))) {
          // A visitor is their address alone: the User-Agent is the client's to fill, so a key holding it
          // would let one address count as many views as it sends browser names.
          productViews.record(productId, new Date(), request.ip);
        }
        return reply.status(204).send();
      },
    );
  },
  { name: "analytics" },
);
