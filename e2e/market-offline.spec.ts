import { randomUUID } from "node:crypto";
import { type BrowserContext, expect, type Page, test } from "@playwright/test";
import {
  createStoreThroughApi,
  madePhoto,
  recordPageErrors,
  registerThroughUi,
  uniqueEmail,
} from "./helpers";

/**
 * Issue 30, item 4: the market screen works without network. On a 390×844 phone: the seller opens the
 * stall online (the service worker keeps the page, the catalogue is kept on the phone), the network goes,
 * a cash sale is queued on the phone, the page is reloaded offline and still sells with the queue intact,
 * the network returns and the sale is sent: the storefront shows the piece sold. A sale queued offline
 * whose piece sold online meanwhile comes back as a conflict for the seller to settle, never lost.
 */
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

/**
 * The browser context offline, for the page and for the service worker alike: Playwright's setOffline
 * does not reach a service worker's own requests (microsoft/playwright#2311), so those are aborted as a
 * phone without network would fail them.
 */
async function goOffline(context: BrowserContext, aborted: { byWorker: number }) {
  await context.setOffline(true);
  await context.route("**", (route) => {
    if (route.request().serviceWorker()) aborted.byWorker += 1;
    return route.abort("internetdisconnected");
  });
}

async function goOnline(context: BrowserContext) {
  await context.unrouteAll({ behavior: "ignoreErrors" });
  await context.setOffline(false);
}

async function addProduct(page: Page, storeId: string, title: string, price: string, stockQty: number) {
  const response = await page.request.post(`/api/stores/${storeId}/products`, {
    multipart: {
      title,
      basePrice: price,
      stockQty: String(stockQty),
      image: { name: "p.jpg", mimeType: "image/jpeg", buffer: await madePhoto([120, 90, 60], 400) },
    },
  });
  expect(response.status()).toBe(201);
  return (await response.json()).id as string;
}

const status = (page: Page) => page.getByRole("region", { name: "Connection and sales waiting to be sent" });

async function sellForCash(page: Page, tile: RegExp, amount: string) {
  await page.getByRole("button", { name: tile }).click();
  await page
    .getByRole("button", { name: `Charge ${amount}` })
    .filter({ visible: true })
    .click();
  await page.getByRole("button", { name: "Cash", exact: true }).click();
  await page.getByRole("button", { name: `Exact ${amount}` }).click();
  await page.getByRole("button", { name: "Cash received" }).click();
}

test("a cash sale made offline is kept on the phone, survives a reload, and is sent when the network returns", async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  const errors = recordPageErrors(page);
  await registerThroughUi(page, "Marte Marked", uniqueEmail("market-offline"), "market-offline-pw");
  const store = await createStoreThroughApi(page.request, "Martes Marked");
  const vase = await addProduct(page, store.id, "Raku vase", "450", 1);
  const runner = await addProduct(page, store.id, "Linen runner", "300", 1);

  // Online: the stall opens, its worker installs and takes the page (it is what opens it offline).
  await page.goto(`/stores/${store.id}/market`);
  await expect(page.getByRole("button", { name: /^Raku vase, 450 kr, 1 left/ })).toBeVisible();
  await expect(status(page)).toContainText("Online");
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 20_000 })
    .toBe(true);
  const manifest = await page.request.get(`/stores/${store.id}/market/manifest.webmanifest`);
  expect((await manifest.json()).start_url).toBe(`/stores/${store.id}/market`);

  // The network goes: a cash sale is kept on the phone.
  const aborted = { byWorker: 0 };
  await goOffline(context, aborted);
  await expect(status(page)).toContainText("Offline");
  await sellForCash(page, /^Raku vase, 450 kr/, "450 kr");
  await expect(page.getByRole("heading", { name: "Saved on this phone" })).toBeVisible();
  await page.getByRole("button", { name: "New sale" }).click();
  await expect(status(page)).toContainText("1 sale waiting to be sent");

  // Reloaded without the network: the worker serves the page, the catalogue and the queue are still here,
  // and the stock shown is less the queued sale.
  const reloaded = await page.reload();
  expect(reloaded?.fromServiceWorker()).toBe(true);
  // The worker did ask the network first (network first for the page), and was refused.
  expect(aborted.byWorker).toBeGreaterThan(0);
  await expect(page.getByRole("button", { name: /^Raku vase, 450 kr, Sold out/ })).toBeVisible();
  await expect(status(page)).toContainText("Offline");
  await expect(status(page)).toContainText("1 sale waiting to be sent");

  // Meanwhile the last linen runner sells elsewhere (the web shop, another phone) while this phone,
  // offline, sells it too.
  await sellForCash(page, /^Linen runner, 300 kr/, "300 kr");
  await page.getByRole("button", { name: "New sale" }).click();
  await expect(status(page)).toContainText("2 sales waiting to be sent");
  const elsewhere = await page.request.post(`/api/stores/${store.id}/sales`, {
    data: {
      clientSaleId: randomUUID(),
      soldAt: new Date().toISOString(),
      items: [{ productId: runner, qty: 1 }],
      payment: { method: "card_terminal" },
    },
  });
  expect(elsewhere.status()).toBe(201);

  // The network returns: the queue is sent, the vase sale taken, the runner sale refused and kept.
  await goOnline(context);
  await expect(status(page)).toContainText("Online");
  await expect(status(page)).not.toContainText("waiting to be sent", { timeout: 20_000 });
  await expect(status(page)).toContainText("1 sale needs you");
  const conflicts = page.getByRole("region", { name: "Sales to settle" });
  await expect(conflicts).toContainText("1 × Linen runner");
  await expect(conflicts).toContainText(/Torg said: .*Linen runner/);

  // The storefront sells the vase no more: the piece sold at the table.
  const vaseRead = await page.request.get(`/api/products/${vase}`);
  expect((await vaseRead.json()).stockQty).toBe(0);
  const shopper = await page.context().browser()?.newPage();
  if (!shopper) throw new Error("no browser for the shopper");
  await shopper.goto(`/products/${vase}`);
  await expect(shopper.getByRole("button", { name: "Sold out" })).toBeDisabled();
  await shopper.close();

  // The seller settles the conflict: the buyer gets the money back; the sale stays in today's log.
  await conflicts.getByRole("button", { name: "Record as refunded/cancelled" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Record this sale as refunded or cancelled?" });
  await dialog.getByRole("button", { name: "Record as cancelled" }).click();
  const settled = page.getByRole("region", { name: /^Settled today/ });
  await settled.getByText("Settled today").click();
  await expect(settled).toContainText("Recorded as refunded/cancelled");
  await expect(settled).toContainText("1 × Linen runner");
  await expect(status(page)).not.toContainText("needs you");
  // The requests that failed while offline, and the refused sale, are the browser's own console lines.
  expect(errors.filter((error) => !error.startsWith("Failed to load resource"))).toEqual([]);
});
