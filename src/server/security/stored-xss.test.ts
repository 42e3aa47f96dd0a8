/**
 * Issue 7, stored XSS on the server's side of the pages (the browser's side is e2e/stored-xss.spec.ts):
 * the HTML the server writes itself must carry sellers' texts as text. That is the whole of the
 * server-rendered /s/:slug and /products/:id (shop-page.ts: the Open Graph head, the rendered page and
 * the state handed to the browser), the SVG of a QR code (store name as its label) and the scan page
 * of /q/:code.
 */
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sourceTemplate } from "../pages/page-templates";
import { multipart, sampleJpeg } from "../test/fixtures";
import { createTestApp, signUp, type TestApp } from "../test/harness";
import { type Actor, send } from "./scenario";

/** A stand-in for the built index.html, with the parts a Vite build has in its head. */
const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <link rel="icon" type="image/svg+xml" href="/favicon.svg" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <meta name="description" content="Torg default" />
    <title>Torg</title>
    <script type="module" crossorigin src="/assets/index-abc123.js"></script>
    <link rel="stylesheet" crossorigin href="/assets/index-abc123.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c,
  );

let t: TestApp;
let webRoot: string;
let seller: Actor;
beforeAll(async () => {
  webRoot = fs.mkdtempSync(path.join(os.tmpdir(), "torg-xss-web-"));
  fs.writeFileSync(path.join(webRoot, "index.html"), INDEX_HTML);
  fs.writeFileSync(path.join(webRoot, "shop.html"), sourceTemplate("shop.html"));
  t = await createTestApp({ WEB_ROOT: webRoot, PUBLIC_URL: "https://torg.example.no" });
  const { agent, user, password } = await signUp(t.app);
  seller = { name: "member", token: agent.cookie, user, password };
}, 120_000);
afterAll(async () => {
  await t?.close();
  fs.rmSync(webRoot, { recursive: true, force: true });
});

/**
 * Hostile texts: markup, attribute breakers, and String.replace's replacement patterns ($&, $', $`),
 * which splice parts of the page into the head when a text is used as a replacement string.
 */
const HOSTILE = [
  "<img src=x onerror=alert(1)>",
  "<script>alert(1)</script>",
  '"><svg onload=alert(1)>',
  "x' autofocus onfocus='alert(1)",
  "Pottery $' and more",
  "Pottery $` and more",
  "Pottery $& more",
  "R&D $$ shop",
];

async function storeNamed(name: string, description: string) {
  const slug = `xss-${randomUUID().slice(0, 8)}`;
  const created = await send(t, seller, { method: "POST", url: "/api/stores", payload: { name, slug } });
  expect(created.statusCode, created.body).toBe(201);
  const store = created.json() as { id: string; slug: string };
  const updated = await send(t, seller, {
    method: "PUT",
    url: `/api/stores/${store.id}`,
    payload: { description },
  });
  expect(updated.statusCode).toBe(200);
  return store;
}

/**
 * The page's head, checked to be the template's head with only the meta texts changed, and its body
 * holding the texts only as text: in the rendered page, and in the state script, which nothing may end early.
 */
function expectPageCarriesText(html: string, title: string, description: string) {
  const head = html.slice(0, html.indexOf("</head>"));
  expect(html.match(/<head>/g), "one head").toHaveLength(1);
  expect(html.match(/<\/head>/g), "one head end").toHaveLength(1);
  expect(head.match(/<title>/g), "one title").toHaveLength(1);
  expect(head, "the title, escaped, and nothing else").toContain(`<title>${escapeHtml(title)}</title>`);
  expect(head.match(/<meta name="description"/g), "one description").toHaveLength(1);
  expect(head).toContain(`<meta name="description" content="${escapeHtml(description)}">`);
  expect(head).toContain(`<meta property="og:title" content="${escapeHtml(title)}">`);
  expect(head.match(/<script/g), "the client's own script and the structured data").toHaveLength(2);
  // The JSON-LD (decision 0039): a data block the seller's text cannot end early, carrying it intact.
  const blocks = [...head.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)];
  expect(blocks, "one JSON-LD block").toHaveLength(1);
  const jsonLd = blocks[0]?.[1] ?? "";
  expect(jsonLd, "no < in the JSON-LD").not.toContain("<");
  expect(title).toContain((JSON.parse(jsonLd) as { name: string }).name);
  expect(html.match(/<div id="root">/g), "one root").toHaveLength(1);
  expect(head).not.toContain("<img");
  expect(head).not.toContain("<svg");
  expect(head).not.toContain("<script>alert");
  const body = html.slice(html.indexOf("<body>"));
  expect(body.match(/<script/g), "the state and the client's script").toHaveLength(2);
  expect(body.match(/<\/script>/g), "each ended once").toHaveLength(2);
  expect(body).not.toContain("<img src=x");
  expect(body).not.toContain("<svg onload");
  expect(body).not.toContain("<script>alert");
}

describe("the server-rendered shop pages", () => {
  it.each(HOSTILE)("a storefront named and described %j", async (text) => {
    const store = await storeNamed(text.slice(0, 80), `About: ${text}`);
    const page = await t.app.inject({ url: `/s/${store.slug}`, headers: { accept: "text/html" } });
    expect(page.statusCode).toBe(200);
    expectPageCarriesText(page.body, `${text.slice(0, 80)} | Torg`, `About: ${text}`);
  });

  it.each(HOSTILE)("a product titled and described %j", async (text) => {
    const store = await storeNamed("Plain store", "Plain description");
    const created = await send(t, seller, {
      method: "POST",
      url: `/api/stores/${store.id}/products`,
      ...multipart({ title: text, blurb: `Blurb: ${text}`, basePrice: "100" }, [
        { field: "image", filename: "p.jpg", body: await sampleJpeg(160, 120), type: "image/jpeg" },
      ]),
    });
    expect(created.statusCode, created.body).toBe(201);
    const page = await t.app.inject({
      url: `/products/${created.json().id}`,
      headers: { accept: "text/html" },
    });
    expect(page.statusCode).toBe(200);
    expectPageCarriesText(page.body, `${text} | Plain store`, `Blurb: ${text}`);
  });
});

describe("server-made images and pages", () => {
  it("a QR code's SVG shows a hostile store name as text", async () => {
    const store = await storeNamed('<script>alert(1)</script>"&', "x");
    const qr = await send(t, seller, {
      method: "POST",
      url: "/api/qr-codes",
      payload: { url: "https://example.no/", storeId: store.id },
    });
    expect(qr.statusCode).toBe(201);
    const svg = await t.app.inject({ url: `/api/qr-codes/${qr.json().code}/image?format=svg` });
    expect(svg.statusCode).toBe(200);
    expect(svg.headers["content-type"]).toContain("image/svg+xml");
    expect(svg.body).not.toContain("<script");
    expect(svg.body).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
  });

  it("the scan page of an unknown code is static, whatever the code and the language", async () => {
    for (const url of ["/q/%3Cscript%3Ealert(1)%3C%2Fscript%3E", "/q/%22%3E%3Cimg%20src%3Dx%3E"]) {
      const page = await t.app.inject({
        url,
        headers: { "accept-language": '"><img src=x onerror=alert(1)>' },
      });
      expect(page.statusCode).toBe(404);
      expect(page.body).not.toContain("<script>alert");
      expect(page.body).not.toContain("<img src=x");
      expect(page.body).toContain('<html lang="en">');
    }
  });
});
