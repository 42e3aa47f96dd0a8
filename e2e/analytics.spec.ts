import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import sharp from "sharp";
import { uniqueEmail } from "./helpers";

const SHOTS = ".tmp/shots";
const VIEWPORTS = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } } as const;

async function photo(rgb: [number, number, number]) {
  return sharp({
    create: { width: 600, height: 600, channels: 3, background: { r: rgb[0], g: rgb[1], b: rgb[2] } },
  })
    .jpeg()
    .toBuffer();
}

async function createStore(request: APIRequestContext, name: string) {
  const slug = `${name.toLowerCase().replace(/[^a-z]+/g, "-")}-${Date.now().toString(36)}`;
  const response = await request.post("/api/stores", { data: { name, slug } });
  expect(response.status()).toBe(201);
  return (await response.json()) as { id: string; slug: string };
}

async function createProduct(request: APIRequestContext, storeId: string, title: string, price: string) {
  const response = await request.post(`/api/stores/${storeId}/products`, {
    multipart: {
      title,
      basePrice: price,
      // Several orders of each: more than the one-of-a-kind default stock (decision 0032).
      stockQty: "100",
      blurb: `${title}, made by hand.`,
      image: { name: "p.jpg", mimeType: "image/jpeg", buffer: await photo([120, 90, 70]) },
    },
  });
  expect(response.status()).toBe(201);
  return (await response.json()) as { id: string };
}

/** A shopper's order through the public API, then the seller moves it to its status. */
async function placeOrder(
  request: APIRequestContext,
  storeId: string,
  items: { productId: string; qty: number }[],
  status: "pending" | "paid" | "fulfilled" | "cancelled",
) {
  const placed = await request.post("/api/orders", {
    data: {
      storeId,
      buyerEmail: "kari@example.no",
      shipToName: "Kari Kunde",
      shipToPhone: "+47 912 34 567",
      items,
    },
  });
  expect(placed.status()).toBe(201);
  const order = (await placed.json()) as { id: string };
  if (status !== "pending") {
    const changed = await request.patch(`/api/orders/${order.id}/status`, { data: { status } });
    expect(changed.status()).toBe(200);
  }
}

/** A stat card by its title; its value and hint are inside it. */
function statCard(page: Page, title: string) {
  return page
    .getByRole("heading", { name: title, exact: true, level: 2 })
    .locator("xpath=ancestor::div[contains(@class, 'rounded-xl')][1]");
}

test.use({ viewport: VIEWPORTS.desktop });

