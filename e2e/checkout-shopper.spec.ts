import { expect, type Locator, type Page, test } from "@playwright/test";
import { openCheckout } from "./checkout";
import { expectToast, madePhoto, seedShop, signInSharedSeller, uniqueEmail } from "./helpers";

/**
 * Torg issue 33, item 10 and the checkout's minor items (decision 0068): a shopper with a phone number
 * from outside the countries Torg texts can order, and is told her confirmation comes by e-mail; each
 * field says what is wrong with it, next to it; what she typed survives a reload and is forgotten once
 * she has ordered; on a 390 px phone the summary's prices are whole; a checkout whose last piece was
 * sold meanwhile never offers to order for 0 kr.
 */
const SHOTS = process.env.SHOTS_DIR ?? ".tmp/shots";

async function shoot(page: Page, name: string) {
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.screenshot({ path: `${SHOTS}/checkout-shopper-${name}-${scheme}.png` });
  }
  await page.emulateMedia({ colorScheme: "light" });
}

/** Every price in the summary lies inside the viewport and inside its own box (nothing cut off). */
async function expectSummaryPricesWhole(checkout: Locator) {
  const prices = checkout.locator("section[aria-labelledby=checkout-summary] .tabular-nums");
  await expect(prices.first()).toBeVisible();
  const problems = await prices.evaluateAll((elements) => {
    const width = document.documentElement.clientWidth;
    return elements.flatMap((element) => {
      const box = element.getBoundingClientRect();
      const section = element.closest("section")?.getBoundingClientRect();
      const clipped = element.scrollWidth > Math.ceil(box.width) + 1;
      const outside = box.left < 0 || box.right > width || (section && box.right > section.right);
      return clipped || outside ? [`${element.textContent} (${box.left}–${box.right} of ${width})`] : [];
    });
  });
  expect(problems).toEqual([]);
}

test("a German number orders: told it gets e-mail, not a text, and confirmed so", async ({ page }) => {
  const shop = await seedShop(page.request, "Foreign Buyer Ceramics");
  const checkout = await openCheckout(page, shop.slug);
  await checkout.getByLabel("Name").fill("Lena Käuferin");
  await checkout.getByLabel("Email").fill(uniqueEmail("lena"));
  await checkout.getByLabel("Phone").fill("+49 151 23456789");
  await expect(
    checkout.getByText(
      "Torg texts only numbers in Norway, Sweden, or Denmark: your order confirmation comes by email.",
    ),
  ).toBeVisible();
  await expect(checkout.getByText("We send your order confirmation here by SMS.")).toHaveCount(0);
  await checkout.getByLabel(/I accept the terms of sale/).check();
  await shoot(page, "foreign-desktop");
  await checkout.getByRole("button", { name: /Place Order/ }).click();
  await expectToast(page, "You will receive a confirmation email shortly.");
  await expect(page.getByText("A confirmation email is on its way.", { exact: false })).toBeVisible();
  await expect(page.getByText("A confirmation SMS is on its way.", { exact: false })).toHaveCount(0);

  // A Norwegian number keeps the SMS wording.
  const again = await openCheckout(page, shop.slug);
  await again.getByLabel("Phone").fill("913 45 678");
  await expect(again.getByText("We send your order confirmation here by SMS.")).toBeVisible();
});

test("each field says what is wrong, next to it; the details survive a reload, not an order", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const shop = await seedShop(page.request, "Reload Ceramics");
  let checkout = await openCheckout(page, shop.slug);
  await expectSummaryPricesWhole(checkout);
  await checkout.getByLabel("Name").fill("A");
  await checkout.getByLabel("Email").fill("nora@example.no");
  await checkout.getByLabel("Phone").fill("123");
  await checkout.getByRole("button", { name: /Place Order/ }).click();
  await expect(checkout.getByText("Name must be at least 2 characters")).toBeVisible();
  await expect(checkout.getByText("This phone number is too short.", { exact: false })).toBeVisible();
  await expect(checkout.getByText("Name is required")).toHaveCount(0);
  await expect(checkout.getByText("Phone number is required")).toHaveCount(0);
  await expect(checkout.getByLabel("Phone")).toHaveAttribute("aria-invalid", "true");
  await checkout.getByLabel("Phone").fill("12345678x");
  await checkout.getByRole("button", { name: /Place Order/ }).click();
  await expect(checkout.getByText("Enter a valid phone number, for example +47 912 34 567")).toBeVisible();
  await shoot(page, "errors-phone");

  await checkout.getByLabel("Name").fill("Nora Kunde");
  await checkout.getByLabel("Phone").fill("913 45 678");
  await checkout.getByLabel("Address (optional)").fill("Storgata 1, 8300 Svolvær");
  await page.reload();
  await page
    .getByRole("button", { name: /Open cart, 1 item/ })
    .first()
    .click();
  await page.getByRole("dialog").getByRole("button", { name: "Proceed to Checkout" }).click();
  checkout = page.getByRole("dialog", { name: "Complete Your Order" });
  await expect(checkout.getByLabel("Name")).toHaveValue("Nora Kunde");
  await expect(checkout.getByLabel("Email")).toHaveValue("nora@example.no");
  await expect(checkout.getByLabel("Phone")).toHaveValue("913 45 678");
  await expect(checkout.getByLabel("Address (optional)")).toHaveValue("Storgata 1, 8300 Svolvær");
  // The terms are confirmed for each order, not remembered.
  await expect(checkout.getByLabel(/I accept the terms of sale/)).not.toBeChecked();
  await shoot(page, "restored-phone");
  await checkout.getByLabel(/I accept the terms of sale/).check();
  await checkout.getByRole("button", { name: /Place Order/ }).click();
  await expect(page.getByText("Thank you for your order!")).toBeVisible();
  await page.getByRole("button", { name: "Continue Shopping" }).click();

  // Ordered: the next checkout starts empty, also after a reload.
  await page.reload();
  checkout = await openCheckout(page, shop.slug);
  await expect(checkout.getByLabel("Name")).toHaveValue("");
  await expect(checkout.getByLabel("Phone")).toHaveValue("");
  expect(await page.evaluate(() => sessionStorage.getItem("torg.checkoutDraft"))).toBeNull();
});

