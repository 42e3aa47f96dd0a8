import { type APIRequestContext, expect, test } from "@playwright/test";
import sharp from "sharp";
import { expectToast, recordCspViolations, recordPageErrors, uniqueEmail } from "./helpers";

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

async function photo(rgb: [number, number, number]) {
  const item = await sharp({
    create: { width: 260, height: 300, channels: 3, background: { r: rgb[0], g: rgb[1], b: rgb[2] } },
  })
    .png()
    .toBuffer();
  return sharp({ create: { width: 800, height: 800, channels: 3, background: { r: 238, g: 230, b: 216 } } })
    .composite([{ input: item, gravity: "center" }])
    .jpeg()
    .toBuffer();
}

/** A seller with a store and two products, made through the API (the seller screens have their own journey). */
async function seedStore(request: APIRequestContext) {
  const email = uniqueEmail("potter");
  const password = "glaze-and-kiln";
  await request.post("/api/register", { data: { fullName: "Solveig Potter", email, password } });
  const slug = `solveigs-keramikk-${Date.now().toString(36)}`;
  const store = await (
    await request.post("/api/stores", { data: { name: "Solveigs Keramikk", slug } })
  ).json();
  await request.put(`/api/stores/${store.id}`, {
    data: { phone: "+47 912 34 567", description: "Stoneware from Lofoten." },
  });
  const add = async (title: string, price: string, rgb: [number, number, number], coordinates?: string) =>
    request.post(`/api/stores/${store.id}/products`, {
      multipart: {
        title,
        basePrice: price,
        // The cart takes two mugs: more than the one-of-a-kind default stock (decision 0032).
        stockQty: "10",
        blurb: `${title}, thrown and glazed by hand.`,
        ...(coordinates ? { coordinates } : {}),
        image: { name: "p.jpg", mimeType: "image/jpeg", buffer: await photo(rgb) },
      },
    });
  expect((await add("Sea-green mug", "349", [63, 120, 100], '{"x":50,"y":50}')).status()).toBe(201);
  expect((await add("Salt bowl", "189", [190, 150, 110])).status()).toBe(201);
  await request.post("/api/logout");
  return { slug, email, password };
}

