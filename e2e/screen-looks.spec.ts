import { expect, type Page, test } from "@playwright/test";
import { seedShop } from "./helpers";

test.use({ viewport: { width: 1280, height: 800 } });

async function signIn(page: Page, email: string, password: string) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
}

test("prices line up on the seller's product cards with and without a SKU", async ({ page }) => {
  const shop = await seedShop(page.request);
  await signIn(page, shop.email, shop.password);

  // The mug has a SKU, the bowl has none: their prices sit on the same line.
  await page.goto(`/stores/${shop.id}`);
  const priceTop = async (price: string) =>
    (await page.getByRole("tabpanel").getByText(price, { exact: true }).boundingBox())?.y;
  const withSku = await priceTop("349 kr");
  const withoutSku = await priceTop("189 kr");
  expect(withSku).toBeDefined();
  expect(withSku).toBe(withoutSku);
});

test("the revenue charts' money axis says kr", async ({ page }) => {
  const shop = await seedShop(page.request);
  await signIn(page, shop.email, shop.password);
  // A paid order puts revenue on the charts; the money axis carries its unit.
  const products = await (await page.request.get(`/api/stores/${shop.id}/products`)).json();
  const order = await page.request.post("/api/orders", {
    data: {
      storeId: shop.id,
      buyerEmail: "kunde@example.no",
      shipToName: "Nora Kunde",
      shipToPhone: "+47 913 45 678",
      items: [{ productId: products[0].id, qty: 3 }],
    },
  });
  const { id } = await order.json();
  expect((await page.request.patch(`/api/orders/${id}/status`, { data: { status: "paid" } })).ok()).toBe(
    true,
  );
  await page.goto("/analytics");
  // The first two charts are revenue per day and per month.
  for (const chart of [0, 1]) {
    const ticks = page
      .locator(".recharts-yAxis-tick-labels")
      .nth(chart)
      .locator(".recharts-cartesian-axis-tick-value");
    await expect(ticks.first()).toBeVisible();
    for (const tick of await ticks.allTextContents()) expect(tick).toMatch(/ kr$/);
  }
});

test("a storefront without a hero photo gets a header in its colour, not a stretched product photo", async ({
  page,
}) => {
  const shop = await seedShop(page.request);
  await page.goto(`/s/${shop.slug}`);
  await expect(page.getByTestId("drawn-hero")).toBeVisible();
  // The only product photos are the ones in the grid.
  const photos = page.locator('main img[src*="/uploads/products/"]');
  await expect(photos).toHaveCount(2);
  expect(await photos.evaluateAll((images) => images.every((image) => image.closest("li")))).toBe(true);
});

test("at 800 px high, the checkout's payment note is in full view above Place Order", async ({ page }) => {
  const shop = await seedShop(page.request);
  await page.goto(`/s/${shop.slug}`);
  await page.getByRole("button", { name: "Add to Cart: Salt bowl" }).click();
  await page.getByRole("button", { name: "Add to Cart: Sea-green mug" }).click();
  await page
    .getByRole("button", { name: /Open cart, 2 items/ })
    .first()
    .click();
  await page.getByRole("dialog").getByRole("button", { name: "Proceed to Checkout" }).click();
  const checkout = page.getByRole("dialog", { name: "Complete Your Order" });
  const note = checkout.getByText(/Nothing is charged now/);
  await expect(note).toBeInViewport({ ratio: 1 });
  const noteBox = await note.boundingBox();
  const buttonBox = await checkout.getByRole("button", { name: /Place Order/ }).boundingBox();
  expect(noteBox && buttonBox && noteBox.y + noteBox.height <= buttonBox.y).toBe(true);
  // Nothing drawn over it: a (trial) click at the note reaches the note itself.
  await note.click({ trial: true, timeout: 3000 });
});
