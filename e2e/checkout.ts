import type { Locator, Page } from "@playwright/test";

/**
 * A shopper on the storefront puts one product in the cart and opens the checkout, as the journeys do:
 * the storefront, "Add to Cart", the cart button, "Proceed to Checkout". Returns the checkout dialog.
 */
export async function openCheckout(page: Page, slug: string, title = "Sea-green mug"): Promise<Locator> {
  await page.goto(`/s/${slug}`);
  await page.getByRole("button", { name: `Add to Cart: ${title}` }).click();
  await page
    .getByRole("button", { name: /Open cart, 1 item/ })
    .first()
    .click();
  await page.getByRole("dialog").getByRole("button", { name: "Proceed to Checkout" }).click();
  return page.getByRole("dialog", { name: "Complete Your Order" });
}

/** The shopper's details, typed into the checkout dialog. */
export async function fillShopper(checkout: Locator, email: string) {
  await checkout.getByLabel("Name").fill("Nora Kunde");
  await checkout.getByLabel("Email").fill(email);
  await checkout.getByLabel("Phone").fill("913 45 678");
}
