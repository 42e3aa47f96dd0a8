import { expect, type Page, test } from "@playwright/test";
import { FAKE_BRING_ACCOUNT } from "../src/server/test/fakes/bring-account";
import { createStoreThroughApi, expectToast, madePhoto, signInSharedSeller } from "./helpers";

/**
 * Issue 31 item 1 (decision 0079): the seller connects Bring in the store's settings. A wrong API key is
 * refused at once, in the card; the local Bring fake's account is accepted with the services chosen;
 * then a product gets its packed weight and size. The journey's server talks to the Bring fake.
 */
async function seedStore(page: Page) {
  await signInSharedSeller(page.request);
  const store = await createStoreThroughApi(page.request, "Leirverket Frakt");
  const added = await page.request.post(`/api/stores/${store.id}/products`, {
    multipart: {
      title: "Sea-green mug",
      basePrice: "349",
      image: { name: "p.jpg", mimeType: "image/jpeg", buffer: await madePhoto([63, 120, 100]) },
    },
  });
  expect(added.status()).toBe(201);
  return { store, product: (await added.json()) as { id: string } };
}

for (const viewport of [
  { name: "desktop", width: 1280, height: 900 },
  { name: "phone", width: 390, height: 844 },
]) {
  test(`${viewport.name}: connect Bring (a wrong key refused, the right one accepted) and weigh a product`, async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize(viewport);
    const { store, product } = await seedStore(page);

    await page.goto(`/stores/${store.id}?tab=settings`);
    const card = page.locator("#store-carrier");
    await expect(card.getByText("Shipping with Bring")).toBeVisible();
    await expect(card.getByText("Not connected")).toBeVisible();
    // No delivery options of its own: shoppers would have nothing when Bring is silent.
    await expect(card.getByText("You have no delivery options of your own")).toBeVisible();

    await card.getByLabel("Mybring user").fill(FAKE_BRING_ACCOUNT.apiUid);
    await card.getByLabel("API key").fill("not-the-right-key-01");
    await card.getByLabel("Customer number").fill(FAKE_BRING_ACCOUNT.customerNumber);
    await card.getByLabel("Name", { exact: true }).fill("Leirverket");
    await card.getByLabel("Street address").fill("Storgata 1");
    await card.getByLabel("Postcode").fill("0155");
    await card.getByLabel("Town or city").fill("Oslo");
    await card.getByLabel("Parcel delivered home", { exact: true }).uncheck();
    await card.getByLabel("Your price for Parcel in the mailbox (kr)").fill("79");
    await card.getByLabel("Default weight (g)").fill("800");
    await card.getByLabel("Mark orders fulfilled when Bring says they were delivered").check();

    await card.getByRole("button", { name: "Connect Bring" }).click();
    await expect(card.getByRole("alert")).toContainText("Bring did not accept this Mybring user, API key");
    await expect(card.getByText("Not connected")).toBeVisible();

    await card.getByLabel("API key").fill(FAKE_BRING_ACCOUNT.apiKey);
    await card.getByRole("button", { name: "Connect Bring" }).click();
    await expect(card.getByRole("status").filter({ hasText: "Bring accepted the account" })).toBeVisible();
    await expect(card.getByText("Connected", { exact: true })).toBeVisible();
    await expect(card.getByText("Saved. Leave empty to keep it.")).toBeVisible();
    await expect(card.getByLabel("API key")).toHaveValue("");

    // What was saved is what the card shows after a reload; the key is never shown again.
    await page.reload();
    await expect(card.getByLabel("Mybring user")).toHaveValue(FAKE_BRING_ACCOUNT.apiUid);
    await expect(card.getByLabel("API key")).toHaveValue("");
    await expect(card.getByLabel("Parcel to pick-up point", { exact: true })).toBeChecked();
    await expect(card.getByLabel("Parcel delivered home", { exact: true })).not.toBeChecked();
    await expect(card.getByLabel("Your price for Parcel in the mailbox (kr)")).toHaveValue("79");
    await expect(card.getByLabel("Default weight (g)")).toHaveValue("800");

    // A later save without the key keeps the saved one (Bring is asked with it again).
    await card.getByLabel("Free delivery from (kr)").fill("1500");
    await card.getByRole("button", { name: "Save", exact: true }).click();
    await expect(card.getByRole("status").filter({ hasText: "Bring accepted the account" })).toBeVisible();

    // The product's packed weight and size, on its edit page.
    await page.goto(`/product-edit/${product.id}`);
    await page.getByLabel("Weight (g)").fill("450");
    await page.getByLabel("Length (cm)").fill("20");
    await page.getByLabel("Width (cm)").fill("0");
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByText("Enter each side in whole centimetres, at most 240")).toBeVisible();
    await page.getByLabel("Width (cm)").fill("");
    await page.getByRole("button", { name: "Save changes" }).click();
    await expectToast(page, "Product updated");
    await page.reload();
    await expect(page.getByLabel("Weight (g)")).toHaveValue("450");
    await expect(page.getByLabel("Length (cm)")).toHaveValue("20");
  });
}
