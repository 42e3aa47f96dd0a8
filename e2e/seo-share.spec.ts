import fs from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { expectNoSeriousViolations } from "./axe";
import { expectToast, recordCspViolations, recordPageErrors, seedShop } from "./helpers";

/** Found by search engines and shared well (decision 0039): the share button and the page's JSON-LD. */
const SHOTS = ".tmp/shots";

// A phone-sized page that may write to (and read back) the clipboard.
test.use({
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
  permissions: ["clipboard-read", "clipboard-write"],
});

/** The first product of a freshly seeded shop, as a shopper finds it. */
async function seededProduct(page: Page) {
  const shop = await seedShop(page.request, "Delbar Keramikk");
  const products = (await (await page.request.get(`/api/stores/${shop.id}/products`)).json()) as {
    id: string;
    title: string;
  }[];
  const product = products.find((candidate) => candidate.title === "Sea-green mug");
  if (!product) throw new Error("the seeded shop has no mug");
  return { shop, product };
}

test("a shopper on a phone shares a product: without a share sheet the link is copied, and a toast says so", async ({
  page,
  baseURL,
}) => {
  const violations = await recordCspViolations(page);
  const errors = recordPageErrors(page);
  // As a browser without the Web Share API (Chromium on Linux has none): the clipboard is the way.
  await page.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, "share", { value: undefined, configurable: true });
  });
  const { shop, product } = await seededProduct(page);
  await page.goto(`/products/${product.id}`);

  // The structured data is in the head, and the page's strict CSP refuses nothing.
  const jsonLd = await page.locator('head script[type="application/ld+json"]').textContent();
  expect(JSON.parse(jsonLd ?? "{}")).toMatchObject({
    "@type": "Product",
    name: "Sea-green mug",
    offers: { price: "349.00", priceCurrency: "NOK", availability: "https://schema.org/InStock" },
  });

  // Labelled, and reached with the keyboard: the first stop after the skip link and "Back to Store".
  const share = page.getByRole("button", { name: "Share this product" });
  await expect(share).toBeVisible();
  for (let n = 0; n < 6 && !(await share.evaluate((element) => element === document.activeElement)); n++) {
    await page.keyboard.press("Tab");
  }
  await expect(share).toBeFocused();
  await page.keyboard.press("Enter");
  await expectToast(page, "Link copied");
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}/products/${product.id}`);
  await expectNoSeriousViolations(page, "product page with the share toast");
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/share-toast-phone.png`, animations: "disabled" });

  // The storefront's header shares the shop itself.
  await page.goto(`/s/${shop.slug}`);
  await page.screenshot({ path: `${SHOTS}/share-storefront-phone.png`, animations: "disabled" });
  await page.getByRole("button", { name: "Share this shop" }).click();
  await expectToast(page, "Link copied");
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}/s/${shop.slug}`);

  expect(violations).toEqual([]);
  expect(errors).toEqual([]);
});

test("the product page with its share button, light and dark, on a phone and a computer", async ({
  page,
}) => {
  const { product } = await seededProduct(page);
  fs.mkdirSync(SHOTS, { recursive: true });
  for (const [name, viewport] of [
    ["phone", { width: 390, height: 844 }],
    ["desktop", { width: 1280, height: 900 }],
  ] as const) {
    await page.setViewportSize(viewport);
    for (const colorScheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme });
      await page.goto(`/products/${product.id}`);
      await expect(page.getByRole("button", { name: "Share this product" })).toBeVisible();
      await page.screenshot({
        path: `${SHOTS}/share-product-${name}-${colorScheme}.png`,
        animations: "disabled",
      });
    }
  }
});
