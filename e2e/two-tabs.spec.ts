import { expect, type Page, test } from "@playwright/test";
import { expectToast, photo, registerThroughUi, uniqueEmail } from "./helpers";

const STALE = "This was changed in another tab or by someone else. Reload to see the latest version.";

/** A seller with a store and one product, made through the API with the page's session. */
async function sellerWithProduct(page: Page) {
  await registerThroughUi(page, "Tove Tabs", uniqueEmail("tabs"), "two-tabs-open");
  const store = await page.request.post("/api/stores", {
    data: { name: "Tove's Tekstil", slug: `toves-tekstil-${Date.now().toString(36)}` },
  });
  expect(store.status()).toBe(201);
  const storeId: string = (await store.json()).id;
  const product = await page.request.post(`/api/stores/${storeId}/products`, {
    multipart: { title: "Woollen scarf", basePrice: "450", image: photo("coffee-cup.jpg") },
  });
  expect(product.status()).toBe(201);
  return { storeId, productId: (await product.json()).id as string };
}

test("a save in a stale tab is refused with a message, keeping both the other tab's change and the input", async ({
  page,
  context,
}) => {
  const { storeId, productId } = await sellerWithProduct(page);

  // Store settings: both tabs open the form before either saves.
  const first = page;
  const second = await context.newPage();
  for (const tab of [first, second]) {
    await tab.goto(`/stores/${storeId}?tab=settings`);
    await tab.getByRole("tab", { name: "Settings" }).click();
    await tab.getByRole("button", { name: "Edit Settings" }).click();
  }
  await first.getByLabel("Store Name").fill("Tove's Tekstil og Garn");
  await first.getByRole("button", { name: "Save Changes" }).click();
  await expectToast(first, "Store updated");

  await second.getByLabel(/Store Description/).fill("Written in the stale tab");
  await second.getByRole("button", { name: "Save Changes" }).click();
  await expectToast(second, STALE);
  await expect(second.getByLabel(/Store Description/)).toHaveValue("Written in the stale tab");
  await expect(second.getByRole("button", { name: "Save Changes" })).toBeVisible();

  await expectToast(second, "Error updating store");
  const store = await (await first.request.get(`/api/stores/${storeId}`)).json();
  expect(store.name).toBe("Tove's Tekstil og Garn");
  expect(store.theme.description).toBeUndefined();

  // Payment settings: the first tab saves a channel right after its own settings save (its own change
  // is no conflict); the second, which still shows no channel, is refused.
  await first.getByRole("button", { name: "Edit Payment Settings" }).click();
  await first.getByLabel("Vipps Merchant ID").fill("123456");
  await first.getByLabel("Current password").fill("two-tabs-open");
  await first.getByRole("button", { name: "Save Payment Settings" }).click();
  await expectToast(first, "Payment settings updated");

  await second.getByRole("button", { name: "Edit Payment Settings" }).click();
  await second.getByLabel("Vipps Merchant ID").fill("654321");
  await second.getByLabel("Current password").fill("two-tabs-open");
  await second.getByRole("button", { name: "Save Payment Settings" }).click();
  await expectToast(second, "Error updating payment settings");
  const channels = await (await first.request.get(`/api/stores/${storeId}/payment-channels`)).json();
  expect(channels).toMatchObject([{ provider: "vipps", externalId: "123456" }]);

  // The product form, the same way.
  for (const tab of [first, second]) {
    await tab.goto(`/product-edit/${productId}`);
    await expect(tab.getByLabel("Product Name")).toHaveValue("Woollen scarf");
  }
  await first.getByLabel(/Price/).fill("480");
  await first.getByRole("button", { name: "Save Changes" }).click();
  await expectToast(first, "Product updated");

  await second.getByLabel("Product Name").fill("Scarf from the stale tab");
  await second.getByRole("button", { name: "Save Changes" }).click();
  await expectToast(second, STALE);
  await expect(second.getByLabel("Product Name")).toHaveValue("Scarf from the stale tab");

  const product = await (await first.request.get(`/api/products/${productId}`)).json();
  expect(product).toMatchObject({ title: "Woollen scarf", basePrice: "480.00" });

  // After a reload the second tab shows the latest version and saves normally.
  await second.reload();
  await expect(second.getByLabel(/Price/)).toHaveValue("480");
  await second.getByLabel("Product Name").fill("Woollen scarf, ash grey");
  await second.getByRole("button", { name: "Save Changes" }).click();
  await expectToast(second, "Product updated");
  expect((await (await first.request.get(`/api/products/${productId}`)).json()).title).toBe(
    "Woollen scarf, ash grey",
  );
});
