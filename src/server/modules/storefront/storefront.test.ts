import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { imageSrcSet, LEAD_IMAGE_SIZES } from "../../../shared/image-url";
import { createProductVia, createStoreVia } from "../../test/fixtures";
import { Agent, createTestApp, signUp, type TestApp } from "../../test/harness";

let t: TestApp;
let webRoot: string;
beforeAll(async () => {
  // A stand-in for the built client, so the page routes can be checked without a Vite build.
  webRoot = fs.mkdtempSync(path.join(os.tmpdir(), "torg-web-"));
  fs.writeFileSync(
    path.join(webRoot, "index.html"),
    // As large as the built client's (over a kilobyte), so it is worth compressing.
    `<!doctype html><html><head><meta name="description" content="Torg default" /><title>Torg</title><style>${"body{margin:0}".repeat(80)}</style></head><body><div id="root"></div></body></html>`,
  );
  t = await createTestApp({ PUBLIC_URL: "https://torg.example.no", WEB_ROOT: webRoot });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(webRoot, { recursive: true, force: true });
});

async function liveStore() {
  const { agent } = await signUp(t.app);
  const store = await createStoreVia(agent, "Sølvsmia");
  await agent.put(`/api/stores/${store.id}`, {
    phone: "912 34 567",
    description: "Rings & <b>bands</b> from Tromsø",
    heroImageUrl: "https://images.example/hero.jpg",
  });
  await agent.post(`/api/stores/${store.id}/payment-channels`, { provider: "vipps", externalId: "555777" });
  const active = await createProductVia(agent, store.id, { title: "Silver ring", basePrice: "1450" });
  const hidden = await createProductVia(agent, store.id, { title: "Unfinished bracelet" });
  await agent.put(`/api/products/${hidden.id}`, { isActive: false });
  return { agent, store, active, hidden };
}

