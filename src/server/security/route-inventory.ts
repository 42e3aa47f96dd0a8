/**
 * Every route the application registers, recorded by a real `onRoute` hook.
 *
 * Why a hook on a wrapped factory: `onRoute` only sees routes registered after it was added, and
 * buildApp() registers everything before it returns, so a hook added by a test comes too late; parsing
 * `app.printRoutes()` is brittle (its tree merges `/:id` and `/:code` into one `/:id|:code` node and
 * prints `/uploads/*` as a bare `*`). So the security suites mock the `fastify` module with
 * {@link withRouteRecorder}: the factory buildApp() calls is the real one, plus a hook added on the root
 * instance the moment it exists, which every encapsulated plugin inherits. No application code changes.
 *
 *   vi.mock("fastify", async (importOriginal) =>
 *     (await import("./route-inventory")).withRouteRecorder(await importOriginal()));
 *
 * Type-only imports: this module is loaded from inside that mock factory, before `fastify` itself.
 */
import type { FastifyInstance, FastifySchema, RouteOptions } from "fastify";

export interface RecordedRoute {
  method: string;
  url: string;
  schema: FastifySchema | undefined;
  /** The route's `config`: `public: true` opens an `/api` route to visitors (decision 0030). */
  config: { public?: boolean } | undefined;
  /** The handler function's name (static file routes are recognised by theirs). */
  handlerName: string;
}

const registry = new WeakMap<object, RecordedRoute[]>();

type FastifyFactory = (...args: never[]) => FastifyInstance;

export function withRouteRecorder<M extends { default: unknown }>(actual: M): M {
  const original = actual.default as FastifyFactory;
  const wrapped = ((...args: never[]) => {
    const app = original(...args);
    const routes: RecordedRoute[] = [];
    registry.set(app, routes);
    app.addHook("onRoute", (route: RouteOptions) => {
      const handlerName = route.handler?.name ?? "";
      for (const method of [route.method].flat())
        routes.push({
          method,
          url: route.url,
          schema: route.schema,
          // Read when asked: a plugin's own onRoute hook may still set it (the API docs mark theirs public).
          get config() {
            return route.config;
          },
          handlerName,
        });
    });
    return app;
  }) as unknown as FastifyFactory;
  Object.assign(wrapped, original);
  return { ...actual, default: wrapped, fastify: wrapped };
}

/** The routes of an app built while the recorder was installed. */
export function recordedRoutesOf(app: object): RecordedRoute[] {
  const routes = registry.get(app);
  if (!routes) throw new Error("No routes recorded: mock `fastify` with withRouteRecorder in this test file");
  return routes;
}

/**
 * Routes deliberately left out of the security tables, each with the reason. Everything else the app
 * registers must have a rule.
 */
export const EXCLUDED_ROUTES: { matches(route: RecordedRoute): boolean; reason: string }[] = [
  {
    // Fastify adds a HEAD twin to every GET (exposeHeadRoutes); it runs the GET's handler and hooks.
    matches: (route) => route.method === "HEAD",
    reason: "automatic HEAD twin of a GET route: same handler, same rule",
  },
  {
    // @fastify/static (registered only when a built client exists; the harness points WEB_ROOT at an
    // empty folder) adds one GET per file of dist/web: hidden from schemas (its schemaHide default) and
    // served by its serveFileHandler. The SPA fallback is the not-found handler, not a route. Both serve
    // the same public files to everyone.
    matches: (route) =>
      (route.schema as { hide?: boolean } | undefined)?.hide === true &&
      route.handlerName === "serveFileHandler",
    reason: "static files of the built web client (public, identical for every visitor)",
  },
];

/** "METHOD /url" for every route that needs a rule. */
export function routeKeysOf(app: object): string[] {
  const keys = recordedRoutesOf(app)
    .filter((route) => !EXCLUDED_ROUTES.some((rule) => rule.matches(route)))
    .map((route) => `${route.method} ${route.url}`);
  return [...new Set(keys)].sort();
}
