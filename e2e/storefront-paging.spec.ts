import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { expectNoSeriousViolations } from "./axe";
import { createStoreThroughApi, madePhoto, recordPageErrors, signInSharedSeller } from "./helpers";

const SHOTS = process.env.SHOTS_DIR ?? ".tmp/shots";

/**
 * A store bigger than one storefront page (decision 0040): 24 products on the first page, "Show more"
 * for the rest, real links to the next page that work without JavaScript, and a search in the store.
 */
async function seedBigShop(request: APIRequestContext) {
  await signInSharedSeller(request);
  const store = await createStoreThroughApi(request, "Leire og lys");
  const titles = Array.from({ length: 30 }, (_, n) =>
    n === 27 ? "Kopp i steintøy" : `Piece ${String(n + 1).padStart(2, "0")}`,
  );
  const image = await madePhoto([120, 90, 70], 400);
  for (const title of titles) {
    const response = await request.post(`/api/stores/${store.id}/products`, {
      multipart: {
        title,
        basePrice: "250",
        stockQty: "100",
        blurb: "Dreid og glassert for hånd.",
        image: { name: "p.jpg", mimeType: "image/jpeg", buffer: image },
      },
    });
    expect(response.status()).toBe(201);
  }
  await request.post("/api/logout");
  return store;
}

let shop: { id: string; slug: string };
test.beforeAll(async ({ request }) => {
  shop = await seedBigShop(request);
});

const productCards = (page: Page) =>
  page.getByRole("region", { name: /Our Products|Results for/ }).getByRole("listitem");

for (const device of [
  { name: "phone", viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
  { name: "desktop", viewport: { width: 1280, height: 900 }, isMobile: false, hasTouch: false },
]) {
  test.describe(device.name, () => {
    test.use({ viewport: device.viewport, isMobile: device.isMobile, hasTouch: device.hasTouch });

    test(`a shopper on a ${device.name} sees the first 24 products, shows the rest and searches`, async ({
      page,
    }) => {
      const pageErrors = recordPageErrors(page);
      await page.goto(`/s/${shop.slug}`);
      await expect(page.getByText("30 products", { exact: true })).toBeVisible();
      await expect(productCards(page)).toHaveCount(24);
      await expect(page.getByText("Showing 24 of 30 products")).toBeVisible();
      await expect(page.getByText("Page 1 of 2")).toBeVisible();
      await expect(page.getByRole("link", { name: "Next page" })).toHaveAttribute(
        "href",
        `/s/${shop.slug}?page=2`,
      );
      await expectNoSeriousViolations(page, `storefront page 1 (${device.name})`);
      await page.screenshot({ path: `${SHOTS}/storefront-paging-${device.name}-light.png`, fullPage: true });

      await page.getByRole("button", { name: "Show more" }).click();
      await expect(productCards(page)).toHaveCount(30);
      await expect(page.getByText("Showing 30 of 30 products")).toBeVisible();
      await expect(page.getByRole("button", { name: "Show more" })).toBeHidden();
      await expect(page.getByRole("link", { name: "Next page" })).toBeHidden();
      // The button is gone: focus went on to the first product it added.
      await expect(productCards(page).nth(24).locator(":focus")).toHaveCount(1);
      await expect(page).toHaveURL(new RegExp(`/s/${shop.slug}\\?page=2$`));

      // Search, from the box, by a word's other form.
      const search = page.getByRole("searchbox", { name: "Search the products of Leire og lys" });
      await search.fill("kopper");
      await search.press("Enter");
      await expect(page.getByRole("heading", { name: "Results for “kopper”" })).toBeVisible();
      await expect(productCards(page)).toHaveCount(1);
      await expect(productCards(page).first()).toContainText("Kopp i steintøy");
      await expect(page.getByRole("link", { name: "Clear search" })).toHaveAttribute(
        "href",
        `/s/${shop.slug}`,
      );
      await expectNoSeriousViolations(page, `search results (${device.name})`);

      await page.getByRole("searchbox").fill("teapot");
      await page.getByRole("searchbox").press("Enter");
      await expect(page.getByText("No products match “teapot”.")).toBeVisible();
      await page.screenshot({
        path: `${SHOTS}/storefront-paging-${device.name}-no-match.png`,
        fullPage: true,
      });
      await expectNoSeriousViolations(page, `no search results (${device.name})`);
      await page.getByRole("link", { name: "Clear search" }).click();
      await expect(page.getByRole("heading", { name: "Our Products" })).toBeVisible();
      await expect(productCards(page)).toHaveCount(24);
      expect(pageErrors).toEqual([]);
    });

    test(`the storefront pages read well in the dark on a ${device.name}`, async ({ page }) => {
      await page.emulateMedia({ colorScheme: "dark" });
      await page.addInitScript(() => localStorage.setItem("ui-theme", "dark"));
      await page.goto(`/s/${shop.slug}?page=2`);
      await expect(page.locator("html")).toHaveClass(/dark/);
      await expect(productCards(page)).toHaveCount(6);
      await expect(page.getByText("Showing 25–30 of 30 products")).toBeVisible();
      await expect(page.getByRole("link", { name: "Previous page" })).toBeVisible();
      await expectNoSeriousViolations(page, `storefront page 2, dark (${device.name})`);
      await page.screenshot({ path: `${SHOTS}/storefront-paging-${device.name}-dark.png`, fullPage: true });
    });
  });
}

test("without JavaScript the next-page link and the search still work", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`/s/${shop.slug}`);
  await expect(productCards(page)).toHaveCount(24);
  await page.getByRole("link", { name: "Next page" }).click();
  await expect(page).toHaveURL(new RegExp(`/s/${shop.slug}\\?page=2$`));
  await expect(productCards(page)).toHaveCount(6);
  await expect(page.getByText("Page 2 of 2")).toBeVisible();
  await page.getByRole("link", { name: "Previous page" }).click();
  await expect(page).toHaveURL(new RegExp(`/s/${shop.slug}$`));

  await page.getByRole("searchbox").fill("stein");
  await page.getByRole("searchbox").press("Enter");
  await expect(page).toHaveURL(new RegExp(`/s/${shop.slug}\\?q=stein$`));
  await expect(productCards(page)).toHaveCount(1);
  await expect(productCards(page).first()).toContainText("Kopp i steintøy");
  await page.screenshot({ path: `${SHOTS}/storefront-paging-no-js-search.png`, fullPage: true });
  await context.close();
});
