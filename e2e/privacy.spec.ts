import { expect, test } from "@playwright/test";
import { createStoreThroughApi, expectToast, madePhoto, recordPageErrors, uniqueEmail } from "./helpers";

test("a seller erases a shopper, downloads their data and deletes their account", async ({ page }) => {
  const pageErrors = recordPageErrors(page);
  const email = uniqueEmail("leaving");
  const password = "glaze-and-kiln";
  const registered = await page.request.post("/api/register", {
    data: { fullName: "Liv Leaving", email, password },
  });
  expect(registered.status()).toBe(201);
  const store = await createStoreThroughApi(page.request, "Livs Vev");
  const product = await page.request.post(`/api/stores/${store.id}/products`, {
    multipart: {
      title: "Woven runner",
      basePrice: "450",
      image: { name: "p.jpg", mimeType: "image/jpeg", buffer: await madePhoto([120, 90, 60]) },
    },
  });
  expect(product.status()).toBe(201);
  const order = await page.request.post("/api/orders", {
    data: {
      storeId: store.id,
      buyerEmail: "glem-meg@example.no",
      shipToName: "Glem Meg",
      shipToPhone: "+47 913 45 678",
      items: [{ productId: (await product.json()).id, qty: 1 }],
    },
  });
  expect(order.status()).toBe(201);

  // A shopper asked to be forgotten: the store's settings erase them from its orders.
  await page.goto(`/stores/${store.id}?tab=settings`);
  await page.getByLabel("Shopper's e-mail").fill("glem-meg@example.no");
  await page.getByRole("button", { name: "Erase", exact: true }).click();
  await expectToast(page, "1 order no longer shows their details.");

  // A copy of everything.
  await page.goto("/settings?tab=privacy");
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download my data" }).click();
  expect((await download).suggestedFilename()).toMatch(/^torg-data-\d{4}-\d\d-\d\d\.tar\.gz$/);
  await expectToast(page, "Your data is downloading");

  // Deleting asks for the password, and a wrong one says so.
  await page.getByRole("button", { name: "Delete my account" }).click();
  const dialog = page.getByRole("dialog", { name: "Delete your account?" });
  await dialog.getByLabel("Password").fill("not-my-password");
  await dialog.getByRole("button", { name: "Delete account" }).click();
  await expect(dialog.getByText("The current password is incorrect")).toBeVisible();
  await dialog.getByLabel("Password").fill(password);
  await dialog.getByRole("button", { name: "Delete account" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expectToast(page, "Your account is gone and you are signed out.");

  // The shop is gone from the web, and the account opens nothing.
  expect((await page.request.get(`/api/stores/slug/${store.slug}`)).status()).toBe(404);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Log in" }).click();
  await expectToast(page, "Invalid email or password");
  // The login page says what Torg keeps.
  await page.getByRole("link", { name: "Privacy" }).click();
  await expect(
    page.getByRole("heading", { name: "What Torg stores about you, and why", level: 1 }),
  ).toBeVisible();
  // Styled by the login pages' stylesheet (its classes are generated only for the files it lists):
  // a readable column with bullets, not full-width bare text.
  await expect(page.locator("main")).toHaveCSS("max-width", "672px");
  await expect(page.locator("main li").first()).toHaveCSS("list-style-type", "disc");
  // The browser reports the refused password and the refused login; nothing else went wrong.
  expect(pageErrors.filter((text) => !/status of (400|401)/.test(text))).toEqual([]);
});
