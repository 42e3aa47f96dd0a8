/**
 * Contracts on the wire (decision 0029): every route says what it answers, as a zod schema from
 * src/shared that also serialises the answer, and the OpenAPI 3.1 description at /api/docs is generated
 * from exactly those schemas. The route list is the app's own (route-inventory.ts), so a route added
 * without a response schema fails here, naming it.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestApp, type TestApp } from "../test/harness";
import { EXCLUDED_ROUTES, type RecordedRoute, recordedRoutesOf } from "./route-inventory";

vi.mock("fastify", async (importOriginal) =>
  (await import("./route-inventory")).withRouteRecorder(await importOriginal()),
);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 120_000);
afterAll(() => t?.close());

/** The routes the application declares itself: not HEAD twins, static files or the docs page's own. */
function declaredRoutes(): RecordedRoute[] {
  return recordedRoutesOf(t.app).filter(
    (route) =>
      !EXCLUDED_ROUTES.some((rule) => rule.matches(route)) &&
      !((route.schema as { hide?: boolean } | undefined)?.hide === true && route.url.startsWith("/api/docs")),
  );
}

const responseOf = (route: RecordedRoute) =>
  (route.schema as { response?: Record<string, unknown> } | undefined)?.response;

describe("response schemas", () => {
  it("every route declares its success answer and its { message } errors", () => {
    const routes = declaredRoutes();
    expect(routes.length).toBeGreaterThan(55);
    const missing = routes
      .filter((route) => {
        const response = responseOf(route);
        if (!response) return true;
        const codes = Object.keys(response);
        const success = codes.some((code) => /^[23]/.test(code));
        return !success || !("4xx" in response) || !("5xx" in response);
      })
      .map((route) => `${route.method} ${route.url}`);
    expect(missing, `routes without a complete response schema: ${missing.join(", ")}`).toEqual([]);
  });
});

describe("OpenAPI description", () => {
  it("is OpenAPI 3.1 at /api/docs/openapi.json, with every declared /api route and its answers", async () => {
    const response = await t.app.inject({ url: "/api/docs/openapi.json" });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toBe("3.1.0");
    for (const route of declaredRoutes().filter((route) => route.url.startsWith("/api/"))) {
      const path = route.url.replace(/:([A-Za-z]+)/g, "{$1}");
      const operation = document.paths?.[path]?.[route.method.toLowerCase()];
      expect(operation, `${route.method} ${route.url} in the description`).toBeDefined();
      expect(Object.keys(operation.responses ?? {}).length, `${route.method} ${route.url}`).toBeGreaterThan(
        0,
      );
    }
    // The shared schemas are spelled out: a product's answer names its fields and their types.
    const product =
      document.paths["/api/products/{id}"].get.responses["200"].content["application/json"].schema;
    expect(JSON.stringify(product)).toContain('"basePrice":{"type":"string"}');
    // Errors are one shared component: { message } in the caller's language.
    const me = document.paths["/api/me"].get.responses;
    expect(JSON.stringify(me["4XX"] ?? me["4xx"])).toContain("#/components/schemas/ErrorBody");
    expect(document.components.schemas.ErrorBody.required).toEqual(["message"]);
  });

  it("has a readable page at /api/docs for visitors, served from this site under its own CSP", async () => {
    const page = await t.app.inject({ url: "/api/docs" });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toContain("text/html");
    const html = page.body;
    expect(html).not.toMatch(/https?:\/\//);
    const csp = String(page.headers["content-security-policy"]);
    expect(csp).toContain("script-src 'self'");
    // Every script the page loads is served here, and none is inline.
    expect(html).not.toMatch(/<script>(?!\s*<\/script>)/);
    for (const [, src] of html.matchAll(/<script src="([^"]+)"/g)) {
      const url = new URL(src as string, "http://torg.test/api/docs/").pathname;
      const script = await t.app.inject({ url });
      expect(script.statusCode, url).toBe(200);
    }
  });
});
