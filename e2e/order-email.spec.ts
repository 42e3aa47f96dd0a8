import { expect, test } from "@playwright/test";
import { expectNoSeriousViolations } from "./axe";
import { fillShopper, openCheckout } from "./checkout";
import { recordPageErrors, seedShop, uniqueEmail } from "./helpers";
import { openMailbox, orderPageLink } from "./mailbox";

/** The e-mail journey (decision 0037): the journey server's mail is read back from a local SMTP server. */
let mailbox: Awaited<ReturnType<typeof openMailbox>>;
test.beforeAll(async () => {
  mailbox = await openMailbox();
});
test.afterAll(() => mailbox.close());
const mailTo = (address: string, subject: RegExp) => mailbox.mailTo(address, subject);

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

test("a shopper orders, reads the receipt e-mail, opens their order page from it and withdraws; the seller sees it", async ({
  page,
  browser,
}) => {
  const shop = await seedShop(page.request, "Leirverkstedet");
  const shopper = uniqueEmail("kunde");
  const pageErrors = recordPageErrors(page);

  const checkout = await openCheckout(page, shop.slug);
  await fillShopper(checkout, shopper);
  await checkout.getByLabel(/I accept the terms of sale/).check();
  await checkout.getByRole("button", { name: /Place Order/ }).click();
  await expect(page.getByText("Thank you for your order!")).toBeVisible();
  await expect(page.getByRole("link", { name: "See your order" })).toBeVisible();

  // The receipt: the line, the total, the withdrawal form and the link to the order page.
  const receipt = await mailTo(shopper, /^Your order [0-9a-f]{8} from Leirverkstedet$/);
  const text = receipt.text ?? "";
  expect(text).toContain("Sea-green mug, 1 × 349.00 kr");
  expect(text).toMatch(/Total\s+349\.00 kr/);
  expect(text).toContain("Standard withdrawal form");
  expect(text).toContain("Received on: ___");
  // The seller's phone as every screen shows it; the receipt's HTML looked at on a phone's width.
  expect(text).toContain("+47 912 34 567");
  expect(text).not.toContain("+4791234567");
  if (typeof receipt.html === "string") {
    const mail = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await mail.setContent(receipt.html);
    await mail.screenshot({ path: ".tmp/shots/receipt-email-phone.png", fullPage: true });
    await mail.close();
  }
  const link = orderPageLink(receipt);
  expect(link).toMatch(new RegExp(`/s/${shop.slug}/order/[0-9a-f]{64}$`));
  expect(typeof receipt.html === "string" && receipt.html.includes(`href="${link}"`)).toBe(true);
  // The seller's new-order e-mail went to the shared seller's address.
  await mailTo(shop.email, /^New order [0-9a-f]{8} at Leirverkstedet$/);

  // The order page, opened from the e-mail's link.
  await page.goto(link);
  const number = /Your order ([0-9a-f]{8})/.exec(receipt.subject ?? "")?.[1] ?? "";
  await expect(page.getByRole("heading", { name: `Order ${number}`, level: 1 })).toBeVisible();
  await expect(page.getByTestId("order-status")).toHaveText("Awaiting payment");
  await expect(page.getByTestId("order-total")).toHaveText("349.00 kr");
  // Nothing delivered yet: the period runs from delivery, so no date (decision 0068).
  await expect(page.getByTestId("withdrawal-state")).toHaveText(
    "You may withdraw from this purchase without giving a reason within 14 days of the day you receive the goods.",
  );
  await expect(page.getByRole("link", { name: "Call or text +47 912 34 567" })).toBeVisible();
  await expect(page).toHaveTitle("Your order from Leirverkstedet");
  await expectNoSeriousViolations(page, "order page, phone, light");
  await page.screenshot({ path: ".tmp/shots/order-page-phone-light.png", fullPage: true });

  // Withdraw: asked once more, then recorded.
  await page.getByRole("button", { name: "Withdraw from this purchase" }).click();
  await expect(page.getByText("Withdraw from the whole order? The seller is told at once.")).toBeVisible();
  await page.getByRole("button", { name: "Yes, withdraw" }).click();
  await expect(page.getByTestId("withdrawal-state")).toContainText("You withdrew from this purchase on");
  await expect(page.getByTestId("withdrawal-state")).toBeFocused();
  await expect(page.getByTestId("order-withdrawn")).toHaveText("Withdrawn");
  await expect(page.getByRole("button", { name: "Withdraw from this purchase" })).toBeHidden();
  await page.emulateMedia({ colorScheme: "dark" });
  await page.reload();
  await expect(page.getByTestId("withdrawal-state")).toContainText("You withdrew from this purchase on");
  await expectNoSeriousViolations(page, "order page, phone, dark");
  await page.screenshot({ path: ".tmp/shots/order-page-phone-dark.png", fullPage: true });
  expect(pageErrors).toEqual([]);
  const orderId = await page.evaluate(
    () => JSON.parse(document.getElementById("page-state")?.textContent ?? "{}").page.order.id as string,
  );

  // The shopper's confirmation, and the seller's notice.
  await mailTo(shopper, /^We have received your withdrawal from order/);
  const notice = await mailTo(shop.email, /^Withdrawal: order [0-9a-f]{8} at Leirverkstedet$/);
  expect(notice.text).toContain("The shopper has withdrawn from order");

  // A wrong token is not found.
  const wrong = await page.goto(link.replace(/.$/, (c) => (c === "0" ? "1" : "0")));
  expect(wrong?.status()).toBe(404);
  await expect(page.getByText("Order not found")).toBeVisible();

  // The seller sees the withdrawal on the order.
  const sellerContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const sellerPage = await sellerContext.newPage();
  await sellerPage.goto("/login");
  await sellerPage.getByLabel("Email").fill(shop.email);
  await sellerPage.getByLabel("Password").fill(shop.password);
  await sellerPage.getByRole("button", { name: "Log in" }).click();
  await expect(sellerPage.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
  await sellerPage.goto(`/order/${orderId}`);
  await expect(sellerPage.getByTestId("order-withdrawn")).toContainText(
    "The shopper withdrew from this purchase",
  );
  await sellerPage.screenshot({ path: ".tmp/shots/seller-order-withdrawn-desktop.png" });

  // The e-mail log in the admin dashboard shows the messages.
  await sellerPage.goto("/admin?tab=email-logs");
  await expect(sellerPage.getByText(`Your order ${number} from Leirverkstedet`).first()).toBeVisible();
  await sellerContext.close();
});

test("the order page on a desktop, light and dark", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const shop = await seedShop(page.request, "Glassblåseriet");
  const store = (await (await page.request.get(`/api/stores/slug/${shop.slug}`)).json()) as { id: string };
  const products = (await (await page.request.get(`/api/stores/${store.id}/products`)).json()) as {
    id: string;
  }[];
  const placed = await page.request.post("/api/orders", {
    data: {
      storeId: store.id,
      buyerEmail: uniqueEmail("kunde"),
      shipToName: "Ola Nordmann",
      shipToPhone: "+47 922 33 444",
      shipToAddr: { address: "Storgata 1\n0155 Oslo" },
      items: products.map((product) => ({ productId: product.id, qty: 1 })),
    },
  });
  expect(placed.status()).toBe(201);
  const { publicUrl } = (await placed.json()) as { publicUrl: string };
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    await page.goto(new URL(publicUrl).pathname);
    await expect(page.getByRole("heading", { name: /^Order [0-9a-f]{8}$/, level: 1 })).toBeVisible();
    await expect(page.getByText("0155 Oslo")).toBeVisible();
    await expectNoSeriousViolations(page, "order page, desktop");
    await page.screenshot({
      path: `.tmp/shots/order-page-desktop-${colorScheme}.png`,
      fullPage: true,
    });
  }
  await context.close();
});
