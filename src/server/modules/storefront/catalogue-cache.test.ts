/**
 * The public read cache is cleared by the services that change what shoppers see (decision 0031), not
 * by a URL pattern: an anonymous photo analysis (POST /api/products/analyze) keeps it, a seller's
 * change to their store or a product drops it. Observed as a shopper would cause it and as the
 * operator sees it: the cache's hit and miss counters on /metrics.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSecurityApp, type SecurityApp, type Seed, seedScenario, send } from "../../security/scenario";
import { multipart, sampleJpeg } from "../../test/fixtures";

const TOKEN = "catalogue-cache-metrics-token-0123";
let app: SecurityApp;
let seed: Seed;

beforeAll(async () => {
  app = await createSecurityApp({ METRICS_TOKEN: TOKEN, PUBLIC_CACHE_TTL_MS: "60000" });
  seed = await seedScenario(app.t);
}, 180_000);
afterAll(() => app?.close());

async function cacheCounts() {
  const response = await app.t.app.inject({ url: "/metrics", headers: { authorization: `Bearer ${TOKEN}` } });
  expect(response.statusCode).toBe(200);
  const count = (result: string) =>
    Number(
      new RegExp(`torg_public_cache_requests_total\\{result="${result}"\\} (\\d+)`).exec(response.body)?.[1],
    );
  return { hit: count("hit"), miss: count("miss") };
}

/** A shopper reads the storefront: answered from the cache (a hit) or loaded again (a miss). */
async function shopperReadsStore() {
  const before = await cacheCounts();
  const response = await app.t.app.inject({ url: `/api/stores/slug/${seed.store.slug}` });
  expect(response.statusCode).toBe(200);
  const after = await cacheCounts();
  return after.hit > before.hit ? "hit" : after.miss > before.miss ? "miss" : "neither";
}

describe("the public read cache", () => {
  it("survives a visitor's photo analysis", async () => {
    await shopperReadsStore();
    expect(await shopperReadsStore()).toBe("hit");
    const analysed = await app.t.app.inject({
      method: "POST",
      url: "/api/products/analyze",
      ...multipart({}, [
        { field: "productImage", filename: "a.jpg", body: await sampleJpeg(160, 120), type: "image/jpeg" },
      ]),
    });
    expect(analysed.statusCode).toBe(200);
    expect(await shopperReadsStore()).toBe("hit");
  });

  it("is cleared when the seller changes the store, so shoppers see the change at once", async () => {
    expect(await shopperReadsStore()).toBe("hit");
    const saved = await send(app.t, seed.actors.member, {
      method: "PUT",
      url: `/api/stores/${seed.store.id}`,
      payload: { description: "Now with glazed bowls." },
    });
    expect(saved.statusCode).toBe(200);
    expect(await shopperReadsStore()).toBe("miss");
    const store = await app.t.app.inject({ url: `/api/stores/slug/${seed.store.slug}` });
    expect(store.json().description).toBe("Now with glazed bowls.");
  });

  it("is cleared when a product changes, and not by a refused change", async () => {
    await shopperReadsStore();
    const refused = await send(app.t, seed.actors.member, {
      method: "PUT",
      url: `/api/products/${seed.product.id}`,
      payload: { title: "x".repeat(500) },
    });
    expect(refused.statusCode).toBe(400);
    expect(await shopperReadsStore()).toBe("hit");
    const saved = await send(app.t, seed.actors.member, {
      method: "PUT",
      url: `/api/products/${seed.product.id}`,
      payload: { title: "Glazed bowl" },
    });
    expect(saved.statusCode).toBe(200);
    expect(await shopperReadsStore()).toBe("miss");
  });
});
