import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import sharp from "sharp";
import { uniqueEmail } from "./helpers";

/**
 * Issue 7, stored XSS: a seller's texts are hostile markup, and every page that shows them must show
 * them as text. The Content-Security-Policy would block an inline handler that slipped through, so the
 * journey bypasses it: the pages themselves must not create the markup (React escapes; nothing may use
 * dangerouslySetInnerHTML or innerHTML with these texts). Detection does not rely on alert() alone: no
 * `img[src="x"]` and no script carrying `alert(` may exist in the DOM, and the text must be visible.
 * The server-side half (Open Graph head, QR SVG) is also checked in src/server/security/stored-xss.test.ts.
 */
const IMG = "<img src=x onerror=alert(1)>";
const SCRIPT = "<script>alert(1)</script>";
const BUYER = "<img src=x onerror=alert(2)>";

test.use({ bypassCSP: true, viewport: { width: 1280, height: 900 } });

async function photo() {
  return sharp({ create: { width: 600, height: 600, channels: 3, background: { r: 150, g: 90, b: 60 } } })
    .jpeg()
    .toBuffer();
}

/** The hostile store, product, QR code and order, through the API as the signed-in seller. */
async function seed(request: APIRequestContext) {
  const email = uniqueEmail("xss");
  const password = "not-a-script-kiddie";
  expect(
    (await request.post("/api/register", { data: { fullName: "Xenia Seller", email, password } })).status(),
  ).toBe(201);
  const slug = `xss-${Date.now().toString(36)}`;
  const created = await request.post("/api/stores", { data: { name: SCRIPT, slug } });
  expect(created.status()).toBe(201);
  const store = (await created.json()) as { id: string; slug: string };
  expect(
    (
      await request.put(`/api/stores/${store.id}`, { data: { description: IMG, phone: "+47 912 34 567" } })
    ).status(),
  ).toBe(200);
  expect(
    (
      await request.post(`/api/stores/${store.id}/payment-channels`, {
        data: { provider: "vipps", externalId: "123456", currentPassword: password },
      })
    ).status(),
  ).toBe(201);
  const product = await request.post(`/api/stores/${store.id}/products`, {
    multipart: {
      title: IMG,
      blurb: IMG,
      basePrice: "250",
      // Several orders below: more than the one-of-a-kind default stock (decision 0032).
      stockQty: "100",
      image: { name: "p.jpg", mimeType: "image/jpeg", buffer: await photo() },
    },
  });
  expect(product.status()).toBe(201);
  const productId = ((await product.json()) as { id: string }).id;
  expect(
    (
      await request.post("/api/qr-codes", { data: { url: "https://example.no/xss", storeId: store.id } })
    ).status(),
  ).toBe(201);
  const order = await request.post("/api/orders", {
    data: {
      storeId: store.id,
      buyerEmail: "kunde@example.no",
      shipToName: BUYER,
      shipToPhone: "+47 913 45 678",
      shipToAddr: { address: IMG },
      items: [{ productId, qty: 2 }],
    },
  });
  expect(order.status()).toBe(201);
  const orderId = ((await order.json()) as { id: string }).id;
  return { email, password, store, productId, orderId };
}

/** What every visited page must satisfy. */
async function expectInert(page: Page, where: string, dialogs: string[]) {
  await page.waitForLoadState("networkidle");
  const injected = await page.evaluate(() => ({
    images: document.querySelectorAll('img[src="x"]').length,
    // A shop page's state and its structured data (decision 0039) are JSON data blocks
    // (type="application/json", "application/ld+json"): text the browser never runs.
    scripts: [
      ...document.querySelectorAll('script:not([type="application/json"]):not([type="application/ld+json"])'),
    ].filter((s) => s.textContent?.includes("alert(")).length,
    handlers: [...document.querySelectorAll("*")].filter((el) =>
      [...el.attributes].some((a) => a.name.startsWith("on") && a.value.includes("alert(")),
    ).length,
  }));
  expect(injected, `${where}: markup from a seller's text became elements`).toEqual({
    images: 0,
    scripts: 0,
    handlers: 0,
  });
  expect(dialogs, `${where}: a dialog opened`).toEqual([]);
}

async function expectText(page: Page, text: string, where: string) {
  await expect(
    page.getByText(text, { exact: false }).filter({ visible: true }).first(),
    `${where} shows ${text}`,
  ).toBeVisible();
}

