import { type Browser, expect, type Page, test } from "@playwright/test";
import { expectNoSeriousViolations } from "./axe";
import { fillShopper, openCheckout } from "./checkout";
import { createStoreThroughApi, expectToast, madePhoto, signInSharedSeller, uniqueEmail } from "./helpers";
import { openMailbox, orderPageLink } from "./mailbox";

/**
 * Issue 16 (decision 0036): the seller sets up delivery options and VAT in store settings; one shopper
 * picks up, another has a parcel sent with an address; both confirm the terms, which the storefront's
 * footer links; each reads the receipt e-mail (from a local SMTP server) and opens the order page from
 * it; the pickup shopper withdraws; the seller fulfils the parcel with a tracking number, which its
 * shopper sees in the "sent" e-mail and on the order page.
 */
let mailbox: Awaited<ReturnType<typeof openMailbox>>;
test.beforeAll(async () => {
  mailbox = await openMailbox();
});
test.afterAll(() => mailbox.close());
const SHOTS = ".tmp/shots";

async function shot(page: Page, name: string) {
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    await page.screenshot({ path: `${SHOTS}/${name}-${colorScheme}.png`, fullPage: false });
  }
  await page.emulateMedia({ colorScheme: "light" });
}

async function phone(browser: Browser) {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
  });
  return context.newPage();
}

async function checkoutWith(page: Page, slug: string, email: string) {
  const checkout = await openCheckout(page, slug);
  await fillShopper(checkout, email);
  return checkout;
}

