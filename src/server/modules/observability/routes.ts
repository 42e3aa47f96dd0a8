import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errorResponses, rawBody } from "../../../shared/api";
import type { AppDeps } from "../../lib/deps";
import { HttpError, notFound } from "../../lib/http-error";
import { bearerMatches, type Metrics } from "./metrics";

/**
 * `GET /metrics` in Prometheus's text format. Off unless METRICS_TOKEN is set (then it is a 404, as any
 * unknown path), and then only with that token as a bearer: the figures tell outsiders how busy a shop is.
 */
export const metricsRoutes: FastifyPluginAsyncZod<AppDeps & { metrics: Metrics }> = async (
  app,
  { config, metrics },
) => {
  app.get(
    "/metrics",
    {
      schema: { response: { 200: rawBody("Prometheus text format"), ...errorResponses } },
      config: { public: true },
    },
    async (request, reply) => {
      if (!config.metricsToken) throw notFound();
      if (!bearerMatches(request.headers.authorization, config.metricsToken)) {
        throw new HttpError(
          401,
          "metricsTokenRequired",
          {},
          { "www-authenticate": 'Bearer realm="metrics"' },
        );
      }
      const body = await metrics.registry.metrics();
      return reply.header("cache-control", "no-store").type(metrics.registry.contentType).send(body);
    },
  );
};
