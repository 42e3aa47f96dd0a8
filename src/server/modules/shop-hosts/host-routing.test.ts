/**
 * Host routing (decision 0080): a verified domain serves its own store's pages and the API they call,
 * and nothing else; the platform's `/s/{slug}` and product pages send (301) to it; a host nobody verified
 * is refused (421), with or without PUBLIC_URL.
 */
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sourceTemplate } from "../../pages/page-templates";
import { createProductVia, createStoreVia } from "../../test/fixtures";
import { type Agent, createTestApp, signUp, type TestApp } from "../../test/harness";
import { removeShopDomain, setShopDomain } from "./testing";

let webRoot: string;
beforeAll(() => {
  webRoot = fs.mkdtempSync(path.join(os.tmpdir(), "torg-hosts-"));
  fs.writeFileSync(path.join(webRoot, "index.html"), sourceTemplate("index.html"));
  fs.writeFileSync(path.join(webRoot, "shop.html"), sourceTemplate("shop.html"));
});
afterAll(() => fs.rmSync(webRoot, { recursive: true, force: true }));

const UNKNOWN_HOST =
  "This site does not answer to this address. Its operator can set PUBLIC_URL or ALLOWED_HOSTS.";

interface World {
  agent: Agent;
  store: { id: string; slug: string };
  product: { id: string };
  other: { id: string; slug: string };
  otherProduct: { id: string };
  domain: string;
}

async function seed(t: TestApp): Promise<World> {
  const { agent } = await signUp(t.app);
  const store = await createStoreVia(agent, "Keramikk Kari");
  const product = await createProductVia(agent, store.id, { title: "Ash green mug" });
  const other = await createStoreVia(agent, "Vevstua");
  const otherProduct = await createProductVia(agent, other.id, { title: "Wool blanket" });
  const domain = `keramikkari-${randomUUID().slice(0, 6)}.test`;
  await setShopDomain(t.app, t.database.db, store.id, domain);
  return { agent, store, product, other, otherProduct, domain };
}

const get = (t: TestApp, url: string, host: string, headers: Record<string, string> = {}) =>
  t.app.inject({ url, headers: { accept: "text/html", host, ...headers } });