test("a shopper on a phone browses, zooms, fills a cart, survives a reload and checks out; the seller sees the order", async ({
  page,
  browser,
}) => {
  const seller = await seedStore(page.request);
  const cspViolations = await recordCspViolations(page);
  const pageErrors = recordPageErrors(page);

  await page.goto(`/s/${seller.slug}`);
  await expect(page.getByRole("heading", { name: "Solveigs Keramikk" })).toBeVisible();
  await expect(page.getByText("Stoneware from Lofoten.")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Our Products" })).toBeVisible();
  await expect(page).toHaveTitle(/Solveigs Keramikk/);
  // The cards as a phone shows them: the mug's zoom badge on its photo, the round + on each.
  await page.screenshot({ path: ".tmp/shots/storefront-phone-cards.png" });

  // The mug has coordinates: it opens the zoom viewer.
  await page.getByRole("button", { name: "Sea-green mug", exact: true }).click();
  const zoom = page.getByRole("dialog");
  await expect(zoom.getByRole("button", { name: "Zoom in" })).toBeVisible();
  await zoom.getByRole("button", { name: "Zoom in" }).click();
  await zoom.getByRole("button", { name: "Reset zoom" }).click();
  await expect(
    zoom.getByRole("link", { name: "View Details" }).or(zoom.getByRole("button", { name: "View Details" })),
  ).toBeVisible();
  await zoom.getByRole("button", { name: "Close zoom" }).click();
  await expect(zoom).toBeHidden();

  // Add both products.
  await page.getByRole("button", { name: "Add to Cart: Sea-green mug" }).click();
  await expectToast(page, "Added to cart");
  await page.getByRole("button", { name: "Add to Cart: Salt bowl" }).click();

  // Change a quantity, remove one.
  await page
    .getByRole("button", { name: /Open cart, 2 items/ })
    .first()
    .click();
  const cart = page.getByRole("dialog");
  await expect(cart.getByText("Your Cart (2)")).toBeVisible();
  await expect(cart.getByText("Shopping at Solveigs Keramikk")).toBeVisible();
  await cart.getByRole("button", { name: "One more" }).first().click();
  await cart.getByRole("button", { name: "Remove Salt bowl" }).first().click();
  await expectToast(page, "Item removed");
  await expect(cart.getByText("Your Cart (2)")).toBeVisible();
  await expect(cart.getByText("698 kr").first()).toBeVisible();

  // The cart survives a reload.
  await page.reload();
  await page
    .getByRole("button", { name: /Open cart, 2 items/ })
    .first()
    .click();
  await expect(page.getByRole("dialog").getByRole("link", { name: "Sea-green mug" })).toBeVisible();

  // Checkout: a validation error first, then success.
  await page.getByRole("dialog").getByRole("button", { name: "Proceed to Checkout" }).click();
  const checkout = page.getByRole("dialog", { name: "Complete Your Order" });
  await checkout.getByLabel("Name").fill("N");
  await checkout.getByLabel("Email").fill("nora@example.no");
  await checkout.getByLabel("Phone").fill("913 45 678");
  await checkout.getByRole("button", { name: /Place Order/ }).click();
  await expect(checkout.getByText("Name must be at least 2 characters")).toBeVisible();
  await checkout.getByLabel("Name").fill("Nora Kunde");
  // The terms of sale must be confirmed (decision 0036).
  await checkout.getByRole("button", { name: /Place Order/ }).click();
  await expect(checkout.getByText("Confirm that you accept the terms of sale")).toBeVisible();
  await checkout.getByLabel(/I accept the terms of sale/).check();
  await checkout.getByRole("button", { name: /Place Order/ }).click();
  await expectToast(page, "You will receive a confirmation SMS shortly.");
  await expect(page.getByText("Thank you for your order!")).toBeVisible();
  const orderNumber =
    (
      await page
        .getByText(/^[0-9a-f]{8}$/)
        .first()
        .textContent()
    )?.trim() ?? "";
  expect(orderNumber).toMatch(/^[0-9a-f]{8}$/);
  // The server-rendered page was taken over as it was: no hydration error, nothing refused by the CSP.
  expect(pageErrors).toEqual([]);
  expect(cspViolations).toEqual([]);

  // The seller sees it in /orders.
  const sellerContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const sellerPage = await sellerContext.newPage();
  await sellerPage.goto("/login");
  await sellerPage.getByLabel("Email").fill(seller.email);
  await sellerPage.getByLabel("Password").fill(seller.password);
  await sellerPage.getByRole("button", { name: "Log in" }).click();
  await expect(sellerPage.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
  await sellerPage.goto("/orders");
  await expect(sellerPage.getByText(orderNumber).first()).toBeVisible();
  await expect(sellerPage.getByText("698 kr").first()).toBeVisible();
  await sellerContext.close();
});

test("an unknown store shows the not-found state", async ({ page }) => {
  await page.goto("/s/no-such-store-here");
  await expect(page.getByText("Store not found")).toBeVisible();
  await expect(page.getByText("The store you're looking for doesn't exist.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Back to Homepage" })).toBeVisible();
});

test("a product page sells on its own and leads back to its store", async ({ page }) => {
  const seller = await seedStore(page.request);
  const pageErrors = recordPageErrors(page);
  await page.goto(`/s/${seller.slug}`);
  await page.getByRole("link", { name: "Salt bowl" }).click();
  await expect(page.getByRole("heading", { name: "Salt bowl", level: 1 })).toBeVisible();
  await expect(page).toHaveTitle("Salt bowl | Solveigs Keramikk");
  await page.getByRole("button", { name: "One more" }).click();
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await expectToast(page, "Added to cart");
  await expect(page.getByRole("button", { name: /Open cart, 2 items/ })).toBeVisible();
  await page.getByRole("link", { name: "Back to Store" }).click();
  await expect(page.getByRole("heading", { name: "Solveigs Keramikk", level: 1 })).toBeVisible();
  await expect(page.getByRole("button", { name: /Open cart, 2 items/ }).first()).toBeVisible();
  // The footer says what Torg keeps about a shopper.
  await page.getByRole("contentinfo").getByRole("link", { name: "Privacy" }).click();
  await expect(
    page.getByRole("heading", { name: "What Torg stores about you, and why", level: 1 }),
  ).toBeVisible();
  await expect(page.getByText(/the buyer's contact details are erased after 5 years/)).toBeVisible();
  await expect(page).toHaveTitle("Privacy · Torg");
  expect(pageErrors).toEqual([]);
});

test("the storefront and product page are readable before (and without) any JavaScript", async ({
  page,
  browser,
}) => {
  const seller = await seedStore(page.request);
  const noScript = await browser.newContext({
    javaScriptEnabled: false,
    viewport: { width: 390, height: 844 },
  });
  const reader = await noScript.newPage();
  await reader.goto(`/s/${seller.slug}`);
  await expect(reader.getByRole("heading", { name: "Solveigs Keramikk", level: 1 })).toBeVisible();
  await expect(reader.getByText("Stoneware from Lofoten.")).toBeVisible();
  await expect(reader.getByText("349 kr")).toBeVisible();
  await reader.getByRole("link", { name: "Salt bowl" }).click();
  await expect(reader.getByRole("heading", { name: "Salt bowl", level: 1 })).toBeVisible();
  await expect(reader.getByText("189 kr")).toBeVisible();
  await expect(reader.getByText("Salt bowl, thrown and glazed by hand.")).toBeVisible();
  await noScript.close();
});
