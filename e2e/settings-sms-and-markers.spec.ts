import fs from "node:fs";
import { type Browser, expect, type Page, test } from "@playwright/test";
import { createStoreThroughApi, madePhoto, signInSharedSeller } from "./helpers";

/**
 * Torg issue 33 (decision 0069): the settings screen has no dead controls and one theme control; the
 * store's SMS lives in one card; add-product asks before a filled form is lost; a shop's cards carry no
 * marker, the zoom viewer does.
 */

const SHOTS = ".tmp/shots/issue-33";
const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };
const DESKTOP = { viewport: { width: 1280, height: 900 } };

async function shot(page: Page, name: string) {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/** The shared seller's browser of the given kind and colour scheme (theme "system" follows it). */
async function sellerIn(browser: Browser, device: "desktop" | "phone", scheme: "light" | "dark") {
  const context = await browser.newContext({
    ...(device === "phone" ? PHONE : DESKTOP),
    colorScheme: scheme,
  });
  const page = await context.newPage();
  await signInSharedSeller(page.request);
  expect((await page.request.put("/api/settings", { data: { theme: "system" } })).ok()).toBe(true);
  return { context, page };
}

test("the settings screen: no currency, one theme control, no dead billing buttons, e-mail only under Notifications", async ({
  page,
}) => {
  await signInSharedSeller(page.request);
  expect((await page.request.put("/api/settings", { data: { theme: "system" } })).ok()).toBe(true);
  await page.goto("/settings");
  await expect(page.getByRole("heading", { name: "Settings", level: 1 })).toBeVisible();
  await expect(page.getByLabel("Language")).toBeVisible();
  await expect(page.getByLabel("Currency")).toHaveCount(0);
  await expect(page.getByText("Prices in Torg are always in Norwegian kroner (kr).")).toBeVisible();

  await page.getByRole("tab", { name: "Notifications" }).click();
  await expect(page.getByRole("switch", { name: "Email notifications" })).toBeVisible();
  await expect(page.getByRole("switch", { name: "SMS notifications" })).toHaveCount(0);
  await expect(page.getByText("switched on in each store's SMS card", { exact: false })).toBeVisible();

  // One theme control: the three-way choice; choosing Dark applies and saves at once.
  await page.getByRole("tab", { name: "Appearance" }).click();
  await expect(page.getByRole("switch")).toHaveCount(0);
  const themes = page.getByRole("radiogroup", { name: "Theme" });
  await expect(themes.getByRole("radio")).toHaveCount(3);
  await themes.getByRole("radio", { name: "Dark" }).click();
  await expect(page.locator("html")).toHaveClass(/dark/);
  await expect.poll(async () => (await (await page.request.get("/api/settings")).json()).theme).toBe("dark");
  await themes.getByRole("radio", { name: "System" }).click();
  await expect
    .poll(async () => (await (await page.request.get("/api/settings")).json()).theme)
    .toBe("system");

  await page.getByRole("tab", { name: "Billing" }).click();
  const panel = page.getByRole("tabpanel");
  await expect(panel.getByText("Free Plan")).toBeVisible();
  await expect(panel.getByText("charges you nothing", { exact: false })).toBeVisible();
  await expect(panel.getByRole("button")).toHaveCount(0);
});

test("screenshots: the settings tabs and the store's SMS card, phone and desktop, light and dark", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  let storeId = "";
  for (const device of ["desktop", "phone"] as const) {
    for (const scheme of ["light", "dark"] as const) {
      const { context, page } = await sellerIn(browser, device, scheme);
      if (!storeId) {
        storeId = (await createStoreThroughApi(page.request, "SMS-kortet")).id;
        await page.request.put(`/api/stores/${storeId}`, { data: { phone: "+47 912 34 567" } });
      }
      for (const tab of ["general", "notifications", "appearance", "billing"]) {
        await page.goto(`/settings${tab === "general" ? "" : `?tab=${tab}`}`);
        await expect(page.getByRole("tabpanel")).toBeVisible();
        await shot(page, `settings-${tab}-${device}-${scheme}`);
      }
      await page.goto(`/stores/${storeId}?tab=settings`);
      const card = page.getByRole("region", { name: "SMS", exact: true });
      await expect(card.getByLabel("SMS Order Phone Number")).toHaveValue("+47 912 34 567");
      await card.scrollIntoViewIfNeeded();
      await shot(page, `store-settings-${device}-${scheme}`);
      await context.close();
    }
  }
});

