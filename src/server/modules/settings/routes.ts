import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errorResponses } from "../../../shared/api";
import { settingsPatchSchema, settingsSchema } from "../../../shared/settings";
import type { AppDeps } from "../../lib/deps";
import { requireUser } from "../../lib/guards";
import { getSettings, saveSettings } from "./service";

export const settingsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  app.get(
    "/api/settings",
    { schema: { response: { 200: settingsSchema, ...errorResponses } } },
    async (request) => getSettings(db, requireUser(request).id),
  );

  app.put(
    "/api/settings",
    { schema: { response: { 200: settingsSchema, ...errorResponses }, body: settingsPatchSchema } },
    async (request) => saveSettings(db, requireUser(request).id, request.body),
  );
};
