import AxeBuilder from "@axe-core/playwright";
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import {
  createStoreThroughApi,
  fakePaymentPorts,
  madePhoto,
  recordPageErrors,
  signInSharedSeller,
} from "./helpers";

/**
 * Paying at checkout on the local Vipps and Stripe fakes (decisions 0034, 0035): the shopper pays and
 * sees their order paid on its own page; the seller sees it paid, and fulfilling or cancelling says what
 * happens to the money before it happens, and the fake records that it did.
 */
const FAKES = fakePaymentPorts();
const SHOTS = ".tmp/shots";

async function noSeriousViolations(page: Page, what: string) {
  await page.waitForTimeout(300);
  const { violations } = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21aa"]).analyze();
  const serious = violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => ({
      rule: violation.id,
      nodes: violation.nodes.slice(0, 3).map((n) => n.target.join(" ")),
    }));
  expect(serious, `${what}: ${JSON.stringify(serious, null, 2)}`).toEqual([]);
}

/** A store of the shared seller with live Vipps and Stripe channels and one 349 kr piece (stock 1). */
async function payingShop(request: APIRequestContext, title: string) {
  await signInSharedSeller(request);
  const store = await createStoreThroughApi(request, "Fjordglass");
  for (const [provider, externalId] of [
    ["vipps", "123456"],
    ["stripe", "acct_1FjordGlass001"],
  ] as const) {
    const saved = await request.post(`/api/stores/${store.id}/payment-channels`, {
      data: { provider, externalId, isLive: true, expectedUpdatedAt: null },
    });
    expect(saved.status()).toBe(201);
  }
  const product = await request.post(`/api/stores/${store.id}/products`, {
    multipart: {
      title,
      basePrice: "349",
      blurb: `${title}, blown by hand.`,
      image: { name: "p.jpg", mimeType: "image/jpeg", buffer: await madePhoto([70, 110, 150]) },
    },
  });
  expect(product.status()).toBe(201);
  return store;
}

/** The shopper adds the piece, fills in the checkout and continues to the chosen payment. */
async function checkoutWith(
  page: Page,
  slug: string,
  title: string,
  method: "Vipps" | "Card",
  shot?: string,
) {
  await page.goto(`/s/${slug}`);
  await page.getByRole("button", { name: `Add to Cart: ${title}` }).click();
  await page
    .getByRole("button", { name: /Open cart, 1 item/ })
    .first()
    .click();
  await page.getByRole("dialog").getByRole("button", { name: "Proceed to Checkout" }).click();
  const checkout = page.getByRole("dialog", { name: "Complete Your Order" });
  await checkout.getByLabel("Name").fill("Nora Kunde");
  await checkout.getByLabel("Email").fill("nora@example.no");
  await checkout.getByLabel("Phone").fill("913 45 678");
  const payment = checkout.getByRole("group", { name: "Payment" });
  // Vipps first, and chosen unless the shopper picks another.
  await expect(payment.getByRole("radio")).toHaveCount(2);
  await expect(payment.getByRole("radio", { name: "Vipps" })).toBeChecked();
  await payment.getByRole("radio", { name: method }).check();
  await expect(
    checkout.getByText("You pay on the next page. Nothing is charged until you approve it."),
  ).toBeVisible();
  if (shot) {
    await noSeriousViolations(page, "checkout with payment choice");
    await page.screenshot({ path: `${SHOTS}/${shot}` });
  }
  await checkout.getByRole("button", { name: /Continue to payment/ }).click();
}

async function sellerOrderId(page: Page, storeId: string) {
  await signInSharedSeller(page.request);
  const orders = (await (await page.request.get(`/api/stores/${storeId}/orders`)).json()) as { id: string }[];
  expect(orders).toHaveLength(1);
  return orders[0]?.id ?? "";
}

/** The seller changes the status in the order page, reading first what will happen to the money. */
async function sellerChanges(
  page: Page,
  orderId: string,
  status: "Fulfilled" | "Cancelled",
  consequence: string,
) {
  await page.goto(`/order/${orderId}`);
  await page.getByRole("combobox", { name: "Order status" }).click();
  await page.getByRole("option", { name: status }).click();
  await expect(page.getByTestId("money-consequence")).toHaveText(consequence);
  await page.getByRole("button", { name: "Update Status" }).click();
  await expect(page.getByText(`Order status changed to ${status}`).first()).toBeVisible();
}

