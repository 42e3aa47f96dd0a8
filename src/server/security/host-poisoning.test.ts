/**
 * Host header poisoning: without PUBLIC_URL, absolute links (QR codes' scan address and image, a shop
 * page's og:url and canonical link) were built from whatever Host the request named, and shop pages and
 * QR images are cached (in memory, and publicly for 5 minutes), so a poisoned link reached later
 * visitors. Now only hosts the site answers to (loopback, this machine's addresses, ALLOWED_HOSTS) make
 * links; any other gets a 421 `{ message }` and nothing is cached. With PUBLIC_URL, links always use it,
 * and a host that is neither PUBLIC_URL's nor a store's verified domain is refused all the same.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { publicOrigin } from "../lib/origin";
import { qrSvg } from "../modules/qr/service";
import { sourceTemplate } from "../pages/page-templates";
import { createProductVia, createStoreVia } from "../test/fixtures";
import { createTestApp, signUp, type TestApp } from "../test/harness";

const POISONED = [
  "evil.example",
  "evil.example:80",
  "localhost.evil.example",
  "127.0.0.1.evil.example",
  "localhost:80@evil.example",
  "evil.example/x",
  "999.1.1.1",
  "[1.2.3.4]",
];

let webRoot: string;
beforeAll(() => {
  webRoot = fs.mkdtempSync(path.join(os.tmpdir(), "torg-host-"));
  fs.writeFileSync(path.join(webRoot, "index.html"), sourceTemplate("index.html"));
  fs.writeFileSync(path.join(webRoot, "shop.html"), sourceTemplate("shop.html"));
});
afterAll(() => fs.rmSync(webRoot, { recursive: true, force: true }));

async function seed(t: TestApp) {
  const { agent } = await signUp(t.app);
  const store = await createStoreVia(agent, "Vevstua");
  const product = await createProductVia(agent, store.id, { title: "Wool blanket" });
  const qr = (
    await agent.post("/api/qr-codes", { storeId: store.id, url: "https://example.no/flyer" })
  ).json() as {
    code: string;
  };
  return { agent, store, product, qr };
}

describe("without PUBLIC_URL", () => {
  let t: TestApp;
  let world: Awaited<ReturnType<typeof seed>>;
  beforeAll(async () => {
    t = await createTestApp({
      WEB_ROOT: webRoot,
      ALLOWED_HOSTS: "shop.example.no",
      PUBLIC_CACHE_TTL_MS: "60000",
    });
    world = await seed(t);
  });
  afterAll(() => t.close());

  const page = (url: string, host?: string) =>
    t.app.inject({ url, headers: { accept: "text/html", ...(host ? { host } : {}) } });

  it("refuses a shop page for a foreign Host, and a later visitor gets the site's own links", async () => {
    for (const url of [`/s/${world.store.slug}`, `/products/${world.product.id}`]) {
      for (const host of POISONED) {
        const poisoned = await page(url, host);
        expect(poisoned.statusCode, `${url} ${host}`).toBe(421);
        expect(poisoned.json().message).toBe(
          "This site does not answer to this address. Its operator can set PUBLIC_URL or ALLOWED_HOSTS.",
        );
      }
      const later = await page(url);
      expect(later.statusCode).toBe(200);
      expect(later.body).not.toContain("evil.example");
      expect(later.body).toContain(`<meta property="og:url" content="http://localhost${url}">`);
      expect(later.body).toContain(`<link rel="canonical" href="http://localhost${url}">`);
    }
  });

  it("refuses a QR image for a foreign Host, so no shared cache keeps a poisoned one", async () => {
    for (const host of POISONED) {
      const poisoned = await t.app.inject({
        url: `/api/qr-codes/${world.qr.code}/image?format=svg`,
        headers: { host },
      });
      expect(poisoned.statusCode, host).toBe(421);
      expect(poisoned.headers["cache-control"] ?? "").not.toContain("public");
    }
    const image = await t.app.inject({ url: `/api/qr-codes/${world.qr.code}/image?format=svg` });
    expect(image.statusCode).toBe(200);
    expect(image.body).toBe(await qrSvg(`http://localhost/q/${world.qr.code}`, "Vevstua", 200));
  });

  it("never puts a foreign Host in a QR code's scan address", async () => {
    const poisoned = await world.agent.request({
      method: "GET",
      url: "/api/qr-codes",
      headers: { host: "evil.example" },
    });
    expect(poisoned.statusCode).toBe(421);
    expect(poisoned.body).not.toContain("evil.example");
    const own = await world.agent.request({
      method: "GET",
      url: "/api/qr-codes",
      headers: { host: "shop.example.no:3000" },
    });
    expect(own.statusCode).toBe(200);
    expect(own.body).toContain(`"scanUrl":"http://shop.example.no:3000/q/${world.qr.code}"`);
  });

  it("answers to loopback, this machine's addresses and ALLOWED_HOSTS", async () => {
    const ownAddress = Object.values(os.networkInterfaces())
      .flat()
      .find((address) => address && address.family === "IPv4")?.address;
    const hosts = ["localhost:3000", "127.0.0.1:3000", "[::1]:3000", "shop.example.no", "SHOP.example.no"];
    if (ownAddress) hosts.push(`${ownAddress}:3000`);
    for (const host of hosts) {
      const response = await page(`/s/${world.store.slug}`, host);
      expect(response.statusCode, host).toBe(200);
    }
  });
});

describe("with PUBLIC_URL", () => {
  let t: TestApp;
  let world: Awaited<ReturnType<typeof seed>>;
  beforeAll(async () => {
    t = await createTestApp({ WEB_ROOT: webRoot, PUBLIC_URL: "https://torg.example.no" });
    world = await seed(t);
  });
  afterAll(() => t.close());

  it("refuses a foreign Host with PUBLIC_URL too: it could only be another store's page (decision 0080)", async () => {
    for (const host of POISONED) {
      const shop = await t.app.inject({
        url: `/s/${world.store.slug}`,
        headers: { accept: "text/html", host },
      });
      expect(shop.statusCode, host).toBe(421);
    }
  });

  it("builds every link from PUBLIC_URL on the hosts it answers to", async () => {
    const shop = await t.app.inject({
      url: `/s/${world.store.slug}`,
      headers: { accept: "text/html", host: "127.0.0.1:3000" },
    });
    expect(shop.statusCode).toBe(200);
    expect(shop.body).toContain(
      `<link rel="canonical" href="https://torg.example.no/s/${world.store.slug}">`,
    );
    const image = await t.app.inject({
      url: `/api/qr-codes/${world.qr.code}/image?format=svg`,
      headers: { host: "torg.example.no" },
    });
    expect(image.body).toBe(await qrSvg(`https://torg.example.no/q/${world.qr.code}`, "Vevstua", 200));
  });
});

describe("publicOrigin", () => {
  it("refuses a forwarded host it does not answer to, behind a trusted proxy too", () => {
    const request = (host: string, protocol = "https") =>
      ({ host, protocol }) as Parameters<typeof publicOrigin>[0];
    const config = { publicUrl: undefined, allowedHosts: ["shop.example.no"] };
    expect(publicOrigin(request("shop.example.no"), config)).toBe("https://shop.example.no");
    expect(() => publicOrigin(request("evil.example"), config)).toThrow("unknownHost");
    expect(() => publicOrigin(request("shop.example.no", "javascript"), config)).toThrow("unknownHost");
  });
});
