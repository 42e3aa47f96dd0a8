import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { settingsPatchSchema } from "../../../shared/settings";
import type { AppDeps } from "../../lib/deps";
import { requireUser } from "../auth/session";
import { getSettings, saveSettings } from "./service";

export const settingsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  app.get("/api/settings", async (request) => getSettings(db, requireUser(request).id));

  app.put("/api/settings", { schema: { body: settingsPatchSchema } }, async (request) =>
    saveSettings(db, requireUser(request).id, request.body),
  );
};
