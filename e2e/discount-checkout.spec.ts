import { expect, type Page, test } from "@playwright/test";
import { fillShopper, openCheckout } from "./checkout";
import { seedShop, signInSharedSeller, uniqueEmail } from "./helpers";

/**
 * Issue 29, the shopper's side: the seller makes a code, a shopper types it in the checkout, sees the
 * discount and the new total before ordering, and finds it on the confirmation and on her order page;
 * a wrong code and a used-up one are refused with their reasons, and nothing typed is lost. On a phone
 * (390×844) and on a desktop. SHOTS_DIR set: screenshots, light and dark.
 */
const SHOTS = process.env.SHOTS_DIR;

// Each journey makes its shop and codes, places an order and reads two receipts: more than the default.
test.setTimeout(180_000);

async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.screenshot({ path: `${SHOTS}/discount-${name}-${scheme}.png` });
  }
  await page.emulateMedia({ colorScheme: "light" });
}

/** A store with the journeys' mug (349 kr) and salt bowl, and the codes made through the seller's API. */
async function shopWithCodes(page: Page, name: string) {
  const shop = await seedShop(page.request, name);
  await signInSharedSeller(page.request);
  const make = async (data: Record<string, unknown>) => {
    const response = await page.request.post(`/api/stores/${shop.id}/discounts`, { data });
    expect(response.status(), await response.text()).toBe(201);
  };
  await make({ code: "SOMMER20", kind: "percent", value: 20 });
  await make({ code: "BARE-EN", kind: "amount", value: "50", maxUses: 1 });
  const products = await page.request.get(`/api/stores/${shop.id}/products`);
  const mug = ((await products.json()) as { id: string; title: string }[]).find(
    (product) => product.title === "Sea-green mug",
  );
  await page.request.post("/api/logout");
  return { ...shop, mugId: mug?.id ?? "" };
}

for (const device of [
  { name: "desktop", viewport: { width: 1280, height: 900 } },
  { name: "phone", viewport: { width: 390, height: 844 } },
]) {
  test(`${device.name}: a shopper applies a code, sees the discount, and finds it on her receipts`, async ({
    page,
  }) => {
    await page.setViewportSize(device.viewport);
    const shop = await shopWithCodes(page, `Rabatt Keramikk ${device.name}`);

    // Someone else takes the one use of BARE-EN first.
    const first = await page.request.post("/api/orders", {
      data: {
        storeId: shop.id,
        buyerEmail: uniqueEmail("first"),
        shipToName: "Ola Først",
        shipToPhone: "+47 912 34 568",
        shipToAddr: null,
        items: [{ productId: shop.mugId, qty: 1 }],
        discountCode: "bare-en",
      },
    });
    expect(first.status(), await first.text()).toBe(201);

    const checkout = await openCheckout(page, shop.slug);
    await fillShopper(checkout, uniqueEmail("nora"));
    const field = checkout.getByLabel("Discount or gift card code");

    // A wrong code: its reason under the field, and it is not kept.
    await field.fill("FEIL-KODE");
    await checkout.getByRole("button", { name: "Apply" }).click();
    await expect(checkout.getByText("We don't know that code. Check the spelling.")).toBeVisible();
    await expect(field).toHaveAttribute("aria-invalid", "true");
    await expect(checkout.getByTestId("applied-discountCode")).toHaveCount(0);
    await expect(checkout.getByTestId("summary-total")).toHaveText("349 kr");

    // A used-up code: refused with its reason.
    await field.fill("BARE-EN");
    await field.press("Enter");
    await expect(checkout.getByText("This code has been used up")).toBeVisible();
    await expect(checkout.getByTestId("applied-discountCode")).toHaveCount(0);
    await shoot(page, `refused-${device.name}`);

    // The right code, typed in lower case: a chip, the discount and the new total.
    await field.fill("sommer20");
    await checkout.getByRole("button", { name: "Apply" }).click();
    await expect(checkout.getByTestId("applied-discountCode")).toContainText("SOMMER20");
    await expect(checkout.getByText("This code has been used up")).toHaveCount(0);
    await expect(checkout.getByTestId("summary-discount")).toContainText("Discount (SOMMER20)");
    await expect(checkout.getByTestId("summary-discount")).toContainText("−70 kr");
    await expect(checkout.getByTestId("summary-total")).toHaveText("279 kr");
    await expect(checkout.getByRole("button", { name: /Place Order · 279 kr/ })).toBeVisible();
    await shoot(page, `applied-${device.name}`);

    // A reload keeps the code (on the phone: the checkout-shopper journey reloads there too).
    let again = checkout;
    if (device.name === "phone") {
      await page.reload();
      await page
        .getByRole("button", { name: /Open cart, 1 item/ })
        .first()
        .click();
      await page.getByRole("dialog").getByRole("button", { name: "Proceed to Checkout" }).click();
      again = page.getByRole("dialog", { name: "Complete Your Order" });
      await expect(again.getByTestId("applied-discountCode")).toContainText("SOMMER20");
      await expect(again.getByTestId("summary-total")).toHaveText("279 kr");
    }

    await again.getByLabel(/I accept the terms of sale/).check();
    await again.getByRole("button", { name: /Place Order · 279 kr/ }).click();
    await expect(page.getByText("Thank you for your order!")).toBeVisible();
    await expect(page.getByTestId("confirmation-discount")).toContainText("Discount (SOMMER20)");
    await expect(page.getByTestId("confirmation-discount")).toContainText("−70 kr");
    await expect(page.getByTestId("confirmation-total")).toHaveText("279 kr");
    await shoot(page, `confirmation-${device.name}`);

    await page.getByRole("link", { name: "See your order" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Order");
    await expect(page.getByTestId("order-discount")).toContainText("Discount (SOMMER20)");
    await expect(page.getByTestId("order-discount")).toContainText("69.80");
    await expect(page.getByTestId("order-total")).toContainText("279.20");
    await shoot(page, `order-page-${device.name}`);
  });
}
