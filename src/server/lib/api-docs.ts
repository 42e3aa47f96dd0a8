import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { jsonSchemaTransform, jsonSchemaTransformObject } from "fastify-type-provider-zod";

/** Where the readable page lives; its document is at `${API_DOCS_PREFIX}/openapi.json`. */
export const API_DOCS_PREFIX = "/api/docs";

/**
 * The API's OpenAPI 3.1 description, generated from the routes' own zod schemas (decision 0029): what
 * each route takes and answers is the schema that validates and serialises it, so the document cannot
 * drift from the code. Registered before every route: @fastify/swagger collects them as they are added.
 *
 * The page is Swagger UI served from node_modules (no CDN), open to visitors like the document itself.
 * Its routes are marked public here, since the plugin declares them itself (decision 0030).
 */
export const apiDocsPlugin = fp(async (app: FastifyInstance) => {
  await app.register(swagger, {
    openapi: {
      openapi: "3.1.0",
      info: {
        title: "Torg API",
        version: "1",
        description:
          "Signed-in calls carry the session cookie set by POST /api/login. Every failure answers { message }.",
      },
      components: {
        securitySchemes: { session: { type: "apiKey", in: "cookie", name: "torg_session" } },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });

  await app.register(async (docs) => {
    docs.addHook("onRoute", (route) => {
      route.config = { ...route.config, public: true };
    });
    await docs.register(swaggerUi, {
      routePrefix: API_DOCS_PREFIX,
      uiConfig: { deepLinking: true },
      // Our own security plugin sets the page's policy (scripts from 'self' only); nothing here is inline.
      staticCSP: false,
    });
    docs.get(`${API_DOCS_PREFIX}/openapi.json`, { schema: { hide: true } }, async (_request, reply) =>
      reply.type("application/json; charset=utf-8").send(app.swagger()),
    );
  });
});
