import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { expectNoSeriousViolations } from "./axe";
import { fillShopper, openCheckout } from "./checkout";
import {
  createStoreThroughApi,
  fakePaymentPorts,
  madePhoto,
  recordPageErrors,
  signInSharedSeller,
} from "./helpers";
import { proveAddress } from "./mailbox";

/**
 * Paying at checkout on the local Vipps and Stripe fakes (decisions 0034, 0035): the shopper pays and
 * sees their order paid on its own page; the seller sees it paid, and fulfilling or cancelling says what
 * happens to the money before it happens, and the fake records that it did.
 */
const FAKES = fakePaymentPorts();
const SHOTS = ".tmp/shots";

/** After a short settle (the payment panel animates in), the shared check. */
async function noSeriousViolations(page: Page, what: string) {
  await page.waitForTimeout(300);
  await expectNoSeriousViolations(page, what);
}

/** A store of the shared seller with live Vipps and Stripe channels and one 349 kr piece (stock 1). */
async function payingShop(request: APIRequestContext, title: string) {
  const { email, password } = await signInSharedSeller(request);
  // Taking payments online waits for a proven address (decision 0065).
  await proveAddress(request, email);
  const store = await createStoreThroughApi(request, "Fjordglass");
  for (const [provider, externalId] of [
    ["vipps", "123456"],
    ["stripe", "acct_1FjordGlass001"],
  ] as const) {
    const saved = await request.post(`/api/stores/${store.id}/payment-channels`, {
      data: { provider, externalId, isLive: true, expectedUpdatedAt: null, currentPassword: password },
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
  const checkout = await openCheckout(page, slug, title);
  await fillShopper(checkout, "nora@example.no");
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
  // The terms of sale are confirmed before an order is placed (decision 0036).
  await checkout.getByLabel(/I accept the terms of sale/).check();
  await checkout.getByRole("button", { name: /Continue to payment/ }).click();
}

async function sellerOrderId(page: Page, storeId: string) {
  await signInSharedSeller(page.request);
  const orders = (await (await page.request.get(`/api/stores/${storeId}/orders`)).json()) as { id: string }[];
  expect(orders).toHaveLength(1);
  return orders[0]?.id ?? "";
}

/**
 * The seller changes the status in the order page, reading first what will happen to the money (null:
 * nothing happens to it, and nothing is said).
 */
async function sellerChanges(
  page: Page,
  orderId: string,
  status: "Fulfilled" | "Cancelled",
  consequence: string | null,
  { pieceBack, refund }: { pieceBack?: boolean; refund?: string } = {},
) {
  await page.goto(`/order/${orderId}`);
  await page.getByRole("combobox", { name: "Order status" }).click();
  await page.getByRole("option", { name: status }).click();
  if (consequence === null) await expect(page.getByTestId("money-consequence")).toHaveCount(0);
  else await expect(page.getByTestId("money-consequence")).toHaveText(consequence);
  // A fulfilled order being cancelled: the seller says whether the piece is back (decision 0067).
  if (pieceBack !== undefined)
    await page
      .getByRole("group", { name: "Is the piece back?" })
      .getByRole("radio", { name: pieceBack ? /Yes, it is back/ : /No, it is still/ })
      .check();
  await page.getByRole("button", { name: "Update Status" }).click();
  // A refund is confirmed with its amount first (decision 0067).
  if (refund) {
    const confirm = page.getByRole("alertdialog", { name: `Refund ${refund}?` });
    await expect(confirm).toContainText(`Cancelling refunds ${refund} to the shopper at once.`);
    await noSeriousViolations(page, "refund confirmation");
    await page.screenshot({ path: `${SHOTS}/seller-refund-confirm-desktop-light.png` });
    await confirm.getByRole("button", { name: `Refund ${refund} and cancel` }).click();
  }
  await expect(page.getByText(`Order status changed to ${status}`).first()).toBeVisible();
}

test("a shopper pays with Vipps and sees the order paid; the seller sees it paid, fulfils, and Vipps captured it", async ({
  page,
}) => {
  const pageErrors = recordPageErrors(page);
  const store = await payingShop(page.request, "Blue tumbler");
  await page.request.post("/api/logout");

  await checkoutWith(page, store.slug, "Blue tumbler", "Vipps", "checkout-payment-desktop-light.png");
  // The Vipps fake's landing page, as the Vipps app would ask; its address names this payment's reference.
  await expect(page.getByRole("heading", { name: "Pay with Vipps" })).toBeVisible();
  await expect(page.getByText("349.00 NOK")).toBeVisible();
  const reference = new URL(page.url()).searchParams.get("token") ?? "";
  expect(reference).toMatch(/^torg-[0-9a-f]{32}$/);
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
  // Vipps captured this order's payment, once and whole.
  const operations = (await (
    await page.request.get(`http://127.0.0.1:${FAKES.vipps}/_fake/operations`)
  ).json()) as { reference: string; kind: string; value: number }[];
  expect(operations.filter((op) => op.reference === reference)).toEqual([
    { reference, kind: "capture", value: 34900 },
  ]);
  expect(pageErrors).toEqual([]);
});

test("a shopper pays by card on Stripe Checkout; the seller sees it paid, fulfils, then cancels and the card payment is refunded", async ({
  page,
}) => {
  const pageErrors = recordPageErrors(page);
  const store = await payingShop(page.request, "Green vase");
  await page.request.post("/api/logout");

  await checkoutWith(page, store.slug, "Green vase", "Card");
  await expect(page.getByRole("heading", { name: "Pay by card" })).toBeVisible();
  // The fake's Checkout page is /pay/{session id}: this order's session.
  const sessionId = new URL(page.url()).pathname.split("/").at(-1) ?? "";
  expect(sessionId).toMatch(/^cs_test_/);
  await page.getByRole("button", { name: "Pay", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Paid" })).toBeVisible({ timeout: 15_000 });
  const orderPage = page.url();
  // Checkout captured the card payment at once: this session is complete and paid, in full.
  const session = (await (
    await page.request.get(`http://127.0.0.1:${FAKES.stripe}/_fake/sessions/${sessionId}`)
  ).json()) as { status: string; payment_status: string; amount_total: number; payment_intent: string };
  expect(session).toMatchObject({ status: "complete", payment_status: "paid", amount_total: 34900 });
  expect(session.payment_intent).toMatch(/^pi_test_/);

  // The seller sees it paid and captured, and fulfils it: no money moves, so nothing is said about it.
  const orderId = await sellerOrderId(page, store.id);
  await page.goto("/orders?status=paid");
  await expect(page.getByText("Card: Captured").first()).toBeVisible();
  await sellerChanges(page, orderId, "Fulfilled", null);
  await expect(page.getByText("Card: Captured")).toBeVisible();

  await sellerChanges(page, orderId, "Cancelled", "Cancelling refunds 349 kr to the shopper.", {
    pieceBack: true,
    refund: "349 kr",
  });
  await expect(page.getByText("Card: Refunded")).toBeVisible();
  // Its money went back: it cannot be reopened, and the form says so (D18, decision 0067).
  await expect(page.getByTestId("money-consequence")).toHaveText(
    "The payment was refunded, so this order cannot be reopened.",
  );
  // Stripe refunded this order's payment, once and whole.
  const refunds = (await (
    await page.request.get(`http://127.0.0.1:${FAKES.stripe}/_fake/refunds`)
  ).json()) as { amount: number; payment_intent: string }[];
  expect(
    refunds
      .filter((refund) => refund.payment_intent === session.payment_intent)
      .map((refund) => refund.amount),
  ).toEqual([34900]);

  // The shopper's page says so.
  await page.request.post("/api/logout");
  await page.goto(orderPage);
  await expect(page.getByRole("heading", { name: "Refunded" })).toBeVisible();
  expect(pageErrors).toEqual([]);
});

test("rejected in Vipps on a phone: the order waits with Pay now, and the second attempt pays", async ({
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
  await expect(page.getByRole("button", { name: "Cancel order" })).toBeVisible();
  // Back in the shop, her unpaid order is one tap away (decision 0063).
  const orderPage = page.url();
  await page.goto(`/s/${store.slug}`);
  await page.getByRole("link", { name: "Pay now or cancel it" }).click();
  await expect(page).toHaveURL(orderPage);
  await expect(page.getByRole("heading", { name: "Payment not completed" })).toBeVisible({ timeout: 15_000 });
  await noSeriousViolations(page, "order page, not paid");
  await page.screenshot({ path: `${SHOTS}/order-not-paid-phone-light.png`, fullPage: true });
  await page.emulateMedia({ colorScheme: "dark" });
  await page.reload();
  await expect(page.getByRole("heading", { name: "Payment not completed" })).toBeVisible();
  await noSeriousViolations(page, "order page, not paid, dark");
  await page.screenshot({ path: `${SHOTS}/order-not-paid-phone-dark.png`, fullPage: true });
  await page.getByRole("button", { name: "Pay now" }).click();
  await page.getByRole("button", { name: "Approve" }).click();
  await expect(page.getByRole("heading", { name: "Paid" })).toBeVisible({ timeout: 15_000 });
  await page.screenshot({ path: `${SHOTS}/order-paid-phone-dark.png`, fullPage: true });
  // Paid: the shop no longer points to it.
  await page.goto(`/s/${store.slug}`);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByTestId("unpaid-order")).toHaveCount(0);
  await context.close();
});

test("an order waiting for Vipps cannot be marked paid or fulfilled by the seller; the dialog says why", async ({
  page,
}) => {
  const pageErrors = recordPageErrors(page);
  const store = await payingShop(page.request, "Grey bowl");
  await page.request.post("/api/logout");
  await checkoutWith(page, store.slug, "Grey bowl", "Vipps");
  await expect(page.getByRole("heading", { name: "Pay with Vipps" })).toBeVisible();
  const reference = new URL(page.url()).searchParams.get("token") ?? "";

  // The shopper has not approved yet: the seller is told, and is not offered Paid or Fulfilled.
  const orderId = await sellerOrderId(page, store.id);
  await page.goto(`/order/${orderId}`);
  await expect(page.getByText("Vipps: Waiting for the shopper")).toBeVisible();
  await expect(page.getByTestId("payment-awaited")).toHaveText(
    "Waiting for the shopper's online payment. The order becomes paid when the payment provider confirms it; until then it cannot be marked paid or fulfilled.",
  );
  await page.getByRole("combobox", { name: "Order status" }).click();
  for (const name of ["Paid", "Fulfilled"])
    await expect(page.getByRole("option", { name })).toHaveAttribute("aria-disabled", "true");
  await expect(page.getByRole("option", { name: "Cancelled" })).not.toHaveAttribute("aria-disabled", "true");
  await page.keyboard.press("Escape");
  await noSeriousViolations(page, "seller order, waiting for payment");

  // Vipps says it is paid (the app's approval, then the webhook): now the seller can fulfil.
  const approved = await page.request.post(
    `http://127.0.0.1:${FAKES.vipps}/landing/approve?token=${reference}`,
    { maxRedirects: 0 },
  );
  expect(approved.status()).toBe(303);
  await expect(async () => {
    await page.reload();
    await expect(page.getByText("Vipps: Reserved")).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  await expect(page.getByTestId("payment-awaited")).toHaveCount(0);
  await sellerChanges(
    page,
    orderId,
    "Fulfilled",
    "Fulfilling captures 349 kr from the shopper's Vipps reservation.",
  );
  expect(pageErrors).toEqual([]);
});
