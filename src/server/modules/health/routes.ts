import { sql } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errorResponses, healthDownSchema, healthSchema } from "../../../shared/api";
import type { AppDeps } from "../../lib/deps";

/** For load balancers: 200 only when this process and its database both answer. */
export const healthRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, database }) => {
  app.get(
    "/api/health",
    {
      schema: { response: { 200: healthSchema, 503: healthDownSchema, ...errorResponses } },
      config: { public: true },
    },
    async (_request, reply) => {
      const started = performance.now();
      try {
        await db.execute(sql`select 1`);
        return {
          status: "ok" as const,
          database: database.kind,
          latencyMs: Math.round(performance.now() - started),
        };
      } catch {
        return reply
          .status(503)
          .send({ status: "unavailable" as const, message: "The database does not answer" });
      }
    },
  );
};
