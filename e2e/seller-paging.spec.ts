import { type Browser, type BrowserContext, expect, type Page, test } from "@playwright/test";
import { expectNoSeriousViolations } from "./axe";
import { createStoreThroughApi, madePhoto, registerThroughUi, uniqueEmail } from "./helpers";

/**
 * Issue 19 (decision 0041): a seller with many orders and products pages through them on the server and
 * sees the totals. The orders list (with its status tabs and store filter) and a store's Products tab
 * show "21–40 of 45 · Page 2 of 3" with Previous and Next; another tab or store starts at page 1.
 */
const SHOTS = ".tmp/shots";
const PHONE = { width: 390, height: 844 };

async function shot(page: Page, name: string) {
  // A full-page picture of a scrolled page would draw the sticky top bar halfway down.
  await page.evaluate(() => window.scrollTo(0, 0));
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    await page.screenshot({ path: `${SHOTS}/${name}-${colorScheme}.png`, fullPage: true });
  }
  await page.emulateMedia({ colorScheme: "light" });
}

/** The seller's session on a phone's screen. */
async function onPhone(browser: Browser, desktop: Page): Promise<BrowserContext> {
  return browser.newContext({ viewport: PHONE, storageState: await desktop.context().storageState() });
}

const pager = (page: Page) => page.getByRole("navigation", { name: "Pages" });
const orderRows = (page: Page) =>
  page.getByRole("tabpanel").getByRole("button", { name: /^View order details for #/ });

async function placeOrders(page: Page, storeId: string, productId: string, count: number) {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const response = await page.request.post("/api/orders", {
      data: {
        storeId,
        buyerEmail: `kunde${i}@example.no`,
        shipToName: `Kunde ${i + 1}`,
        shipToPhone: "+47 913 45 678",
        items: [{ productId, qty: 1 }],
      },
    });
    expect(response.status()).toBe(201);
    ids.push((await response.json()).id);
  }
  return ids;
}

test("a seller pages through 45 orders and 30 products and sees the totals", async ({ page, browser }) => {
  test.setTimeout(180_000);
  await registerThroughUi(page, "Per Pottemaker", uniqueEmail("per"), "forty-five-orders");
  const workshop = await createStoreThroughApi(page.request, "Pers Verksted");
  const market = await createStoreThroughApi(page.request, "Pers Marked");

  const titles = Array.from({ length: 30 }, (_, i) => `Pot ${String(i + 1).padStart(2, "0")}`);
  const productIds: string[] = [];
  for (const [i, title] of titles.entries()) {
    const created = await page.request.post(`/api/stores/${workshop.id}/products`, {
      multipart: {
        title,
        basePrice: String(100 + i),
        stockQty: "1000",
        image: { name: "p.jpg", mimeType: "image/jpeg", buffer: await madePhoto([120 + i * 3, 90, 70]) },
      },
    });
    expect(created.status()).toBe(201);
    productIds.push((await created.json()).id);
  }
  const bowl = await page.request.post(`/api/stores/${market.id}/products`, {
    multipart: {
      title: "Market bowl",
      basePrice: "250",
      stockQty: "1000",
      image: { name: "p.jpg", mimeType: "image/jpeg", buffer: await madePhoto([60, 90, 140]) },
    },
  });
  expect(bowl.status()).toBe(201);

  // 40 orders in the workshop, 22 of them paid, and 5 at the market: 45 in all.
  const workshopOrders = await placeOrders(page, workshop.id, productIds[0] as string, 40);
  await placeOrders(page, market.id, (await bowl.json()).id, 5);
  for (const id of workshopOrders.slice(0, 22)) {
    const paid = await page.request.patch(`/api/orders/${id}/status`, { data: { status: "paid" } });
    expect(paid.ok()).toBe(true);
  }

  // All orders: three pages of 20, counted by the server.
  await page.goto("/orders");
  await expect(pager(page).getByRole("status")).toHaveText(/^1–20 of 45\D+Page 1 of 3$/);
  await expect(orderRows(page)).toHaveCount(20);
  await expect(pager(page).getByRole("button", { name: "Previous" })).toBeDisabled();
  await expectNoSeriousViolations(page, "orders, page 1");
  await pager(page).getByRole("button", { name: "Next" }).click();
  await expect(pager(page).getByRole("status")).toHaveText(/^21–40 of 45\D+Page 2 of 3$/);
  await expect(page).toHaveURL(/[?&]page=2/);
  await expect(orderRows(page)).toHaveCount(20);
  // Paged from the bottom of the list, the next page is read from its top.
  await expect(orderRows(page).first()).toBeInViewport();
  await shot(page, "seller-paging-orders-desktop");
  await pager(page).getByRole("button", { name: "Next" }).click();
  await expect(pager(page).getByRole("status")).toHaveText(/^41–45 of 45\D+Page 3 of 3$/);
  await expect(orderRows(page)).toHaveCount(5);
  // Next is disabled on the last page; the keyboard's focus moved to Previous rather than to nowhere.
  await expect(pager(page).getByRole("button", { name: "Next" })).toBeDisabled();
  await expect(pager(page).getByRole("button", { name: "Previous" })).toBeFocused();
  // A reload keeps the page.
  await page.reload();
  await expect(pager(page).getByRole("status")).toHaveText(/^41–45 of 45/);

  // Another status tab starts at its first page, with that status's total.
  await page.getByRole("tab", { name: "Paid" }).click();
  await expect(pager(page).getByRole("status")).toHaveText(/^1–20 of 22\D+Page 1 of 2$/);
  await expect(page).not.toHaveURL(/[?&]page=/);
  await pager(page).getByRole("button", { name: "Next" }).click();
  await expect(pager(page).getByRole("status")).toHaveText(/^21–22 of 22/);
  await expect(orderRows(page)).toHaveCount(2);

  // Another store, too: the market's five fit on one page, so there is nothing to page.
  await page.getByRole("tab", { name: "All Orders" }).click();
  await page.getByRole("combobox", { name: "Filter by store" }).click();
  await page.getByRole("option", { name: "Pers Marked" }).click();
  await expect(pager(page).getByRole("status")).toHaveText("1–5 of 5");
  await expect(pager(page).getByRole("button")).toHaveCount(0);
  await expect(orderRows(page)).toHaveCount(5);

  // One store's orders page the same way.
  await page.goto(`/stores/${workshop.id}/orders?status=pending`);
  await expect(pager(page).getByRole("status")).toHaveText(/^1–18 of 18$/);

  const phone = await onPhone(browser, page);
  const phonePage = await phone.newPage();
  await phonePage.goto("/orders?page=2");
  await expect(pager(phonePage).getByRole("status")).toHaveText(/^21–40 of 45/);
  await shot(phonePage, "seller-paging-orders-phone");

  // The Products tab: 30 products, 24 a page; every one of them is reachable by paging.
  await page.goto(`/stores/${workshop.id}`);
  const productsTab = page.getByRole("tabpanel");
  await expect(page.getByRole("heading", { name: /^Products\s*30$/ })).toBeVisible();
  await expect(pager(page).getByRole("status")).toHaveText(/^1–24 of 30\D+Page 1 of 2$/);
  const seen = new Set(await productsTab.getByRole("heading", { level: 3 }).allTextContents());
  expect(seen.size).toBe(24);
  await expect(productsTab.getByRole("searchbox", { name: "Search products" })).toBeVisible();
  await expectNoSeriousViolations(page, "products tab, page 1");
  await pager(page).getByRole("button", { name: "Next" }).click();
  await expect(pager(page).getByRole("status")).toHaveText(/^25–30 of 30\D+Page 2 of 2$/);
  await expect(productsTab.getByRole("heading", { level: 3 })).toHaveCount(6);
  for (const title of await productsTab.getByRole("heading", { level: 3 }).allTextContents()) seen.add(title);
  expect([...seen].sort()).toEqual(titles);
  await shot(page, "seller-paging-products-desktop");

  await phonePage.goto(`/stores/${workshop.id}?tab=products&page=2`);
  await expect(pager(phonePage).getByRole("status")).toHaveText(/^25–30 of 30/);
  await shot(phonePage, "seller-paging-products-phone");
  await phone.close();
});
