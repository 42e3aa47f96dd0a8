import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppDeps } from "../../lib/deps";
import { requireUser } from "../auth/session";
import { sellerArchive } from "./export";

export const privacyRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  /** Everything Torg holds about the signed-in seller and their stores, as one .tar.gz of JSON files. */
  app.get("/api/me/export", async (request, reply) => {
    const user = requireUser(request);
    const archive = await sellerArchive(db, user.id);
    const day = new Date().toISOString().slice(0, 10);
    return reply
      .header("content-type", "application/gzip")
      .header("content-disposition", `attachment; filename="torg-data-${day}.tar.gz"`)
      .send(archive);
  });
};