test("delivery options, VAT and terms from the seller's settings to two shoppers' orders and a tracking number", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInSharedSeller(page.request);
  const store = await createStoreThroughApi(page.request, "Leirverket");
  const added = await page.request.post(`/api/stores/${store.id}/products`, {
    multipart: {
      title: "Sea-green mug",
      basePrice: "349",
      // Two shoppers buy one each: more than the one-of-a-kind default (decision 0032).
      stockQty: "10",
      image: { name: "p.jpg", mimeType: "image/jpeg", buffer: await madePhoto([63, 120, 100]) },
    },
  });
  expect(added.status()).toBe(201);

  // The seller's settings: two delivery options and the legal details.
  await page.goto(`/stores/${store.id}?tab=settings`);
  const delivery = page.locator("form").filter({ hasText: "Save delivery options" });
  await expect(page.getByText("No delivery options yet")).toBeVisible();
  await page.getByRole("button", { name: "Add delivery option" }).click();
  await delivery.getByLabel("Name").fill("Hent i verkstedet");
  await delivery
    .getByLabel("Address and opening hours")
    .fill("Verkstedgata 3, Bergen. Tirsdag–torsdag 12–18");
  await page.getByRole("button", { name: "Add delivery option" }).click();
  const second = delivery.locator("li").nth(1);
  await expect(second.getByLabel("Name")).toHaveAttribute("placeholder", "Posten/Bring: pakke i postkassen");
  await second.getByLabel("Name").fill("Posten/Bring: pakke i postkassen");
  await expect(second.getByLabel("Type")).toHaveValue("parcel");
  await second.getByLabel("Price (kr)").fill("12.50");
  await page.getByRole("button", { name: "Save delivery options" }).click();
  await expect(second.getByText("Price must be in whole kroner (for example 199)")).toBeVisible();
  await second.getByLabel("Price (kr)").fill("99");
  await second.getByLabel(/Free from/).fill("1000");
  await page.getByRole("button", { name: "Save delivery options" }).click();
  await expectToast(page, "Delivery options saved");

  const legal = page.locator("form").filter({ hasText: "Save legal details" });
  await legal.getByLabel("VAT (MVA)").selectOption("25");
  await legal.getByLabel("Legal name").fill("Leirverket Hansen ENK");
  await legal.getByLabel("Organisation number").fill("923 609 017");
  await legal.getByLabel("Business address").fill("Verkstedgata 3, 5003 Bergen");
  await page.getByRole("button", { name: "Save legal details" }).click();
  await expect(legal.getByText(/Enter a valid organisation number/)).toBeVisible();
  await legal.getByLabel("Organisation number").fill("923 609 016");
  await page.getByRole("button", { name: "Save legal details" }).click();
  await expectToast(page, "VAT and legal details saved.");
  await expectNoSeriousViolations(page, "store settings");
  await delivery.scrollIntoViewIfNeeded();
  await shot(page, "settings-delivery-desktop");

  // Shopper 1 on a phone: the terms from the footer, then a pickup.
  const pickupShopper = await phone(browser);
  await pickupShopper.goto(`/s/${store.slug}`);
  await pickupShopper.getByRole("link", { name: "Terms of sale" }).click();
  await expect(pickupShopper).toHaveURL(new RegExp(`/s/${store.slug}/terms$`));
  await expect(
    pickupShopper.getByRole("heading", { name: "Terms of sale: Leirverket", level: 1 }),
  ).toBeVisible();
  await expect(pickupShopper.getByText("Organisation number: 923 609 016 MVA")).toBeVisible();
  await expect(
    pickupShopper.getByText(/Posten\/Bring: pakke i postkassen: 99 kr\. Free on orders of 1,000 kr/),
  ).toBeVisible();
  await expect(pickupShopper.getByRole("heading", { name: "Right of withdrawal (angrerett)" })).toBeVisible();
  await expect(pickupShopper.getByText(/goods made to order/)).toBeVisible();
  await expectNoSeriousViolations(pickupShopper, "terms page");
  await shot(pickupShopper, "terms-phone");

  const pickupEmail = uniqueEmail("hent");
  const pickupCheckout = await checkoutWith(pickupShopper, store.slug, pickupEmail);
  await expect(pickupCheckout.getByRole("radio", { name: /Hent i verkstedet/ })).toBeVisible();
  await pickupCheckout.getByRole("radio", { name: /Hent i verkstedet/ }).check();
  await expect(pickupCheckout.getByLabel("Street address")).toHaveCount(0);
  await expect(pickupCheckout.getByText("Verkstedgata 3, Bergen. Tirsdag–torsdag 12–18")).toBeVisible();
  await pickupCheckout.getByRole("button", { name: /Place Order · 349 kr/ }).click();
  await expect(pickupCheckout.getByText("Confirm that you accept the terms of sale")).toBeVisible();
  await expectNoSeriousViolations(pickupShopper, "checkout with delivery");
  await shot(pickupShopper, "checkout-pickup-phone");
  await pickupCheckout.getByLabel(/I accept the terms of sale/).check();
  await pickupCheckout.getByRole("button", { name: /Place Order · 349 kr/ }).click();
  await expect(pickupShopper.getByText("Thank you for your order!")).toBeVisible();
  await expect(pickupShopper.getByRole("dialog").getByText("Hent i verkstedet")).toBeVisible();
  await expect(pickupShopper.getByRole("dialog").getByText("Including VAT 69.80 kr (25 %)")).toBeVisible();

  // The receipt in the pickup shopper's inbox: delivery, VAT, the seller's identity and the withdrawal form.
  const pickupReceipt = await mailbox.mailTo(pickupEmail, /^Your order [0-9a-f]{8} from Leirverket$/);
  const receiptText = pickupReceipt.text ?? "";
  expect(receiptText).toMatch(/Delivery: Hent i verkstedet\s+0\.00 kr/);
  expect(receiptText).toMatch(/Total\s+349\.00 kr/);
  expect(receiptText).toMatch(/Including VAT 25 %\s+69\.80 kr/);
  expect(receiptText).toMatch(/Seller\s+Leirverket Hansen ENK/);
  expect(receiptText).toMatch(/Organisation number\s+923 609 016 MVA/);
  expect(receiptText).toContain("To: Leirverket Hansen ENK, Verkstedgata 3, 5003 Bergen, org. 923 609 016");
  expect(receiptText).toContain("Standard withdrawal form");

  // The order page from the e-mail's link: where to pick it up, the VAT, the seller; then a withdrawal.
  await pickupShopper.goto(orderPageLink(pickupReceipt));
  await expect(pickupShopper.getByTestId("order-delivery")).toHaveText("Pick up: Hent i verkstedet");
  await expect(pickupShopper.getByText("Verkstedgata 3, Bergen. Tirsdag–torsdag 12–18")).toBeVisible();
  await expect(pickupShopper.getByTestId("order-delivery-price")).toHaveText("Free");
  await expect(pickupShopper.getByTestId("order-vat")).toHaveText(/Including VAT 25 %\s*69\.80 kr/);
  await expect(pickupShopper.getByTestId("order-seller")).toContainText(
    "Organisation number 923 609 016 MVA",
  );
  await expectNoSeriousViolations(pickupShopper, "order page with pickup");
  await shot(pickupShopper, "order-page-pickup-phone");
  await pickupShopper.getByRole("button", { name: "Withdraw from this purchase" }).click();
  await pickupShopper.getByRole("button", { name: "Yes, withdraw" }).click();
  await expect(pickupShopper.getByTestId("withdrawal-state")).toContainText(
    "You withdrew from this purchase on",
  );
  await mailbox.mailTo(pickupEmail, /^We have received your withdrawal from order/);

  // Shopper 2: a parcel, with its address.
  const parcelShopper = await phone(browser);
  const parcelEmail = uniqueEmail("pakke");
  const parcelCheckout = await checkoutWith(parcelShopper, store.slug, parcelEmail);
  await parcelCheckout.getByRole("radio", { name: /Posten\/Bring/ }).check();
  await expect(parcelCheckout.getByRole("button", { name: /Place Order · 448 kr/ })).toBeVisible();
  await parcelCheckout.getByLabel("Street address").fill("Storgata 1");
  await parcelCheckout.getByLabel("Postcode").fill("155");
  await parcelCheckout.getByLabel("Town or city").fill("Oslo");
  await parcelCheckout.getByLabel(/I accept the terms of sale/).check();
  await parcelCheckout.getByRole("button", { name: /Place Order/ }).click();
  await expect(parcelCheckout.getByText("Enter a postcode of 4 digits, for example 0155")).toBeVisible();
  await parcelCheckout.getByLabel("Postcode").fill("0155");
  await shot(parcelShopper, "checkout-parcel-phone");
  await parcelCheckout.getByRole("button", { name: /Place Order · 448 kr/ }).click();
  await expect(parcelShopper.getByText("Thank you for your order!")).toBeVisible();
  await expect(parcelShopper.getByRole("dialog").getByText("Including VAT 89.60 kr (25 %)")).toBeVisible();
  const orderNumber = (
    (await parcelShopper
      .getByText(/^[0-9a-f]{8}$/)
      .first()
      .textContent()) ?? ""
  ).trim();

  // The seller fulfils the parcel with its tracking number.
  await page.goto(`/stores/${store.id}/orders`);
  await page.getByRole("button", { name: `View order details for #${orderNumber}` }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByText("Posten/Bring: pakke i postkassen").first()).toBeVisible();
  await expect(dialog.getByText("No tracking number yet")).toBeVisible();
  await expect(dialog.getByText("89,60 kr").or(dialog.getByText("89.60 kr")).first()).toBeVisible();
  await dialog.getByRole("combobox").click();
  await page.getByRole("option", { name: "Fulfilled" }).click();
  await dialog.getByLabel("Tracking number (optional)").fill("70701234567890123");
  await expectNoSeriousViolations(page, "order dialog");
  await shot(page, "order-dialog-desktop");
  await dialog.getByRole("button", { name: /Update/ }).click();
  await expectToast(page, "Order updated");
  await expect(dialog.getByText("70701234567890123").first()).toBeVisible();

  // The parcel's shopper: the "sent" e-mail names the tracking number, and so does the order page.
  const sent = await mailbox.mailTo(parcelEmail, /has been sent/);
  expect(sent.text).toContain("70701234567890123");
  await parcelShopper.goto(orderPageLink(sent));
  await expect(parcelShopper.getByTestId("order-status")).toHaveText("Sent");
  await expect(parcelShopper.getByTestId("order-delivery")).toHaveText(
    "Sent as: Posten/Bring: pakke i postkassen",
  );
  await expect(parcelShopper.getByTestId("order-delivery-price")).toHaveText("99.00 kr");
  await expect(parcelShopper.getByTestId("order-tracking")).toHaveText("Tracking number: 70701234567890123");
  await expect(parcelShopper.getByText("0155 Oslo")).toBeVisible();
  await expectNoSeriousViolations(parcelShopper, "order page with a parcel");
  await shot(parcelShopper, "order-page-parcel-phone");
  const orders = await (await page.request.get(`/api/stores/${store.id}/orders`)).json();
  const parcel = orders.find((order: { id: string }) => order.id.startsWith(orderNumber));
  expect(parcel).toMatchObject({
    status: "fulfilled",
    trackingNumber: "70701234567890123",
    totalGross: "448.00",
  });

  // The month's sales report from the store's orders tab.
  await page.keyboard.press("Escape");
  await page.goto(`/stores/${store.id}?tab=orders`);
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download CSV" }).click();
  const file = await (await download).path();
  const { readFile } = await import("node:fs/promises");
  const csv = await readFile(file, "utf8");
  expect(csv.startsWith("\uFEFFDate;Order;Goods;Delivery;VAT 25 %;VAT 15 %;Total")).toBe(true);
  expect(csv).toContain(";448,00;");

  await pickupShopper.context().close();
  await parcelShopper.context().close();
});
