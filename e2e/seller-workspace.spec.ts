import { expect, test } from "@playwright/test";
import sharp from "sharp";
import { expectToast, registerThroughUi, serverLogMark, textedCode, uniqueEmail } from "./helpers";

/** A product photo made on the spot: a warm backdrop with a glazed "mug" in the middle. */
async function productPhoto() {
  const mug = await sharp({
    create: { width: 300, height: 360, channels: 3, background: { r: 63, g: 93, b: 74 } },
  })
    .png()
    .toBuffer();
  return sharp({ create: { width: 900, height: 700, channels: 3, background: { r: 233, g: 220, b: 198 } } })
    .composite([{ input: mug, gravity: "center" }])
    .jpeg()
    .toBuffer();
}

test.use({ permissions: ["clipboard-read", "clipboard-write"] });

test("a seller creates a store, adds a product, sets up payments, copies the Finn.no listing, handles an order and deletes the store", async ({
  page,
}) => {
  // The whole workspace in one journey, the SMS card's steps included: more than the default minute on a
  // shared machine.
  test.setTimeout(120_000);
  await registerThroughUi(page, "Bjørn Baker", uniqueEmail("baker"), "sourdough-forever");

  // Create a store: the URL follows the name, Nordic letters transliterated.
  await page.getByRole("link", { name: "Create New Store" }).first().click();
  await page.getByLabel("Store Name").fill("Bjørn's Bakeri");
  await expect(page.getByLabel("Store URL")).toHaveValue(/^bjorn-s-bakeri/);
  const slug = `bjorn-s-bakeri-${Date.now().toString(36)}`;
  await page.getByLabel("Store URL").fill(slug);
  await page.getByLabel(/Store Description/).fill("Sourdough and cinnamon buns from Bergen.");
  await page.getByRole("button", { name: "Create Store" }).click();
  await expectToast(page, "Store created!");
  await expect(page.getByRole("heading", { name: "Bjørn's Bakeri" })).toBeVisible();
  const storeUrl = page.url();

  // Add a product with a photo.
  await page.getByRole("link", { name: "Add Product" }).first().click();
  await expect(page.getByRole("button", { name: "Publish Product" })).toBeDisabled();
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: "bun.jpg", mimeType: "image/jpeg", buffer: await productPhoto() });
  await page.getByLabel("Product Name").fill("Cinnamon bun");
  await page.getByLabel("Description").fill("Cardamom dough, brown butter, pearl sugar.");
  await page.getByLabel(/Price/).fill("45");
  // A baker's batch, not a one-of-a-kind piece (new products start at 1, decision 0032).
  await expect(page.getByLabel("Stock", { exact: true })).toHaveValue("1");
  await page.getByLabel("Stock", { exact: true }).fill("24");
  await page.getByRole("button", { name: "Publish Product" }).click();
  await expectToast(page, "Product created!");

  // It shows in the Products tab with its price and photo.
  const productsTab = page.getByRole("tabpanel");
  await expect(productsTab.getByText("Cinnamon bun", { exact: true })).toBeVisible();
  await expect(productsTab.getByText("45 kr").first()).toBeVisible();
  await expect(productsTab.locator('img[src*="/uploads/products/"]').first()).toBeVisible();

  // Payment settings, with a validation error first.
  await page.getByRole("tab", { name: "Settings" }).click();
  await expect(page.getByText("No payment methods configured")).toBeVisible();
  await page.getByRole("button", { name: "Edit Payment Settings" }).click();
  await page.getByLabel("Stripe Account ID").fill("sk_live_not_an_account");
  await page.getByRole("button", { name: "Save Payment Settings" }).click();
  await expect(page.getByText("Stripe account IDs look like acct_1A2b3C4d5E6f").first()).toBeVisible();
  // Where the money goes changes only with the password (decision 0058).
  await expect(page.getByText("Enter your current password to change where payments go")).toBeVisible();
  await page.getByLabel("Stripe Account ID").fill("acct_1A2b3C4d5E6f");
  await page.getByLabel("Vipps Merchant ID").fill("123456");
  await page.getByLabel("Current password").fill("sourdough-forever");
  await page.getByRole("button", { name: "Save Payment Settings" }).click();
  await expectToast(page, "Payment settings updated");
  await expect(page.getByText("No payment methods configured")).toBeHidden();

  // One SMS card: the phone, its confirmation and the new-order texts (decision 0069). A landline is
  // refused with the reason; a mobile is saved in E.164 and shown as on every other screen (3-2-3).
  const smsCard = page.getByRole("region", { name: "SMS", exact: true });
  await expect(page.getByLabel("SMS Order Phone Number")).toHaveCount(1);
  await smsCard.getByLabel("SMS Order Phone Number").fill("22 12 34 56");
  await smsCard.getByRole("button", { name: "Save phone number" }).click();
  await expect(
    smsCard.getByText("That is not a mobile number, so it cannot get texts.", { exact: false }),
  ).toBeVisible();
  await smsCard.getByLabel("SMS Order Phone Number").fill("912 34 567");
  await smsCard.getByRole("button", { name: "Save phone number" }).click();
  await expectToast(page, "Phone number saved");
  await expect(smsCard.getByLabel("SMS Order Phone Number")).toHaveValue("+47 912 34 567");
  const newOrders = smsCard.getByRole("switch", { name: "Text me new orders" });
  await expect(newOrders).not.toBeChecked();
  await newOrders.click();
  await expect(newOrders).toBeChecked();
  await expect(
    smsCard.getByText(/nothing is texted until this store has a confirmed mobile number/),
  ).toBeVisible();

  // The new SMS phone gets no orders' texts until the seller proves it is theirs with a texted code.
  const phoneState = smsCard.getByRole("region", { name: "SMS order phone" });
  await expect(
    phoneState.getByText("Not verified: orders' texts are not sent to this number."),
  ).toBeVisible();
  const beforeText = serverLogMark();
  await phoneState.getByRole("button", { name: "Send code" }).click();
  await expectToast(page, "Code sent");
  const code = await textedCode("+4791234567", beforeText);
  await phoneState.getByLabel("Code from the text message").fill(code === "000000" ? "111111" : "000000");
  await phoneState.getByRole("button", { name: "Verify" }).click();
  await expect(
    phoneState.getByText("That code is not right. Check the text message and try again."),
  ).toBeVisible();
  await phoneState.getByLabel("Code from the text message").fill(code);
  await phoneState.getByRole("button", { name: "Verify" }).click();
  await expectToast(page, "Phone number verified");
  await expect(phoneState.getByText("Verified", { exact: true })).toBeVisible();
  await expect(phoneState.getByText(/Not verified/)).toBeHidden();
  await expect(
    smsCard.getByText("On: each new order is texted to +47 912 34 567.", { exact: false }),
  ).toBeVisible();
  expect((await (await page.request.get("/api/settings")).json()).smsNotifications).toBe(true);

  // Finn.no listing: fetched when the dialog opens, copied whole.
  await page.getByRole("tab", { name: "Products" }).click();
  await page.getByRole("button", { name: "Generate Finn.no Listing" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByText("Bjørn's Bakeri: handmade goods")).toBeVisible();
  await dialog.getByRole("button", { name: "Copy Full Listing" }).click();
  await expectToast(page, "Copied to clipboard");
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toContain("• Cinnamon bun: 45 kr");
  expect(copied).toContain(`/s/${slug}`);
  await page.keyboard.press("Escape");

  // A shopper orders (the storefront comes with its own issue; the API is public).
  const products = await (
    await page.request.get(`/api/stores/${storeUrl.split("/stores/")[1]?.split(/[/?]/)[0]}/products`)
  ).json();
  const order = await page.request.post("/api/orders", {
    data: {
      storeId: products[0].storeId,
      buyerEmail: "kunde@example.no",
      shipToName: "Nora Kunde",
      shipToPhone: "+47 913 45 678",
      items: [{ productId: products[0].id, qty: 3 }],
    },
  });
  expect(order.status()).toBe(201);
  const orderId: string = (await order.json()).id;

  // The seller changes its status in the order dialog.
  await page.goto("/orders");
  await page.getByRole("button", { name: "View order details" }).first().click();
  const orderDialog = page.getByRole("dialog");
  await expect(orderDialog.getByText(orderId.slice(0, 8))).toBeVisible();
  await expect(orderDialog.getByText("135 kr").first()).toBeVisible();
  await expect(orderDialog.getByText("+47 913 45 678")).toBeVisible();
  await expect(orderDialog.getByText("Status is already set to pending")).toBeVisible();
  await orderDialog.getByRole("combobox").click();
  await page.getByRole("option", { name: "Paid" }).click();
  await orderDialog.getByRole("button", { name: /Update/ }).click();
  await expectToast(page, "Order updated");
  await expect(orderDialog.getByText("Status is already set to paid")).toBeVisible();
  await expect(orderDialog.getByText("Changed from Pending to Paid by Bjørn Baker")).toBeVisible();
  await orderDialog.getByRole("button", { name: "Close" }).first().click();
  await expect(orderDialog).toBeHidden();
  await page.getByRole("tab", { name: "Paid" }).click();
  await expect(page.getByText(orderId.slice(0, 8))).toBeVisible();

  // Delete the store.
  await page.goto(storeUrl);
  await page.getByRole("button", { name: "Delete Store" }).click();
  await expect(page.getByText("Are you sure?")).toBeVisible();
  await page
    .getByRole("alertdialog")
    .getByRole("button", { name: /Delete/ })
    .click();
  await expectToast(page, "Store deleted");
  await expect(page).toHaveURL(/\/stores$/);
  await expect(page.getByText("You don't have any stores yet.")).toBeVisible();
});