test("a shopper pays with Vipps and sees the order paid; the seller sees it paid, fulfils, and Vipps captured it", async ({
  page,
}) => {
  const pageErrors = recordPageErrors(page);
  const store = await payingShop(page.request, "Blue tumbler");
  await page.request.post("/api/logout");

  await checkoutWith(page, store.slug, "Blue tumbler", "Vipps", "checkout-payment-desktop-light.png");
  // The Vipps fake's landing page, as the Vipps app would ask.
  await expect(page.getByRole("heading", { name: "Pay with Vipps" })).toBeVisible();
  await expect(page.getByText("349.00 NOK")).toBeVisible();
  await page.getByRole("button", { name: "Approve" }).click();

  // Back on the shopper's own order page: paid, as Vipps (not the return) said.
  await expect(page).toHaveURL(new RegExp(`/s/${store.slug}/order/[0-9a-f]{64}$`));
  await expect(page.getByRole("heading", { name: "Paid" })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId("order-status")).toHaveText("Paid");
  await noSeriousViolations(page, "order page, paid");
  await page.screenshot({ path: `${SHOTS}/order-paid-desktop-light.png`, fullPage: true });
  // The theme is chosen when the page loads.
  await page.emulateMedia({ colorScheme: "dark" });
  await page.reload();
  await expect(page.getByRole("heading", { name: "Paid" })).toBeVisible();
  await noSeriousViolations(page, "order page, paid, dark");
  await page.screenshot({ path: `${SHOTS}/order-paid-desktop-dark.png`, fullPage: true });
  await page.emulateMedia({ colorScheme: "light" });

  // The seller: paid, reserved at Vipps; fulfilling says it captures before it does.
  const orderId = await sellerOrderId(page, store.id);
  await page.goto("/orders?status=paid");
  await expect(page.getByText("Vipps: Reserved").first()).toBeVisible();
  await sellerChanges(
    page,
    orderId,
    "Fulfilled",
    "Fulfilling captures 349 kr from the shopper's Vipps reservation.",
  );
  await expect(page.getByText("Vipps: Captured")).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/seller-order-captured-desktop-light.png`, fullPage: true });
  const operations = (await (
    await page.request.get(`http://127.0.0.1:${FAKES.vipps}/_fake/operations`)
  ).json()) as { kind: string; value: number }[];
  expect(
    operations.filter((op) => op.kind === "capture" && op.value === 34900).length,
  ).toBeGreaterThanOrEqual(1);
  expect(pageErrors).toEqual([]);
});

test("a shopper pays by card on Stripe Checkout; the seller cancels and the card payment is refunded", async ({
  page,
}) => {
  const pageErrors = recordPageErrors(page);
  const store = await payingShop(page.request, "Green vase");
  await page.request.post("/api/logout");

  await checkoutWith(page, store.slug, "Green vase", "Card");
  await expect(page.getByRole("heading", { name: "Pay by card" })).toBeVisible();
  await page.getByRole("button", { name: "Pay", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Paid" })).toBeVisible({ timeout: 15_000 });
  const orderPage = page.url();

  const orderId = await sellerOrderId(page, store.id);
  await sellerChanges(page, orderId, "Cancelled", "Cancelling refunds 349 kr to the shopper.");
  await expect(page.getByText("Card: Refunded")).toBeVisible();
  const refunds = (await (
    await page.request.get(`http://127.0.0.1:${FAKES.stripe}/_fake/refunds`)
  ).json()) as { amount: number }[];
  expect(refunds.some((refund) => refund.amount === 34900)).toBe(true);

  // The shopper's page says so.
  await page.request.post("/api/logout");
  await page.goto(orderPage);
  await expect(page.getByRole("heading", { name: "Refunded" })).toBeVisible();
  expect(pageErrors).toEqual([]);
});

test("rejected in Vipps on a phone: the order waits with Try again, and the second attempt pays", async ({
  browser,
}) => {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  const store = await payingShop(page.request, "Amber cup");
  await page.request.post("/api/logout");

  await checkoutWith(page, store.slug, "Amber cup", "Vipps", "checkout-payment-phone-light.png");
  await page.getByRole("button", { name: "Reject" }).click();
  await expect(page.getByRole("heading", { name: "Payment not completed" })).toBeVisible({ timeout: 15_000 });
  await noSeriousViolations(page, "order page, not paid");
  await page.screenshot({ path: `${SHOTS}/order-not-paid-phone-light.png`, fullPage: true });
  await page.emulateMedia({ colorScheme: "dark" });
  await page.reload();
  await expect(page.getByRole("heading", { name: "Payment not completed" })).toBeVisible();
  await noSeriousViolations(page, "order page, not paid, dark");
  await page.screenshot({ path: `${SHOTS}/order-not-paid-phone-dark.png`, fullPage: true });
  await page.getByRole("button", { name: "Try again" }).click();
  await page.getByRole("button", { name: "Approve" }).click();
  await expect(page.getByRole("heading", { name: "Paid" })).toBeVisible({ timeout: 15_000 });
  await page.screenshot({ path: `${SHOTS}/order-paid-phone-dark.png`, fullPage: true });
  await context.close();
});