test("hostile store, product and buyer texts render as text on every page", async ({ page }) => {
  test.setTimeout(180_000);
  const dialogs: string[] = [];
  page.on("dialog", async (dialog) => {
    dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    await dialog.dismiss();
  });
  const { store, productId, orderId } = await seed(page.request);

  // The dashboard: your stores, recent orders, notifications.
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
  await expectText(page, SCRIPT, "dashboard");
  await expectInert(page, "dashboard", dialogs);
  await page
    .getByRole("button", { name: /^Notifications/ })
    .first()
    .click();
  await expectText(page, BUYER, "notifications");
  await expectInert(page, "notifications", dialogs);
  await page.keyboard.press("Escape");

  // Stores, one store, its Finn.no listing.
  await page.goto("/stores");
  await expectText(page, SCRIPT, "/stores");
  await expectInert(page, "/stores", dialogs);
  await page.goto(`/stores/${store.id}`);
  await expect(page.getByRole("heading", { name: SCRIPT })).toBeVisible();
  await expectText(page, IMG, "/stores/:id products");
  await expectInert(page, "/stores/:id", dialogs);
  await page.getByRole("button", { name: "Generate Finn.no Listing" }).click();
  const finn = page.getByRole("dialog");
  await expect(finn.getByText(IMG, { exact: false }).first()).toBeVisible();
  await expectInert(page, "Finn.no listing dialog", dialogs);
  await page.keyboard.press("Escape");

  // Orders, the order dialog, the order page.
  await page.goto("/orders");
  await expectText(page, SCRIPT, "/orders");
  await expectInert(page, "/orders", dialogs);
  await page
    .getByRole("button", { name: /View order details/ })
    .first()
    .click();
  const orderDialog = page.getByRole("dialog");
  await expect(orderDialog.getByText(IMG, { exact: false }).first()).toBeVisible();
  await expectInert(page, "order dialog", dialogs);
  await page.keyboard.press("Escape");
  await page.goto(`/order/${orderId}`);
  await expectText(page, IMG, "/order/:id");
  await expectText(page, BUYER, "/order/:id");
  await expectInert(page, "/order/:id", dialogs);

  // The public storefront, the cart drawer, the product page.
  await page.goto(`/s/${store.slug}`);
  await expect(page.getByRole("heading", { name: SCRIPT }).first()).toBeVisible();
  await expectText(page, IMG, "/s/:slug");
  await expectInert(page, "/s/:slug", dialogs);
  await page
    .getByRole("button", { name: `Add to Cart: ${IMG}` })
    .first()
    .click();
  await page
    .getByRole("button", { name: /Open cart, 1 item/ })
    .first()
    .click();
  const cart = page.getByRole("dialog");
  await expect(cart.getByText(IMG, { exact: false }).first()).toBeVisible();
  await expect(cart.getByText(SCRIPT, { exact: false }).first()).toBeVisible();
  await expectInert(page, "cart drawer", dialogs);
  await page.keyboard.press("Escape");
  await page.goto(`/products/${productId}`);
  await expect(page.getByRole("heading", { name: IMG }).first()).toBeVisible();
  await expectInert(page, "/products/:id", dialogs);

  // The admin dashboard (every signed-in user's own data, decision 0004).
  await page.goto("/admin");
  await expect(page.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();
  await expectText(page, SCRIPT, "/admin stores");
  await expectInert(page, "/admin stores", dialogs);
  for (const [tab, text] of [
    ["Products", IMG],
    ["Orders", SCRIPT],
    ["QR Codes", SCRIPT],
  ] as const) {
    await page.getByRole("tab", { name: tab }).click();
    await expectText(page, text, `/admin ${tab}`);
    await expectInert(page, `/admin ${tab}`, dialogs);
  }
  await page.goto("/analytics");
  await expectInert(page, "/analytics", dialogs);
  expect(dialogs).toEqual([]);
});

test("the server-rendered head of /s/:slug and /products/:id carries the texts escaped", async ({
  request,
}) => {
  const { store, productId } = await seed(request);
  for (const url of [`/s/${store.slug}`, `/products/${productId}`]) {
    const response = await request.get(url, { headers: { accept: "text/html" } });
    expect(response.status(), url).toBe(200);
    const html = await response.text();
    const head = html.slice(0, html.indexOf("</head>"));
    expect(head, url).toContain("og:title");
    expect(head, url).not.toContain("<img src=x");
    expect(head, url).not.toContain("<script>alert(1)");
    expect(head, url).toContain("&lt;");
    expect(html.match(/<title>/g), `${url}: one title`).toHaveLength(1);
    expect(html.match(/<\/head>/g), `${url}: one head`).toHaveLength(1);
  }
});
