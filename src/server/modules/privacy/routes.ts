import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorResponses, rawBody } from "../../../shared/api";
import { deleteAccountSchema } from "../../../shared/auth";
import { eraseShopperSchema } from "../../../shared/order";
import type { AppDeps } from "../../lib/deps";
import { requireStoreMember, requireUser } from "../../lib/guards";
import { clearSessionCookie } from "../auth";
import { deleteAccount } from "./delete-account";
import { eraseShopper } from "./erase-shopper";
import { sellerArchive } from "./export";

export const privacyRoutes: FastifyPluginAsyncZod<AppDeps> = async (
  app,
  { db, config, onCatalogueChange },
) => {
  /** Everything Torg holds about the signed-in seller and their stores, as one .tar.gz of JSON files. */
  app.get(
    "/api/me/export",
    {
      schema: { response: { 200: rawBody("application/gzip: a .tar.gz of JSON files"), ...errorResponses } },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const archive = await sellerArchive(db, user.id);
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .header("content-type", "application/gzip")
        .header("content-disposition", `attachment; filename="torg-data-${day}.tar.gz"`)
        .send(archive);
    },
  );

  /** Deletes the signed-in seller's account (their password again); every session of it ends. */
  app.delete(
    "/api/me",
    {
      schema: {
        response: { 200: z.object({ ok: z.boolean(), deletedStores: z.number() }), ...errorResponses },
        body: deleteAccountSchema,
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const deletedStores = await deleteAccount(
        db,
        config,
        user.id,
        request.body,
        request.ip,
        onCatalogueChange,
      );
      clearSessionCookie(reply);
      return { ok: true, deletedStores: deletedStores.length };
    },
  );

  /** A shopper asked the seller to erase them: their details go from this store's orders. */
  app.post(
    "/api/stores/:id/erase-shopper",
    {
      schema: {
        response: { 200: z.object({ orders: z.number() }), ...errorResponses },
        params: z.object({ id: z.string().max(100) }),
        body: eraseShopperSchema,
      },
    },
    async (request) => {
      const store = await requireStoreMember(db, requireUser(request), request.params.id);
      return { orders: await eraseShopper(db, store.id, request.body.email) };
    },
  );
};
