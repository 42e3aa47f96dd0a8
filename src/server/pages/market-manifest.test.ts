import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/harness";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const STORE_ID = "5b0f3c1e-8a2d-4c59-9a43-2d9f4f0a7e61";

describe("the market screen's manifest (issue 30)", () => {
  it("starts at the store's market page, standalone, with the app's mark, and names no store", async () => {
    const response = await t.app.inject({ url: `/stores/${STORE_ID}/market/manifest.webmanifest` });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/manifest+json; charset=utf-8");
    expect(response.headers["cache-control"]).toBe("no-cache");
    expect(response.json()).toEqual({
      id: `/stores/${STORE_ID}/market`,
      name: "Torg Market",
      short_name: "Torg Market",
      start_url: `/stores/${STORE_ID}/market`,
      scope: `/stores/${STORE_ID}/market`,
      display: "standalone",
      orientation: "portrait",
      theme_color: "#fbf9f4",
      background_color: "#fbf9f4",
      icons: [{ src: "/favicon.svg", sizes: "any", type: "image/svg+xml", purpose: "any" }],
    });
  });

  it("is a 404 for an address that is no store id", async () => {
    const response = await t.app.inject({ url: "/stores/not-a-store/market/manifest.webmanifest" });
    expect(response.statusCode).toBe(404);
  });

  it("lets pages run a worker and read a manifest from Torg's own origin only", async () => {
    const response = await t.app.inject({ url: "/some/page", headers: { accept: "text/html" } });
    const csp = String(response.headers["content-security-policy"]);
    expect(csp).toContain("worker-src 'self'");
    expect(csp).toContain("manifest-src 'self'");
  });
});
