/**
 * Private JSON without Cache-Control: /api/me, orders, analytics, a member's view of a product... could
 * be kept by a browser or a shared cache and shown to the next user of the machine or the proxy. Every
 * GET of the API (from the recorded route inventory, so a new route cannot be forgotten), asked by a
 * store member, now answers `Cache-Control: no-store`; only the public reads that set their own header
 * (the printable QR image, uploaded files) keep it.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { TestApp } from "../test/harness";
import { routeKeysOf } from "./route-inventory";
import {
  createSecurityApp,
  defaultParams,
  fillPath,
  type SecurityApp,
  type Seed,
  seedScenario,
  send,
  validOrder,
} from "./scenario";

vi.mock("fastify", async (importOriginal) =>
  (await import("./route-inventory")).withRouteRecorder(await importOriginal()),
);

/** Public reads with a cache policy of their own, and that policy. */
const OWN_POLICY: Record<string, string> = {
  "GET /api/qr-codes/:code/image": "public, max-age=300",
};

let app: SecurityApp;
let t: TestApp;
let seed: Seed;
beforeAll(async () => {
  app = await createSecurityApp();
  t = app.t;
  seed = await seedScenario(t);
}, 180_000);
afterAll(() => app?.close());

describe("Cache-Control on API answers", () => {
  it("is no-store on every API read a member makes, unless the route has a public policy", async () => {
    const reads = routeKeysOf(t.app).filter((key) => key.startsWith("GET /api/"));
    expect(reads).toContain("GET /api/me");
    for (const key of reads) {
      const url = key.slice("GET ".length);
      const response = await send(t, seed.actors.member, {
        method: "GET",
        url: fillPath(url, defaultParams(url, seed)),
      });
      const expected = response.statusCode < 400 ? (OWN_POLICY[key] ?? "no-store") : "no-store";
      expect(response.headers["cache-control"], `${key} (${response.statusCode})`).toBe(expected);
    }
  });

  it("is no-store on the private answers named in the report, and on errors and writes", async () => {
    for (const url of [
      "/api/me",
      "/api/orders",
      `/api/orders/${seed.order.id}`,
      `/api/analytics?storeId=${seed.store.id}`,
      `/api/products/${seed.product.id}`,
      "/api/no-such-route",
    ]) {
      const response = await send(t, seed.actors.member, { method: "GET", url });
      expect(response.headers["cache-control"], url).toBe("no-store");
    }
    const order = await t.app.inject({
      method: "POST",
      url: "/api/orders",
      payload: validOrder(seed.store.id, seed.product.id),
    });
    expect(order.statusCode).toBe(201);
    expect(order.headers["cache-control"]).toBe("no-store");
  });

  it("leaves public files their own policy", async () => {
    const image = await t.app.inject({ url: seed.product.primaryImage });
    expect(image.statusCode).toBe(200);
    expect(image.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    const qr = await t.app.inject({ url: `/api/qr-codes/${seed.qr.code}/image` });
    expect(qr.statusCode).toBe(200);
    expect(qr.headers["cache-control"]).toBe("public, max-age=300");
  });
});
