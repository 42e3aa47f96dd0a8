import { expect, type Page, test } from "@playwright/test";
import { expectNoSeriousViolations } from "./axe";
import { expectToast, recordPageErrors, seedShop, signInSharedSeller, uniqueEmail } from "./helpers";
import { openMailbox } from "./mailbox";

/**
 * Issue 29 items 5, 6 and 8 (decision 0076): the seller turns gift cards on; a shopper buys one as a gift
 * on the store's gift card page; once the seller marks the order paid the recipient's e-mail brings the
 * code; the recipient checks the balance, spends part of it on an order, and sees what is left.
 */
let mailbox: Awaited<ReturnType<typeof openMailbox>>;
test.beforeAll(async () => {
  mailbox = await openMailbox();
});
test.afterAll(() => mailbox.close());

const CODE = /\b[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}\b/;

async function giftCardJourney(page: Page, storeName: string) {
  // A long journey: the seller, the shopper, the mail and the recipient, on a shared machine.
  test.setTimeout(180_000);
  const shop = await seedShop(page.request, storeName);
  const pageErrors = recordPageErrors(page);

  // The seller turns gift cards on in the store's "Gift cards" tab.
  await signInSharedSeller(page.request);
  await page.goto(`/stores/${shop.id}?tab=giftCards`);
  await page.getByRole("switch", { name: "Sell gift cards" }).click();
  await page.getByRole("button", { name: "Save gift cards" }).click();
  await expectToast(page, "Your gift card settings are saved.");
  await expect(page.getByText("No gift cards sold yet.")).toBeVisible();
  await page.request.post("/api/logout");

  // A shopper finds the page from the storefront's footer and buys a card as a gift.
  await page.goto(`/s/${shop.slug}`);
  await page.getByRole("link", { name: "Gift cards", exact: true }).click();
  await expect(page.getByRole("heading", { name: `Gift cards from ${storeName}`, level: 1 })).toBeVisible();
  await page.getByRole("radio", { name: "500 kr" }).check();
  await page.getByRole("radio", { name: "As a gift" }).check();
  const recipient = uniqueEmail("mottaker");
  const buyer = uniqueEmail("giver");
  await page.getByLabel("Recipient's name").fill("Ola Mottaker");
  await page.getByLabel("Recipient's e-mail").fill(recipient);
  await page.getByLabel("Message (optional)").fill("Gratulerer med dagen!");
  await page.getByLabel("Name", { exact: true }).fill("Kari Giver");
  await page.getByLabel("Email", { exact: true }).fill(buyer);
  await page.getByLabel("Phone").fill("913 45 678");
  await page.getByLabel(/I accept the terms of sale/).check();
  await page.getByRole("button", { name: "Order gift card · 500 kr" }).click();
  await expect(page.getByText("Thank you for your order!")).toBeVisible();

  // The seller marks the order paid: the card is made and its e-mail goes to the recipient.
  await signInSharedSeller(page.request);
  const orders = (await (await page.request.get(`/api/stores/${shop.id}/orders`)).json()) as { id: string }[];
  const orderId = orders[0]?.id as string;
  const paid = await page.request.patch(`/api/orders/${orderId}/status`, { data: { status: "paid" } });
  expect(paid.ok()).toBe(true);
  await page.request.post("/api/logout");
  const mail = await mailbox.mailTo(recipient, new RegExp(`^Your gift card for ${storeName}$`));
  const text = mail.text ?? "";
  expect(text).toContain("Kari Giver has given you a gift card of 500.00 kr");
  expect(text).toContain("Gratulerer med dagen!");
  const code = CODE.exec(text)?.[0] as string;
  expect(code).toBeTruthy();
  const balanceLink = new RegExp(`Check the balance: (\\S+/s/${shop.slug}/gift-card)`).exec(text)?.[1];
  expect(balanceLink).toBeTruthy();

  // The recipient opens the link and checks the balance, typing the code loosely.
  await page.goto(new URL(balanceLink as string).pathname);
  await page.getByLabel("Gift card code").fill(code.toLowerCase().replaceAll("-", " "));
  await page.getByRole("button", { name: "Check balance" }).click();
  await expect(page.getByRole("status").getByText("500 kr")).toBeVisible();
  await expect(page.getByText(/Valid until/)).toBeVisible();

  // A mistyped code is caught before anything is asked.
  const wrong = `${code.slice(0, -1)}${code.endsWith("0") ? "1" : "0"}`;
  await page.getByLabel("Gift card code").fill(wrong);
  await page.getByRole("button", { name: "Check balance" }).click();
  await expect(page.getByText("Check the code: a character is wrong or missing")).toBeVisible();

  // The recipient spends part of it on the mug (349 kr): the balance falls to what is left.
  const store = (await (await page.request.get(`/api/stores/slug/${shop.slug}`)).json()) as { id: string };
  const products = (await (await page.request.get(`/api/stores/${store.id}/products`)).json()) as {
    id: string;
    title: string;
  }[];
  const mug = products.find((product) => product.title === "Sea-green mug");
  const spent = await page.request.post("/api/orders", {
    data: {
      storeId: store.id,
      buyerEmail: recipient,
      shipToName: "Ola Mottaker",
      shipToPhone: "+47 913 45 679",
      items: [{ productId: mug?.id, qty: 1 }],
      giftCardCode: code,
    },
  });
  expect(spent.status()).toBe(201);
  await page.getByLabel("Gift card code").fill(code);
  await page.getByRole("button", { name: "Check balance" }).click();
  await expect(page.getByRole("status").getByText("151 kr")).toBeVisible();
  await expectNoSeriousViolations(page, "gift card page");

  // The seller's list shows the card, its code partly hidden, used once.
  await signInSharedSeller(page.request);
  await page.goto(`/stores/${shop.id}?tab=giftCards`);
  await expect(page.getByText(code.slice(-4))).toBeVisible();
  await expect(page.getByText("151 kr left of 500 kr")).toBeVisible();
  expect(pageErrors).toEqual([]);
}

test("desktop: a gift card is bought as a gift, e-mailed once paid, checked and spent", async ({ page }) => {
  await giftCardJourney(page, "Gavebua Desk");
});

test.describe("phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  test("a gift card is bought as a gift, e-mailed once paid, checked and spent", async ({ page }) => {
    await giftCardJourney(page, "Gavebua Mobil");
  });
});