describe("with PUBLIC_URL", () => {
  let t: TestApp;
  let w: World;
  beforeAll(async () => {
    t = await createTestApp({ WEB_ROOT: webRoot, PUBLIC_URL: "https://torg.example.no" });
    w = await seed(t);
  });
  afterAll(() => t.close());

  it("serves the store's storefront, product and terms at its domain, linked there", async () => {
    const home = await get(t, "/", w.domain);
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain(`<link rel="canonical" href="https://${w.domain}/">`);
    expect(home.body).toContain("Ash green mug");
    expect(home.body).not.toContain("Wool blanket");
    expect(home.body).toContain(`<meta property="og:url" content="https://${w.domain}/">`);

    const product = await get(t, `/products/${w.product.id}`, w.domain);
    expect(product.statusCode).toBe(200);
    expect(product.body).toContain(
      `<link rel="canonical" href="https://${w.domain}/products/${w.product.id}">`,
    );

    const terms = await get(t, "/terms", w.domain);
    expect(terms.statusCode).toBe(200);
    expect(terms.body).toContain(`<meta property="og:url" content="https://${w.domain}/terms">`);
  });

  it("answers 404 for another store's product on the domain", async () => {
    const response = await get(t, `/products/${w.otherProduct.id}`, w.domain);
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain("Wool blanket");
    // …and another store's page by its platform path is not the domain's either: it is the platform's.
    const platformPath = await get(t, `/s/${w.other.slug}`, w.domain);
    expect(platformPath.statusCode).toBe(301);
    expect(platformPath.headers.location).toBe(`https://torg.example.no/s/${w.other.slug}`);
  });

  it("refuses a host nobody verified, and a pending domain, with 421", async () => {
    const pending = `pending-${randomUUID().slice(0, 6)}.test`;
    await setShopDomain(t.app, t.database.db, w.other.id, pending, { status: "pending" });
    for (const host of ["evil.example", pending, `www.${w.domain}`]) {
      const response = await get(t, "/", host);
      expect(response.statusCode, host).toBe(421);
      expect(response.json().message).toBe(UNKNOWN_HOST);
    }
    // The platform's own host and loopback keep working.
    expect((await get(t, "/api/health", "127.0.0.1:3000")).statusCode).toBe(200);
    expect((await get(t, `/s/${w.other.slug}`, "torg.example.no")).statusCode).toBe(200);
  });

  it("sends a store's other domain to its primary one, with the same path", async () => {
    const second = `www.${w.domain}`;
    await setShopDomain(t.app, t.database.db, w.store.id, second);
    const response = await get(t, "/terms?x=1", `${second}:8080`);
    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toBe(`http://${w.domain}:8080/terms?x=1`);
    await removeShopDomain(t.app, t.database.db, w.store.id, second);
  });

  it("sends the platform's shop pages and product pages to the domain", async () => {
    for (const [from, to] of [
      [`/s/${w.store.slug}`, "/"],
      [`/s/${w.store.slug}/?page=2`, "/?page=2"],
      [`/s/${w.store.slug}/terms`, "/terms"],
      [`/s/${w.store.slug}/gift-card`, "/gift-card"],
      [`/products/${w.product.id}`, `/products/${w.product.id}`],
    ] as const) {
      const response = await get(t, from, "torg.example.no");
      expect(response.statusCode, from).toBe(301);
      expect(response.headers.location).toBe(`https://${w.domain}${to}`);
    }
    // Another store's pages stay where they are.
    expect((await get(t, `/products/${w.otherProduct.id}`, "localhost")).statusCode).toBe(200);
  });

  it("answers only the shop on the domain: the workspace, sign-in and the session stay on the platform", async () => {
    const me = await t.app.inject({
      url: "/api/me",
      headers: { host: w.domain, cookie: `torg_session=${w.agent.cookie}` },
    });
    expect(me.statusCode).toBe(404);
    expect(me.json().message).toBe("No such API route: GET /api/me");
    const login = await t.app.inject({
      method: "POST",
      url: "/api/login",
      headers: { host: w.domain, origin: `http://${w.domain}` },
      payload: { email: "x@example.no", password: "whatever-it-is" },
    });
    expect(login.statusCode).toBe(404);
    expect(login.headers["set-cookie"]).toBeUndefined();
    const workspace = await get(t, "/dashboard?tab=1", w.domain);
    expect(workspace.statusCode).toBe(301);
    expect(workspace.headers.location).toBe("https://torg.example.no/dashboard?tab=1");
    // The public API a shop page calls does answer.
    const store = await t.app.inject({
      url: `/api/stores/slug/${w.store.slug}`,
      headers: { host: w.domain },
    });
    expect(store.statusCode).toBe(200);
  });

  it("learns a domain another server verified: 307, then the shop", async () => {
    const learned = `learned-${randomUUID().slice(0, 6)}.test`;
    await setShopDomain(t.app, t.database.db, w.other.id, learned, { announce: false });
    const first = await get(t, "/terms", learned);
    expect(first.statusCode).toBe(307);
    expect(first.headers.location).toBe("/terms");
    const again = await get(t, "/terms", learned);
    expect(again.statusCode).toBe(200);
    expect(again.body).toContain(`https://${learned}/terms`);
  });

  it("takes an order through the API on the domain and links its page there", async () => {
    const placed = await t.app.inject({
      method: "POST",
      url: "/api/orders",
      remoteAddress: "10.9.40.1",
      headers: { host: w.domain, origin: `http://${w.domain}` },
      payload: {
        storeId: w.store.id,
        buyerEmail: "nora@example.no",
        shipToName: "Nora Kunde",
        shipToPhone: "+47 912 34 567",
        shipToAddr: { address: "Storgata 1, 0155 Oslo" },
        items: [{ productId: w.product.id, qty: 1 }],
      },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const { publicUrl } = placed.json() as { publicUrl: string };
    expect(publicUrl).toMatch(new RegExp(`^https://${w.domain.replace(".", "\\.")}/order/[^/]+$`));
    const orderPage = await get(t, new URL(publicUrl).pathname, w.domain);
    expect(orderPage.statusCode).toBe(200);
    expect(orderPage.headers["cache-control"]).toBe("no-store");
    // The same order's page under the platform's address goes to the domain too.
    const onPlatform = await get(t, `/s/${w.store.slug}${new URL(publicUrl).pathname}`, "torg.example.no");
    expect(onPlatform.headers.location).toBe(publicUrl);
  });

  it("points QR codes and the Finn.no text at the domain", async () => {
    const qr = (
      await w.agent.post("/api/qr-codes", {
        storeId: w.store.id,
        url: `https://torg.example.no/s/${w.store.slug}`,
      })
    ).json() as { code: string };
    const scan = await t.app.inject({ url: `/q/${qr.code}` });
    expect(scan.statusCode).toBe(302);
    expect(scan.headers.location).toBe(`https://${w.domain}/`);
    const productQr = (
      await w.agent.post("/api/qr-codes", { url: `https://torg.example.no/products/${w.product.id}` })
    ).json() as { code: string };
    const productScan = await t.app.inject({ url: `/q/${productQr.code}` });
    expect(productScan.headers.location).toBe(`https://${w.domain}/products/${w.product.id}`);

    const finn = (await w.agent.get(`/api/stores/${w.store.id}/finn-listing`)).json() as { storeUrl: string };
    expect(finn.storeUrl).toBe(`https://${w.domain}/`);
  });

  it("serves /s/{slug} again once the domain is removed", async () => {
    const store = await createStoreVia(w.agent, "Smia");
    const other = `gone-${randomUUID().slice(0, 6)}.test`;
    await setShopDomain(t.app, t.database.db, store.id, other);
    expect((await get(t, `/s/${store.slug}`, "torg.example.no")).statusCode).toBe(301);
    await removeShopDomain(t.app, t.database.db, store.id, other);
    const back = await get(t, `/s/${store.slug}`, "torg.example.no");
    expect(back.statusCode).toBe(200);
    expect(back.body).toContain(`<link rel="canonical" href="https://torg.example.no/s/${store.slug}">`);
    expect((await get(t, "/", other)).statusCode).toBe(421);
  });
});

describe("without PUBLIC_URL", () => {
  let t: TestApp;
  let w: World;
  beforeAll(async () => {
    t = await createTestApp({ WEB_ROOT: webRoot });
    w = await seed(t);
  });
  afterAll(() => t.close());

  it("serves the domain on the platform's scheme and port, and refuses unknown hosts", async () => {
    const home = await get(t, "/", `${w.domain}:3000`);
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain(`<link rel="canonical" href="http://${w.domain}:3000/">`);
    expect((await get(t, "/", "evil.example:3000")).statusCode).toBe(421);
    const moved = await get(t, `/s/${w.store.slug}/terms`, "localhost:3000");
    expect(moved.headers.location).toBe(`http://${w.domain}:3000/terms`);
  });

  it("answers a workspace page on the domain with 404: there is no platform address to send it to", async () => {
    const response = await get(t, "/login", w.domain);
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe("Not found");
  });
});
