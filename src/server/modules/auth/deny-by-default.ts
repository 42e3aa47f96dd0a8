import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { unauthorized } from "../../lib/http-error";

declare module "fastify" {
  interface FastifyContextConfig {
    /**
     * The route answers visitors who are not signed in (decision 0030). Every other `/api` route is
     * refused with 401 before its input is validated or its handler runs.
     */
    public?: boolean;
  }
}

/** Whether a route was declared open to visitors (`config: { public: true }` in its options). */
export function isPublicRoute(config: { public?: boolean } | undefined): boolean {
  return config?.public === true;
}

/**
 * Deny by default (decision 0030): an `/api` route needs a signed-in user unless its declaration says
 * `config: { public: true }`. It runs at preValidation: after the session plugin's onRequest hook has
 * resolved `request.user`, and after the body was read, so a body too large or not JSON is still the
 * 413 or 400 it always was, but before the input is validated or the handler runs. A route that forgets
 * `requireUser` is still closed; a path no route matches keeps its JSON 404 (the not-found handler).
 */
export const denyByDefaultPlugin = fp(async (app: FastifyInstance) => {
  app.addHook("preValidation", async (request) => {
    if (request.user || request.is404 || !request.url.startsWith("/api/")) return;
    if (!isPublicRoute(request.routeOptions.config)) throw unauthorized();
  });
});