test("a seller reads real revenue, orders and product views in charts, per store; a new seller sees where to start", async ({
  page,
  browser,
}) => {
  // Charts drawn at once, so screenshots show them finished.
  await page.emulateMedia({ reducedMotion: "reduce" });
  const request = page.request;
  await request.post("/api/register", {
    data: { fullName: "Ingrid Keramiker", email: uniqueEmail("ingrid"), password: "kiln-and-loom" },
  });
  const pottery = await createStore(request, "Ingrids Keramikk");
  const weaving = await createStore(request, "Ingrids Vev");
  const mug = await createProduct(request, pottery.id, "Ash-glazed mug", "349");
  const bowl = await createProduct(request, pottery.id, "Salt bowl", "199");
  const scarf = await createProduct(request, weaving.id, "Wool scarf", "450");

  // Revenue counts paid and fulfilled orders only: 698 + 199 + 450 = 1 347 kr.
  await placeOrder(request, pottery.id, [{ productId: mug.id, qty: 2 }], "paid");
  await placeOrder(request, pottery.id, [{ productId: bowl.id, qty: 1 }], "fulfilled");
  await placeOrder(request, pottery.id, [{ productId: mug.id, qty: 1 }], "pending");
  await placeOrder(request, pottery.id, [{ productId: bowl.id, qty: 2 }], "cancelled");
  await placeOrder(request, weaving.id, [{ productId: scarf.id, qty: 1 }], "paid");

  // The seller's own look at the mug is not a view; a shopper's, in their own browser, is.
  const ownLook = page.waitForResponse((response) =>
    response.url().includes("/api/analytics/product-views/"),
  );
  await page.goto(`/products/${mug.id}`);
  expect((await ownLook).status()).toBe(204);
  const shopper = await browser.newPage();
  const beacon = shopper.waitForResponse((response) =>
    response.url().includes("/api/analytics/product-views/"),
  );
  await shopper.goto(`/products/${mug.id}`);
  await expect(shopper.getByRole("heading", { name: "Ash-glazed mug" })).toBeVisible();
  expect((await beacon).status()).toBe(204);
  await shopper.close();
  // Views are written every few seconds.
  await expect
    .poll(async () => (await (await request.get("/api/analytics")).json()).totals.productViews, {
      timeout: 15_000,
    })
    .toBe(1);

  await page.goto("/analytics");
  await expect(page.getByRole("heading", { name: "Analytics", level: 1 })).toBeVisible();
  await expect(statCard(page, "Revenue")).toContainText("1,347 kr");
  await expect(statCard(page, "Orders")).toContainText("5");
  await expect(statCard(page, "Orders")).toContainText("3 paid or fulfilled");
  // 1 347 / 3 = 449 kr.
  await expect(statCard(page, "Average order value")).toContainText("449 kr");
  await expect(statCard(page, "Product views")).toContainText("1");

  // Four charts, each an image with a summary, drawn as SVG.
  const charts = page.locator('[role="img"][aria-label]');
  await expect(charts).toHaveCount(4);
  for (const chart of await charts.all()) await expect(chart.locator("svg").first()).toBeVisible();
  await expect(charts.first()).toHaveAttribute(
    "aria-label",
    /Bar chart of revenue per day .*1,347 kr in all/,
  );
  await expect(page.locator(".recharts-bar-rectangle").first()).toBeVisible();
  const topProducts = page.getByRole("table").filter({ hasText: "Sold" });
  await expect(topProducts.getByRole("row").nth(1)).toContainText("Ash-glazed mug");
  await expect(topProducts.getByRole("row").nth(1)).toContainText("698 kr");

  for (const theme of ["light", "dark"] as const) {
    await request.put("/api/settings", { data: { theme } });
    await page.evaluate((value) => localStorage.setItem("ui-theme", value), theme);
    for (const [name, size] of Object.entries(VIEWPORTS)) {
      await page.setViewportSize(size);
      await page.reload();
      await expect(page.locator("html")).toHaveClass(theme === "dark" ? /dark/ : /^(?!.*dark)/);
      await expect(page.locator(".recharts-bar-rectangle").first()).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/analytics-${name}-${theme}.png`, fullPage: true });
    }
  }
  await page.setViewportSize(VIEWPORTS.desktop);

  // The store filter: one store's figures, kept in the address across a reload.
  await page.getByRole("combobox", { name: "Store" }).click();
  await page.getByRole("option", { name: "Ingrids Vev" }).click();
  await expect(page).toHaveURL(new RegExp(`store=${weaving.id}`));
  await expect(statCard(page, "Revenue")).toContainText("450 kr");
  await expect(statCard(page, "Orders")).toContainText("1");
  await page.reload();
  await expect(page.getByRole("combobox", { name: "Store" })).toHaveText("Ingrids Vev");
  await expect(statCard(page, "Revenue")).toContainText("450 kr");
  await page.getByRole("combobox", { name: "Store" }).click();
  await page.getByRole("option", { name: "Ingrids Keramikk" }).click();
  await expect(statCard(page, "Revenue")).toContainText("897 kr");
  await page.getByRole("combobox", { name: "Period" }).click();
  await page.getByRole("option", { name: "Last 90 days" }).click();
  await expect(page).toHaveURL(/period=quarter/);
  await expect(statCard(page, "Revenue")).toContainText("897 kr");

  // A seller without a store is shown where to start; with a store but no orders, a calm message.
  const newcomer = await browser.newContext({ viewport: VIEWPORTS.phone, reducedMotion: "reduce" });
  const newcomerPage = await newcomer.newPage();
  await newcomerPage.request.post("/api/register", {
    data: { fullName: "Nils Nybegynner", email: uniqueEmail("nils"), password: "first-store-soon" },
  });
  await newcomerPage.goto("/analytics");
  await expect(newcomerPage.getByText("No stores yet")).toBeVisible();
  await expect(newcomerPage.getByRole("link", { name: "Create store" })).toHaveAttribute(
    "href",
    "/create-store",
  );
  await newcomerPage.screenshot({ path: `${SHOTS}/analytics-phone-no-stores.png`, fullPage: true });
  await createStore(newcomerPage.request, "Nils Smie");
  await newcomerPage.reload();
  await expect(newcomerPage.getByText("No orders yet")).toBeVisible();
  await expect(newcomerPage.locator('[role="img"][aria-label]')).toHaveCount(0);
  await expect(statCard(newcomerPage, "Revenue")).toContainText("0 kr");
  await newcomerPage.screenshot({ path: `${SHOTS}/analytics-phone-no-orders.png`, fullPage: true });
  await newcomer.close();
});
