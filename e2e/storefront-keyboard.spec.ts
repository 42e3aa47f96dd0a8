import fs from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { expectToast, seedShop } from "./helpers";

const SHOTS = process.env.SHOTS_DIR;

/** Tabs forward until `name` has focus (at most 40 presses). */
async function tabTo(page: Page, name: string) {
  for (let n = 0; n < 40; n++) {
    await page.keyboard.press("Tab");
    const focused = await page.evaluate(() => document.activeElement?.textContent?.trim() ?? "");
    if (focused === name) return;
  }
  throw new Error(`Tab never reached ${name}`);
}

for (const colorScheme of ["light", "dark"] as const) {
  test(`a keyboard shopper sees which product card has focus (${colorScheme})`, async ({ page }) => {
    await page.emulateMedia({ colorScheme });
    const shop = await seedShop(page.request);
    await page.goto(`/s/${shop.slug}`);
    // The store's SMS number reads as on every other screen.
    await expect(page.getByText("+47 912 34 567").first()).toBeVisible();

    await tabTo(page, "Salt bowl");
    const card = page.getByRole("listitem").filter({ has: page.getByRole("link", { name: "Salt bowl" }) });
    const outline = await card.evaluate((element) => {
      const style = getComputedStyle(element);
      return { style: style.outlineStyle, width: Number.parseFloat(style.outlineWidth) };
    });
    expect(outline.style).toBe("solid");
    expect(outline.width).toBeGreaterThanOrEqual(2);
    if (SHOTS) {
      fs.mkdirSync(SHOTS, { recursive: true });
      // The ring is drawn outside the card: take the card with a margin around it.
      const box = await card.boundingBox();
      if (box) {
        const clip = { x: box.x - 12, y: box.y - 12, width: box.width + 24, height: box.height + 24 };
        await page.screenshot({
          path: `${SHOTS}/card-focus-${colorScheme}.png`,
          clip,
          animations: "disabled",
        });
      }
    }

    // A pointer click does not leave a ring behind.
    await page.mouse.click(5, 5);
    expect(await card.evaluate((element) => getComputedStyle(element).outlineStyle)).toBe("none");
  });
}

test("with a toast showing, Escape closes the cart drawer first, then the toast", async ({ page }) => {
  const shop = await seedShop(page.request);
  await page.goto(`/s/${shop.slug}`);
  await page.getByRole("button", { name: "Add to Cart: Sea-green mug" }).click();
  await page.getByRole("button", { name: "Add to Cart: Salt bowl" }).click();
  await page
    .getByRole("button", { name: /Open cart, 2 items/ })
    .first()
    .click();
  const cart = page.getByRole("dialog");
  await cart.getByRole("button", { name: "Remove Salt bowl" }).first().click();
  await expectToast(page, "Item removed");

  await page.keyboard.press("Escape");
  await expect(cart).toBeHidden();
  await expectToast(page, "Item removed");
  await page.keyboard.press("Escape");
  await expect(page.locator("li[data-state='open']")).toHaveCount(0);
});

test("checkout opens with focus in the name field, so typing does not close it", async ({ page }) => {
  const shop = await seedShop(page.request);
  await page.goto(`/s/${shop.slug}`);
  await page.getByRole("button", { name: "Add to Cart: Salt bowl" }).click();
  await page
    .getByRole("button", { name: /Open cart, 1 item/ })
    .first()
    .click();
  await page.getByRole("dialog").getByRole("button", { name: "Proceed to Checkout" }).click();
  const checkout = page.getByRole("dialog", { name: "Complete Your Order" });
  await expect(checkout.getByLabel("Name")).toBeFocused();
  await page.keyboard.type(" Nora Kunde");
  await expect(checkout).toBeVisible();
  await expect(checkout.getByLabel("Name")).toHaveValue(" Nora Kunde");
});
