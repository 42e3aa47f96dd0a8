import { expect, type Locator, type Page, test } from "@playwright/test";
import { expectToast, seedShop, signInSharedSeller } from "./helpers";

/**
 * Issue 32 item 1 (decision 0080): the seller gives the shop its own look in the store's settings (a
 * logo, a brand colour, a font pairing and an about page), sees it in the live preview on a phone and a
 * desktop, saves it, and the storefront, a product page and the about page wear it.
 */
const SHOTS = process.env.SHOTS_DIR ?? ".tmp/shots";
const VIEWPORTS = {
  desktop: { width: 1280, height: 900 },
  phone: { width: 390, height: 844 },
} as const;
const BRAND = "#9a3b26";
const BRAND_RGB = "rgb(154, 59, 38)";

/** A wordmark logo on a transparent ground, as a maker's logo file is: drawn here, a PNG. */
async function madeLogo() {
  const { default: sharp } = await import("sharp");
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="200">
    <circle cx="100" cy="100" r="78" fill="${BRAND}"/>
    <circle cx="100" cy="100" r="38" fill="#f6efe4"/>
    <text x="200" y="128" font-family="DejaVu Serif, serif" font-size="88" font-weight="700" fill="#2a1d17">Leirverk</text>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

const backgroundOf = (locator: Locator) =>
  locator.evaluate((element) => getComputedStyle(element).backgroundColor);
const fontOf = (locator: Locator) => locator.evaluate((element) => getComputedStyle(element).fontFamily);

/**
 * The page in light or dark, as the system asks: the stored choice is "system", which a shop page and
 * the app both follow. An explicit choice would race the app's sync of the seller's saved setting.
 */
async function showTheme(page: Page, theme: "light" | "dark") {
  await page.emulateMedia({ colorScheme: theme });
  await page.evaluate(() => localStorage.setItem("ui-theme", "system"));
}

async function shoot(page: Page, name: string, target?: Locator) {
  for (const theme of ["light", "dark"] as const) {
    for (const [size, viewport] of Object.entries(VIEWPORTS)) {
      await page.setViewportSize(viewport);
      await showTheme(page, theme);
      await page.reload();
      await expect(page.locator("html")).toHaveClass(theme === "dark" ? /dark/ : /^(?!.*dark)/);
      const path = `${SHOTS}/shop-identity-${name}-${size}-${theme}.png`;
      if (target) {
        // The workspace's sticky header would be drawn across the card in an element's screenshot.
        await page
          .locator("header")
          .first()
          .evaluate((header) => {
            header.style.position = "static";
          });
        await target.scrollIntoViewIfNeeded();
        await target.screenshot({ path });
      } else await page.screenshot({ path, fullPage: true });
    }
  }
  await page.setViewportSize(VIEWPORTS.desktop);
  await showTheme(page, "light");
}

test("the seller sets the shop's logo, colour, fonts and story, previews them, and the shop wears them", async ({
  page,
}) => {
  test.setTimeout(240_000);
  await page.setViewportSize(VIEWPORTS.desktop);
  const shop = await seedShop(page.request, "Leirverket Glasur");
  await signInSharedSeller(page.request);
  await page.goto(`/stores/${shop.id}?tab=settings`);
  await showTheme(page, "light");

  const card = page.locator("#store-identity");
  // A busy machine takes a while to load the workspace's first page.
  await expect(card.getByText("Your shop's look")).toBeVisible({ timeout: 30_000 });
  const preview = card.getByTestId("identity-preview");
  const band = card.getByTestId("identity-preview-band");
  const button = card.getByTestId("identity-preview-button");

  // The logo: picked (the drop zone's button opens the file chooser), uploaded, shown, and in the preview.
  const chooser = page.waitForEvent("filechooser");
  await card.getByRole("group", { name: "Logo" }).getByRole("button", { name: "Choose image" }).click();
  await (await chooser).setFiles({ name: "leirverk.png", mimeType: "image/png", buffer: await madeLogo() });
  await expect(card.getByRole("img", { name: "Your logo" })).toBeVisible();
  await expect(preview.getByRole("img", { name: "Leirverket Glasur" })).toBeVisible();

  // A pale colour: the seller is told, in plain words, where it would be hard to read.
  const hex = card.getByLabel("Hex code");
  await hex.fill("#f2d16b");
  await expect(card.getByTestId("contrast-warnings")).toContainText(
    "hard to read as text on a light page — the shop will use a darker shade",
  );
  // A suggested colour, then the hex field: the preview follows as it is typed.
  await card.getByRole("button", { name: "Use #1f4e79" }).click();
  await expect(hex).toHaveValue("#1f4e79");
  expect(await backgroundOf(band)).toBe("rgb(31, 78, 121)");
  await hex.fill(BRAND);
  // Readable on buttons and on the light page; on the dark page the shop lightens it, and says so.
  const notes = card.getByTestId("contrast-warnings");
  await expect(notes).toContainText("on a dark page — the shop will use a lighter shade");
  await expect(notes).not.toContainText("light page");
  await expect(notes).not.toContainText("button labels");
  expect(await backgroundOf(band)).toBe(BRAND_RGB);
  expect(await backgroundOf(button)).toBe(BRAND_RGB);

  // The font pairing, each named in its own faces; the preview's heading takes the heading face.
  await card.getByRole("radio", { name: /Editorial/ }).check();
  await expect.poll(() => fontOf(preview.getByText("Leirverket Glasur", { exact: true }))).toContain("Lora");

  // The about page: a story, where, and a link.
  await card
    .getByLabel("Your story")
    .fill(
      "Jeg dreier krus og boller i et gammelt naust i Bergen.\n\nHver glasur blandes for hånd, av aske fra ovnen.",
    );
  await card.getByLabel("Location").fill("Bergen");
  await card.getByRole("button", { name: "Add link" }).click();
  await card.getByRole("textbox", { name: "Link 1" }).fill("https://www.instagram.com/leirverket");
  await expect(preview.getByText("About", { exact: true })).toBeVisible();

  // Phone and desktop frames: 390 px wide, then the card's whole width.
  await expect(preview).toHaveAttribute("data-frame", "phone");
  expect((await preview.boundingBox())?.width).toBeCloseTo(390, 0);
  await card.getByRole("button", { name: "Desktop" }).click();
  await expect(preview).toHaveAttribute("data-frame", "desktop");
  expect((await preview.boundingBox())?.width ?? 0).toBeGreaterThan(400);
  await card.getByRole("button", { name: "Dark" }).click();
  await expect(preview).toHaveAttribute("data-theme", "dark");
  expect(await backgroundOf(card.getByTestId("identity-preview-page"))).toBe("rgb(22, 18, 15)");
  await card.getByRole("button", { name: "Phone" }).click();
  await card.getByRole("button", { name: "Light" }).click();

  await card.getByRole("button", { name: "Save look" }).click();
  await expectToast(page, "Look saved");
  await expect(card.getByText("All changes saved")).toBeVisible();
  await shoot(page, "settings", card);

  // The storefront: the logo (named by the store) in the header, the colour on its buttons, the faces.
  await page.request.post("/api/logout");
  await page.goto(`/s/${shop.slug}`);
  const header = page.locator("header").first();
  const footer = page.locator("footer");
  await expect(page.getByTestId("store-logo").first()).toHaveAttribute("alt", "Leirverket Glasur");
  await expect(header.getByRole("link", { name: "About" })).toHaveAttribute("href", `/s/${shop.slug}/about`);
  await expect(footer.getByRole("link", { name: "About" })).toHaveAttribute("href", `/s/${shop.slug}/about`);
  await expect(footer.getByRole("img", { name: "Leirverket Glasur" })).toBeVisible();
  expect(await backgroundOf(page.getByTestId("drawn-hero"))).toBe(BRAND_RGB);
  expect(await backgroundOf(page.getByRole("button", { name: "Add to Cart: Salt bowl" }))).toBe(BRAND_RGB);
  expect(await fontOf(page.getByRole("heading", { level: 1 }))).toContain("Lora");
  expect(await fontOf(page.locator("body"))).toContain("DM Sans");
  await shoot(page, "storefront");

  // A product page: the same mark and colour.
  await page.getByRole("link", { name: "Sea-green mug" }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: "Sea-green mug" })).toBeVisible();
  await expect(page.getByRole("link", { name: "About" }).first()).toBeVisible();
  await expect(page.locator("footer").getByRole("img", { name: "Leirverket Glasur" })).toBeVisible();
  expect(await backgroundOf(page.getByRole("button", { name: "Add to Cart" }).first())).toBe(BRAND_RGB);

  // The about page, from the header: the story in paragraphs, where, the link named by its service.
  await page.getByRole("link", { name: "About" }).first().click();
  await expect(page).toHaveURL(new RegExp(`/s/${shop.slug}/about$`));
  await expect(page.getByRole("heading", { level: 1, name: "About Leirverket Glasur" })).toBeVisible();
  await expect(page.getByTestId("about-story").locator("p")).toHaveCount(2);
  await expect(page.getByTestId("about-location")).toHaveText("Based in Bergen");
  await expect(page.getByRole("link", { name: "Instagram" })).toHaveAttribute(
    "href",
    "https://www.instagram.com/leirverket",
  );
  await expect(page.locator("header").getByRole("link", { name: "About" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  await expect(page.locator("footer").getByRole("link", { name: "About" })).toBeVisible();
  expect(await backgroundOf(page.getByRole("link", { name: "Visit the shop" }))).toBe(BRAND_RGB);
  await shoot(page, "about");
});