test("the delivery choice survives a reload; the 390 px summary shows every price whole", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const shop = await seedShop(page.request, "Delivery Reload Ceramics");
  await signInSharedSeller(page.request);
  const options = await page.request.put(`/api/stores/${shop.id}/delivery-options`, {
    data: [
      { name: "Hentes i verkstedet på Henningsvær", kind: "pickup", price: "0" },
      { name: "Posten Norge Pakke i postkassen", kind: "parcel", price: "129", freeAbove: "100000" },
    ],
  });
  expect(options.ok()).toBe(true);
  // A long, costly product name: the line's price must stay in view.
  const product = await page.request.post(`/api/stores/${shop.id}/products`, {
    multipart: {
      title: "Stort serveringsfat i steingods med håndmalt kant og blank glasur",
      basePrice: "124990",
      stockQty: "10",
      image: { name: "p.jpg", mimeType: "image/jpeg", buffer: await madePhoto([120, 90, 60]) },
    },
  });
  expect(product.status()).toBe(201);
  await page.request.post("/api/logout");

  const checkout = await openCheckout(
    page,
    shop.slug,
    "Stort serveringsfat i steingods med håndmalt kant og blank glasur",
  );
  await checkout.getByLabel(/Posten Norge Pakke i postkassen/).check();
  await expectSummaryPricesWhole(checkout);
  await shoot(page, "summary-phone");
  await page.reload();
  await page
    .getByRole("button", { name: /Open cart, 1 item/ })
    .first()
    .click();
  await page.getByRole("dialog").getByRole("button", { name: "Proceed to Checkout" }).click();
  const again = page.getByRole("dialog", { name: "Complete Your Order" });
  await expect(again.getByLabel(/Posten Norge Pakke i postkassen/)).toBeChecked();
  await expectSummaryPricesWhole(again);
});

test("losing the last piece to another shopper: the checkout says so, never 'Place Order · 0 kr'", async ({
  page,
}) => {
  const shop = await seedShop(page.request, "Last Piece Ceramics");
  await signInSharedSeller(page.request);
  const created = await page.request.post(`/api/stores/${shop.id}/products`, {
    multipart: {
      title: "The only jug",
      basePrice: "650",
      stockQty: "1",
      image: { name: "p.jpg", mimeType: "image/jpeg", buffer: await madePhoto([40, 70, 120]) },
    },
  });
  expect(created.status()).toBe(201);
  const jug = await created.json();
  await page.request.post("/api/logout");

  const checkout = await openCheckout(page, shop.slug, "The only jug");
  await checkout.getByLabel("Name").fill("Nora Kunde");
  await checkout.getByLabel("Email").fill(uniqueEmail("nora"));
  await checkout.getByLabel("Phone").fill("913 45 678");
  await checkout.getByLabel(/I accept the terms of sale/).check();
  // Someone else buys it first.
  const other = await page.request.post("/api/orders", {
    data: {
      storeId: shop.id,
      buyerEmail: uniqueEmail("quicker"),
      shipToName: "Kari Rask",
      shipToPhone: "+47 922 33 444",
      items: [{ productId: jug.id, qty: 1 }],
    },
  });
  expect(other.status()).toBe(201);
  await checkout.getByRole("button", { name: /Place Order/ }).click();
  await expect(
    page.locator("li[data-state='open']").getByText("The only jug is sold out", { exact: false }).first(),
  ).toBeVisible();
  await expect(checkout.getByText("Your cart is empty")).toBeVisible();
  await expect(checkout.getByRole("button", { name: /0 kr/ })).toHaveCount(0);
  await expect(checkout.getByRole("button", { name: /Place Order|Continue to payment/ })).toHaveCount(0);
  await shoot(page, "sold-out-desktop");
  await page.setViewportSize({ width: 390, height: 844 });
  await shoot(page, "sold-out-phone");
  await checkout.getByRole("button", { name: "Continue Shopping" }).click();
  await expect(checkout).toBeHidden();
});
