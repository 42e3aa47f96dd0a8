import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { createStoreThroughApi, expectToast, madePhoto, signInSharedSeller } from "./helpers";

/**
 * Issue 29, the seller's side of discount codes: the seller makes a code in the store's Discounts tab and
 * sees it listed; a shopper's order with the code shows in the list as a use and the discount given;
 * pausing, resuming, ending and deleting work from the code's menu. On a desktop and on a 390×844 phone,
 * where the store's tabs scroll sideways and each code is a card.
 */

async function storeWithMug(request: APIRequestContext, name: string) {
  await signInSharedSeller(request);
  const store = await createStoreThroughApi(request, name);
  const added = await request.post(`/api/stores/${store.id}/products`, {
    multipart: {
      title: "Sea-green mug",
      basePrice: "349",
      stockQty: "10",
      image: { name: "p.jpg", mimeType: "image/jpeg", buffer: await madePhoto([63, 120, 100]) },
    },
  });
  expect(added.status()).toBe(201);
  return { store, mug: (await added.json()) as { id: string } };
}

/** The code's row (desktop table) or card (phone), whichever the screen shows. */
function codeEntry(page: Page, code: string) {
  return page.locator("[data-testid=discount-row]:visible, [data-testid=discount-card]:visible").filter({
    hasText: code,
  });
}

async function codeAction(page: Page, code: string, action: string) {
  await codeEntry(page, code)
    .getByRole("button", { name: `Actions for ${code}` })
    .click();
  await page.getByRole("menuitem", { name: action }).click();
}

for (const screen of [
  { name: "desktop", viewport: { width: 1280, height: 900 } },
  { name: "phone", viewport: { width: 390, height: 844 } },
] as const) {
  test(`a seller makes a discount code, a shopper uses it, the seller pauses and ends it (${screen.name})`, async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await page.setViewportSize(screen.viewport);
    const { store, mug } = await storeWithMug(page.request, `Rabattverket ${screen.name}`);
    const code = screen.name === "desktop" ? "VINTER20" : "MARKED20";

    await page.goto(`/stores/${store.id}`);
    const tab = page.getByRole("tab", { name: "Discounts" });
    // On a phone the tab row scrolls sideways: the tab is reached, not squeezed out.
    await tab.scrollIntoViewIfNeeded();
    await tab.click();
    await expect(page).toHaveURL(/tab=discounts/);
    await expect(page.getByText("No discount codes yet")).toBeVisible();
    await page.getByRole("button", { name: "Create your first code" }).click();

    const dialog = page.getByRole("dialog", { name: "New discount code" });
    // The form refuses a bad code at its field before anything is sent.
    await dialog.getByLabel("Code", { exact: true }).fill("a b");
    await dialog.getByLabel("Percentage", { exact: true }).fill("20");
    await dialog.getByRole("button", { name: "Create code" }).click();
    await expect(dialog.getByText("Use 3–32 letters, digits, - or _ for the code")).toBeVisible();
    await dialog.getByRole("button", { name: "Generate" }).click();
    await expect(dialog.getByLabel("Code", { exact: true })).toHaveValue(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    await dialog.getByLabel("Code", { exact: true }).fill(code);
    await expect(dialog.getByRole("radio", { name: "Percentage off" })).toBeChecked();
    await dialog.getByLabel("Minimum order total (kr)").fill("300");
    await dialog.getByLabel("Total uses").fill("10");
    await dialog.getByLabel("One use per shopper").check();
    await dialog.getByLabel("Limit to products").fill("mug");
    await dialog.getByRole("checkbox", { name: "Sea-green mug" }).check();
    await expect(dialog.getByRole("button", { name: "Remove Sea-green mug" })).toBeVisible();
    await dialog.getByRole("button", { name: "Create code" }).click();
    await expectToast(page, "Code created");
    await expect(dialog).toBeHidden();

    const entry = codeEntry(page, code);
    await expect(entry).toContainText("20 % off");
    await expect(entry).toContainText("Orders from 300 kr");
    await expect(entry).toContainText("1 product only");
    await expect(entry).toContainText("One per shopper");
    await expect(entry).toContainText("0 of 10");
    await expect(entry).toContainText("Active");

    // A second code of the same letters in another case: the server's message under the code field.
    await page.getByRole("button", { name: "New code" }).click();
    const again = page.getByRole("dialog", { name: "New discount code" });
    await again.getByLabel("Code", { exact: true }).fill(code.toLowerCase());
    await again.getByRole("radio", { name: "Free delivery" }).check();
    await again.getByRole("button", { name: "Create code" }).click();
    await expect(again.getByText(`This store already has a code called ${code.toLowerCase()}`)).toBeVisible();
    await again.getByRole("button", { name: "Cancel" }).click();

    await codeAction(page, code, "Pause");
    await expectToast(page, `${code} is paused`);
    await expect(codeEntry(page, code)).toContainText("Paused");
    await codeAction(page, code, "Resume");
    await expect(codeEntry(page, code)).toContainText("Active");

    // A shopper's order with the code (typed in another case), placed through the API.
    const order = await page.request.post("/api/orders", {
      data: {
        storeId: store.id,
        buyerEmail: `kunde-${screen.name}@example.no`,
        shipToName: "Nora Kunde",
        shipToPhone: "+47 913 45 678",
        items: [{ productId: mug.id, qty: 1 }],
        discountCode: code.toLowerCase(),
      },
    });
    expect(order.status(), await order.text()).toBe(201);
    expect(await order.json()).toMatchObject({ discountCode: code, discountTotal: "69.80" });
    await page.reload();
    await expect(codeEntry(page, code)).toContainText("1 of 10");
    await expect(codeEntry(page, code)).toContainText("70 kr");
    await expect(codeEntry(page, code)).toContainText("279 kr");

    await codeAction(page, code, "End");
    const end = page.getByRole("alertdialog", { name: `End ${code}?` });
    await end.getByRole("button", { name: "End code" }).click();
    await expectToast(page, `${code} has ended`);
    await expect(codeEntry(page, code)).toContainText("Ended");
    const refused = await page.request.post("/api/orders/quote", {
      data: { storeId: store.id, items: [{ productId: mug.id, qty: 1 }], discountCode: code },
    });
    expect((await refused.json()).message).toBe("This code has ended");

    await codeAction(page, code, "Delete");
    await page
      .getByRole("alertdialog", { name: `Delete ${code}?` })
      .getByRole("button", { name: "Delete code" })
      .click();
    await expectToast(page, `${code} deleted`);
    await expect(page.getByText("No discount codes yet")).toBeVisible();
  });
}
