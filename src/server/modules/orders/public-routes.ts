import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { publicOrderSchema } from "../../../shared/order-page";
import type { AppDeps } from "../../lib/deps";
import { publicOrigin } from "../../lib/origin";
import { getPublicOrder, withdrawOrder } from "./public-order";

const tokenParams = z.object({ token: z.string().max(200) });

/**
 * The shopper's side of their order (decision 0026): no account, the secret in the order page address
 * is the key. Both routes are public; a wrong token is a 404 that says nothing about other orders, and
 * the answers are never cached anywhere (they are one shopper's order).
 */
export const publicOrderRoutes: FastifyPluginAsyncZod<
  AppDeps & { emailOutbox: { wake(): void } | undefined }
> = async (app, { db, config, emailOutbox }) => {
  app.get(
    "/api/orders/by-token/:token",
    {
      config: { public: true },
      schema: { params: tokenParams, response: { 200: publicOrderSchema } },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store").header("x-robots-tag", "noindex");
      return getPublicOrder(db, request.params.token);
    },
  );

  app.post(
    "/api/orders/by-token/:token/withdrawal",
    {
      config: { public: true },
      schema: { params: tokenParams, response: { 200: publicOrderSchema } },
    },
    async (request, reply) => {
      // The notices link to the order page on Torg's address, as the order's answer does (decision 0026).
      const linkOrigin = config.publicUrl ?? publicOrigin(request, config);
      const order = await withdrawOrder(db, request.params.token, linkOrigin);
      emailOutbox?.wake();
      reply.header("cache-control", "no-store");
      return order;
    },
  );
};