test("add product: leaving a filled form asks first, in the app and in the browser", async ({ page }) => {
  await signInSharedSeller(page.request);
  const store = await createStoreThroughApi(page.request, "Forlat-skjema");
  await page.goto(`/stores/${store.id}/add-product`);
  await expect(page.getByRole("heading", { name: "Add Product" })).toBeVisible();

  // Nothing filled in: no question.
  await page.getByRole("link", { name: /Back to Forlat-skjema/ }).click();
  await expect(page).toHaveURL(new RegExp(`/stores/${store.id}`));

  await page.goto(`/stores/${store.id}/add-product`);
  await page.getByLabel("Product Name").fill("Blå vase");
  await page.getByRole("link", { name: /Back to Forlat-skjema/ }).click();
  const question = page.getByRole("alertdialog", { name: "Leave without saving?" });
  await expect(question).toBeVisible();
  await expect(question.getByRole("button", { name: "Keep editing" })).toBeFocused();
  await question.getByRole("button", { name: "Keep editing" }).click();
  await expect(page).toHaveURL(new RegExp(`/stores/${store.id}/add-product$`));
  await expect(page.getByLabel("Product Name")).toHaveValue("Blå vase");

  // Cancel is a link in the app too.
  await page.getByRole("link", { name: "Cancel" }).click();
  await expect(question).toBeVisible();
  await question.getByRole("button", { name: "Keep editing" }).click();

  // The browser's own question on a reload.
  const asked = page.waitForEvent("dialog");
  const reloaded = page.reload();
  const dialog = await asked;
  expect(dialog.type()).toBe("beforeunload");
  await dialog.accept();
  await reloaded;
  await expect(page.getByLabel("Product Name")).toHaveValue("");

  // A photo alone is something to lose; leaving on purpose goes.
  await page
    .locator('input[type="file"]')
    .first()
    .setInputFiles({
      name: "vase.jpg",
      mimeType: "image/jpeg",
      buffer: await madePhoto([40, 80, 160]),
    });
  await page.getByRole("link", { name: /Back to Forlat-skjema/ }).click();
  await question.getByRole("button", { name: "Leave without saving" }).click();
  await expect(page).toHaveURL(new RegExp(`/stores/${store.id}`));
  const products = await (await page.request.get(`/api/stores/${store.id}/products`)).json();
  expect(products).toEqual([]);
});

test("a shop's cards and product page carry no marker; the zoom viewer opens on it", async ({ page }) => {
  await signInSharedSeller(page.request);
  const store = await createStoreThroughApi(page.request, "Markørfri");
  const created = await page.request.post(`/api/stores/${store.id}/products`, {
    multipart: {
      title: "Katteportrett",
      basePrice: "450",
      coordinates: '{"x":40,"y":35}',
      image: { name: "katt.jpg", mimeType: "image/jpeg", buffer: await madePhoto([120, 110, 90]) },
    },
  });
  expect(created.status()).toBe(201);
  const product = (await created.json()) as { id: string };
  await page.request.post("/api/logout");

  await page.goto(`/s/${store.slug}`);
  const card = page.locator(".torg-card").filter({ hasText: "Katteportrett" });
  const photo = card.locator("img").first();
  await expect
    .poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
  // The zoom badge says the photo can be zoomed; no dot sits on the photo.
  await expect(card.getByText("Zoom")).toBeVisible();
  await expect(card.locator("[data-marker], .animate-ping")).toHaveCount(0);

  await card.getByRole("button", { name: "Katteportrett", exact: true }).click();
  const zoom = page.getByRole("dialog");
  await expect(zoom.locator("[data-marker]")).toBeVisible();
  await zoom.getByRole("button", { name: "Close zoom" }).click();

  await page.goto(`/products/${product.id}`);
  await expect(page.getByRole("heading", { name: "Katteportrett" })).toBeVisible();
  await expect
    .poll(() =>
      page
        .locator("img")
        .first()
        .evaluate((img: HTMLImageElement) => img.naturalWidth),
    )
    .toBeGreaterThan(0);
  await expect(page.locator("[data-marker], .animate-ping")).toHaveCount(0);
});
