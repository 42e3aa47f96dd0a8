import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { expectNoSeriousViolations } from "./axe";
import { connectBring } from "./bring";
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
 * Checkout with Bring (issue 31, decision 0079): a shopper in 0155 Oslo types her postcode, sees Bring's
 * services with their prices and expected day beside the shop's own option, picks a pick-up point from
 * the nearest ones the Bring fake lists, and pays with Vipps (its fake); her order keeps the point.
 */
const SHOTS = process.env.SHOTS_DIR ?? ".tmp/shots";

async function shoot(page: Page, name: string) {
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    // The theme's colours ease over; the picture is of where they end.
    await page.waitForTimeout(600);
    await page.screenshot({ path: `${SHOTS}/bring-checkout-${name}-${scheme}.png` });
  }
  await page.emulateMedia({ colorScheme: "light" });
}

/** A store with live Vipps, Bring connected (the fake's account) and a flat pickup, and one 349 kr piece. */
async function bringShop(request: APIRequestContext, title: string) {
  const { email, password } = await signInSharedSeller(request);
  await proveAddress(request, email);
  const store = await createStoreThroughApi(request, "Fjordleire");
  const vipps = await request.post(`/api/stores/${store.id}/payment-channels`, {
    data: {
      provider: "vipps",
      externalId: "123456",
      isLive: true,
      expectedUpdatedAt: null,
      currentPassword: password,
    },
  });
  expect(vipps.status()).toBe(201);
  const flat = await request.put(`/api/stores/${store.id}/delivery-options`, {
    data: [{ name: "Pick up at the workshop", kind: "pickup", price: "0", note: "Thursdays 12–18" }],
  });
  expect(flat.status()).toBe(200);
  await connectBring(request, { id: store.id, name: "Fjordleire" });
  const product = await request.post(`/api/stores/${store.id}/products`, {
    multipart: {
      title,
      basePrice: "349",
      blurb: `${title}, thrown by hand.`,
      image: { name: "p.jpg", mimeType: "image/jpeg", buffer: await madePhoto([150, 110, 80]) },
    },
  });
  expect(product.status()).toBe(201);
  await request.post("/api/logout");
  return store;
}

async function pickUpAndPay(page: Page, name: string) {
  const pageErrors = recordPageErrors(page);
  const store = await bringShop(page.request, "Clay bowl");
  const checkout = await openCheckout(page, store.slug, "Clay bowl");
  await fillShopper(checkout, "nora@example.no");

  await checkout.getByLabel("Postcode").fill("0155");
  const delivery = checkout.getByRole("group", { name: "Delivery" });
  // Bring's services for 800 g to 0155, beside the shop's own option.
  await expect(delivery.getByRole("radio")).toHaveCount(4);
  const pickupService = delivery.getByRole("radio", { name: /Parcel to pick-up point/ });
  await expect(delivery.locator("label").filter({ hasText: "Parcel to pick-up point" })).toContainText("79");
  await expect(delivery.locator("label").filter({ hasText: "Parcel to pick-up point" })).toContainText(
    "Expected",
  );
  await pickupService.check();

  const points = checkout.getByRole("group", { name: "Pick-up point" });
  await expect(points.getByRole("radio")).toHaveCount(5);
  // The nearest is chosen for her; she takes the post office instead.
  await expect(points.getByRole("radio", { name: /Coop Mega Storgata/ })).toBeChecked();
  await expect(points).toContainText("0.3 km");
  await points.getByRole("radio", { name: /Posten Oslo sentrum/ }).check();
  // A pick-up point needs no street.
  await expect(checkout.getByLabel("Street address")).toHaveCount(0);
  await expect(checkout.getByRole("button", { name: /Continue to payment · 428/ })).toBeVisible();

  await page.waitForTimeout(300);
  await expectNoSeriousViolations(page, "checkout with pick-up points");
  // The services above the points, as she sees them choosing.
  await delivery.evaluate((element) => element.scrollIntoView({ block: "start" }));
  await shoot(page, name);

  await checkout.getByLabel(/I accept the terms of sale/).check();
  await checkout.getByRole("button", { name: /Continue to payment/ }).click();
  await expect(page.getByRole("heading", { name: "Pay with Vipps" })).toBeVisible();
  await expect(page.getByText("428.00 NOK")).toBeVisible();
  await page.getByRole("button", { name: "Approve" }).click();
  await expect(page).toHaveURL(new RegExp(`/s/${store.slug}/order/[0-9a-f]{64}$`));
  await expect(page.getByTestId("order-status")).toHaveText("Paid", { timeout: 15_000 });

  // The order keeps the service, the point and Bring's price.
  await signInSharedSeller(page.request);
  const orders = (await (await page.request.get(`/api/stores/${store.id}/orders`)).json()) as {
    id: string;
  }[];
  const order = await (await page.request.get(`/api/orders/${orders[0]?.id}`)).json();
  expect(order).toMatchObject({
    totalGross: "428.00",
    delivery: { name: "Parcel to pick-up point", price: "79.00" },
    shipping: { service: "5800", priceSource: "bring", pickupPoint: { name: "Posten Oslo sentrum" } },
  });
  expect(pageErrors).toEqual([]);
}

test("desktop: a shopper in 0155 Oslo picks a pick-up point and pays with Vipps", async ({ page }) => {
  await pickUpAndPay(page, "desktop");
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  test("a shopper in 0155 Oslo picks a pick-up point and pays with Vipps", async ({ page }) => {
    await pickUpAndPay(page, "phone");
  });
});

test("when Bring does not answer, the checkout says so and offers the shop's own delivery", async ({
  page,
}) => {
  const control = `http://127.0.0.1:${fakePaymentPorts().bring}/_fake/control`;
  const store = await bringShop(page.request, "Clay jug");
  await page.request.post(control, { data: { down: true } });
  try {
    const checkout = await openCheckout(page, store.slug, "Clay jug");
    await checkout.getByLabel("Postcode").fill("5003");
    await expect(checkout.getByText("Bring is not answering just now")).toBeVisible();
    const delivery = checkout.getByRole("group", { name: "Delivery" });
    await expect(delivery.getByRole("radio")).toHaveCount(1);
    await expect(delivery.getByRole("radio", { name: /Pick up at the workshop/ })).toBeVisible();
    await page.waitForTimeout(300);
    await expectNoSeriousViolations(page, "checkout with Bring unavailable");
    await shoot(page, "unavailable-desktop");
  } finally {
    await page.request.post(control, { data: { reset: true } });
  }
});