describe("public store reads", () => {
  it("serves the storefront without seller-only fields", async () => {
    const { store } = await liveStore();
    const response = await new Agent(t.app).get(`/api/stores/slug/${store.slug}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id: store.id,
      name: "Sølvsmia",
      slug: store.slug,
      defaultLocale: "en",
      heroImageUrl: "https://images.example/hero.jpg",
      fallbackHeroImage: expect.stringMatching(/^\/uploads\/products\/.+-1600\.webp$/),
      phone: "+4791234567",
      description: "Rings & <b>bands</b> from Tromsø",
      paymentMethods: ["vipps"],
      seoTitle: null,
      seoDescription: null,
    });
    expect(response.body).not.toContain("555777");
  });

  it("lists only active products to shoppers, and hides inactive ones by id", async () => {
    const { store, active, hidden } = await liveStore();
    const shopper = new Agent(t.app);
    const list = (await shopper.get(`/api/stores/${store.id}/products`)).json();
    expect(list.map((p: { id: string }) => p.id)).toEqual([active.id]);
    expect((await shopper.get(`/api/products/${active.id}`)).json()).toMatchObject({
      title: "Silver ring",
      basePrice: "1450.00",
      store: { name: "Sølvsmia" },
    });
    expect((await shopper.get(`/api/products/${hidden.id}`)).statusCode).toBe(404);
  });

  it("a deleted store's slug and products are 404", async () => {
    const { agent, store, active } = await liveStore();
    await agent.delete(`/api/stores/${store.id}`);
    const shopper = new Agent(t.app);
    expect((await shopper.get(`/api/stores/slug/${store.slug}`)).json()).toEqual({
      message: "Store not found",
    });
    expect((await shopper.get(`/api/stores/${store.id}/products`)).statusCode).toBe(404);
    expect((await shopper.get(`/api/products/${active.id}`)).statusCode).toBe(404);
    expect((await shopper.get(`/api/stores/slug/${randomUUID()}`)).statusCode).toBe(404);
  });
});

describe("compressed public reads", () => {
  it("sends the same JSON as Brotli, gzip or plain, as the browser asks, and a fresh copy after an edit", async () => {
    const { agent, store, active } = await liveStore();
    for (const title of ["Gold ring", "Copper ring"]) await createProductVia(agent, store.id, { title });
    const url = `/api/stores/${store.id}/products`;

    const plain = await t.app.inject({ url });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);
    const brotli = await t.app.inject({ url, headers: { "accept-encoding": "gzip, deflate, br" } });
    expect(brotli.headers["content-encoding"]).toBe("br");
    expect(brotli.headers.vary).toContain("accept-encoding");
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(plain.body);
    const gzip = await t.app.inject({ url, headers: { "accept-encoding": "gzip" } });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);

    await agent.put(`/api/products/${active.id}`, { title: "Polished silver ring" });
    const edited = await t.app.inject({ url, headers: { "accept-encoding": "br" } });
    expect(brotliDecompressSync(edited.rawPayload).toString()).toContain("Polished silver ring");

    // A small answer is not worth a compression header.
    const small = await t.app.inject({
      url: `/api/stores/slug/${store.slug}`,
      headers: { "accept-encoding": "br" },
    });
    expect(small.headers["content-encoding"]).toBeUndefined();
    expect(small.json()).toMatchObject({ id: store.id });
  });
});

describe("shareable pages", () => {
  const page = (url: string) => t.app.inject({ url, headers: { accept: "text/html" } });

  it("gives a storefront link its title, description and Open Graph preview, HTML-escaped", async () => {
    const { store } = await liveStore();
    const response = await page(`/s/${store.slug}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toContain("text/html");
    expect(response.body).toContain("<title>Sølvsmia | Torg</title>");
    expect(response.body).toContain(
      '<meta name="description" content="Rings &amp; &lt;b&gt;bands&lt;/b&gt; from Tromsø">',
    );
    expect(response.body).toContain('<meta property="og:image" content="https://images.example/hero.jpg">');
    expect(response.body).toContain(
      `<meta property="og:url" content="https://torg.example.no/s/${store.slug}">`,
    );
    expect(response.body).not.toContain("<b>bands</b>");
    expect(response.body).toContain(
      '<link rel="preload" as="image" href="https://images.example/hero.jpg" fetchpriority="high">',
    );
  });

  it("keeps a shared page ready, compressed as asked, and fresh after the seller edits the store", async () => {
    const { agent, store } = await liveStore();
    const first = await page(`/s/${store.slug}`);
    expect(first.body).toContain("<title>Sølvsmia | Torg</title>");
    const brotli = await t.app.inject({
      url: `/s/${store.slug}`,
      headers: { accept: "text/html", "accept-encoding": "br" },
    });
    expect(brotli.headers["content-encoding"]).toBe("br");
    expect(brotli.headers["cache-control"]).toBe("no-cache");
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(first.body);

    expect((await agent.put(`/api/stores/${store.id}`, { name: "Sølvsmia Tromsø" })).statusCode).toBe(200);
    expect((await page(`/s/${store.slug}`)).body).toContain("<title>Sølvsmia Tromsø | Torg</title>");
  });

  it("gives a product page its preview image from the upload", async () => {
    const { active } = await liveStore();
    const response = await page(`/products/${active.id}`);
    expect(response.body).toContain("<title>Silver ring | Sølvsmia</title>");
    expect(response.body).toContain(
      `<meta property="og:image" content="https://torg.example.no/uploads/products/`,
    );
    // The photo the page shows first, in the widths and sizes the page will choose from.
    const preload =
      /<link rel="preload" as="image" href="([^"]+)" imagesrcset="([^"]+)" imagesizes="([^"]+)"/.exec(
        response.body,
      );
    expect(preload?.[1]).toMatch(/^https:\/\/torg\.example\.no\/uploads\/products\/.+-1600\.webp$/);
    expect(preload?.[2]).toBe(imageSrcSet(preload?.[1] ?? ""));
    expect(preload?.[3]).toBe(LEAD_IMAGE_SIZES.productPage);
  });

  it("serves the plain client for other pages, and JSON 404 for unknown API routes", async () => {
    const other = await page("/stores");
    expect(other.statusCode).toBe(200);
    expect(other.body).toContain("<title>Torg</title>");
    expect(other.body).not.toContain("og:title");
    const missing = await page("/s/no-such-store");
    expect(missing.body).toContain("<title>Torg</title>");
    expect((await t.app.inject({ url: "/api/nothing", headers: { accept: "text/html" } })).statusCode).toBe(
      404,
    );
    // Pages answer any client (curl included); a missing asset is a JSON 404, not the page.
    expect((await t.app.inject({ url: "/orders" })).body).toContain('<div id="root">');
    const asset = await t.app.inject({ url: "/assets/missing-123.js" });
    expect(asset.statusCode).toBe(404);
    expect(asset.json()).toEqual({ message: "Not found" });
  });
});
