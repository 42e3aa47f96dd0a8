import { expect, test } from "@playwright/test";
import { createStoreThroughApi, expectToast, madePhoto, signInSharedSeller } from "./helpers";

/**
 * Issue 32 item 5 (decision 0080): the store's settings show the product feed addresses for Google
 * Merchant Center and Meta, each with its copy button and where to paste it; the address copied is the
 * feed, and it lists the store's products. Screenshots in light and dark, desktop and phone.
 */
const SHOTS = ".tmp/shots";

for (const viewport of [
  { name: "desktop", width: 1280, height: 900 },
  { name: "phone", width: 390, height: 844 },
]) {
  test(`${viewport.name}: the feed addresses are copied and list the store's products`, async ({
    page,
    context,
  }) => {
    test.setTimeout(90_000);
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.setViewportSize(viewport);
    await signInSharedSeller(page.request);
    const store = await createStoreThroughApi(page.request, "Leirverket Feed");
    const added = await page.request.post(`/api/stores/${store.id}/products`, {
      multipart: {
        title: "Ash-glazed mug",
        basePrice: "249",
        image: { name: "p.jpg", mimeType: "image/jpeg", buffer: await madePhoto([120, 140, 110]) },
      },
    });
    expect(added.status()).toBe(201);
    const product = (await added.json()) as { id: string };

    await page.goto(`/stores/${store.id}?tab=settings`);
    const card = page.locator("#store-feeds");
    await card.scrollIntoViewIfNeeded();
    await expect(card.getByText("Product feeds")).toBeVisible();
    const origin = new URL(page.url()).origin;
    const google = `${origin}/s/${store.slug}/feeds/google.xml`;
    const meta = `${origin}/s/${store.slug}/feeds/meta.csv`;
    await expect(card.getByLabel("Google Merchant Center")).toHaveValue(google);
    await expect(card.getByLabel("Meta (Facebook and Instagram)")).toHaveValue(meta);
    await expect(card.getByText("'Add products from a file' → 'Enter a link to your file'")).toBeVisible();
    await expect(card.getByText("Catalogue → Data sources → Data feed → scheduled feed")).toBeVisible();

    // Copy each address, and fetch what was copied: the store's product, as each service reads it.
    await card.getByRole("button", { name: "Copy the Google feed address" }).click();
    await expectToast(page, "Copied to clipboard");
    const copiedGoogle = await page.evaluate(() => navigator.clipboard.readText());
    expect(copiedGoogle).toBe(google);
    const rss = await page.request.get(copiedGoogle);
    expect(rss.status()).toBe(200);
    expect(rss.headers()["content-type"]).toBe("application/rss+xml; charset=utf-8");
    const xml = await rss.text();
    expect(xml).toContain(`<g:id>${product.id}</g:id>`);
    expect(xml).toContain("<g:title>Ash-glazed mug</g:title>");
    expect(xml).toContain("<g:price>249.00 NOK</g:price>");

    await card.getByRole("button", { name: "Copy the Meta feed address" }).click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(meta);
    const csv = await page.request.get(meta);
    expect(csv.status()).toBe(200);
    const [header, row] = (await csv.text()).split("\r\n");
    expect(header).toMatch(/^id,title,description,availability,condition,price,link,image_link,brand,/);
    expect(row).toContain(`${product.id},"Ash-glazed mug",`);
    // Fields with whitespace are quoted, as Meta asks.
    expect(row).toContain(`,"in stock",new,"249.00 NOK",`);

    for (const theme of ["light", "dark"] as const) {
      await page.request.put("/api/settings", { data: { theme } });
      await page.evaluate((value) => localStorage.setItem("ui-theme", value), theme);
      await page.reload();
      await expect(page.locator("html")).toHaveClass(theme === "dark" ? /dark/ : /^(?!.*dark)/);
      await expect(card.getByLabel("Google Merchant Center")).toHaveValue(google);
      await card.scrollIntoViewIfNeeded();
      await card.screenshot({ path: `${SHOTS}/product-feeds-${viewport.name}-${theme}.png` });
    }
    await page.request.put("/api/settings", { data: { theme: "light" } });
  });
}
