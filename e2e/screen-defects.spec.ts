import { expect, type Page, test } from "@playwright/test";
import { createStoreThroughApi, expectToast, signInSharedSeller, switchLanguage } from "./helpers";

/** Signs the seller in and opens a fresh store's Settings tab. */
async function openStoreSettings(page: Page) {
  await signInSharedSeller(page.request);
  const store = await createStoreThroughApi(page.request, "Siri's Studio");
  await page.goto(`/stores/${store.id}`);
  await page.getByRole("tab", { name: "Settings" }).click();
  return store;
}

test("signed in, an unknown address shows the 404 page with its way back, in English and Norwegian", async ({
  page,
}) => {
  await signInSharedSeller(page.request);
  await page.goto("/");
  const store = await createStoreThroughApi(page.request, "Nina's Notions");
  const unknown = ["/nope", "/s/", "/s/x/y", "/products/abc", `/stores/${store.id}/anything`];

  for (const path of unknown) {
    await page.goto(path);
    await expect(page.getByRole("heading", { name: "404 Page Not Found", level: 1 })).toBeVisible();
    await expect(page.getByText("Something went wrong")).toBeHidden();
  }
  // The way back leads home, to the signed-in dashboard.
  await page.getByRole("link", { name: "Back to home" }).click();
  await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();

  await switchLanguage(page, "nb");
  for (const path of unknown) {
    await page.goto(path);
    await expect(page.getByRole("heading", { name: "404 Fant ikke siden", level: 1 })).toBeVisible();
    await expect(page.getByRole("link", { name: "Tilbake til forsiden" })).toBeVisible();
  }
  await switchLanguage(page, "en");
});

test("Cancel in store settings puts the saved values back, and a later save does not store the cancelled edit", async ({
  page,
}) => {
  const store = await openStoreSettings(page);
  const name = page.getByLabel("Store Name");

  await page.getByRole("button", { name: "Edit Settings" }).click();
  await name.fill("A name I changed my mind about");
  await page.getByLabel(/Store Description/).fill("Nor this");
  await page.getByRole("button", { name: "Cancel" }).click();
  await expect(name).toHaveValue("Siri's Studio");
  await expect(name).toHaveAttribute("readonly", "");
  await expect(page.getByLabel(/Store Description/)).toHaveValue("");

  // Editing again starts from the saved store; saving something else keeps the cancelled name out.
  await page.getByRole("button", { name: "Edit Settings" }).click();
  await expect(name).toHaveValue("Siri's Studio");
  await page.getByLabel(/Store Description/).fill("Stoneware from Voss.");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expectToast(page, "Store updated");
  await expect(name).toHaveValue("Siri's Studio");
  const saved = await (await page.request.get(`/api/stores/${store.id}`)).json();
  expect(saved.name).toBe("Siri's Studio");
  expect(saved.theme.description).toBe("Stoneware from Voss.");
});

test("Cancel in payment settings drops a typed Vipps id, and a later save does not store it", async ({
  page,
}) => {
  const store = await openStoreSettings(page);
  const vipps = page.getByLabel("Vipps Merchant ID");

  await page.getByRole("button", { name: "Edit Payment Settings" }).click();
  await vipps.fill("654321");
  await page.getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByText("No payment methods configured")).toBeVisible();
  await expect(vipps).toHaveValue("");
  await expect(vipps).toHaveAttribute("placeholder", "Not set");

  // Editing again starts empty; saving only the live switch stores no Vipps channel.
  await page.getByRole("button", { name: "Edit Payment Settings" }).click();
  await expect(vipps).toHaveValue("");
  await page.getByRole("switch", { name: "Live mode" }).click();
  await page.getByRole("button", { name: "Save Payment Settings" }).click();
  await expectToast(page, "Payment settings updated");
  await expect(page.getByText("No payment methods configured")).toBeVisible();
  await expect(vipps).toHaveValue("");
  const channels = await (await page.request.get(`/api/stores/${store.id}/payment-channels`)).json();
  expect(channels).toEqual([]);
});
