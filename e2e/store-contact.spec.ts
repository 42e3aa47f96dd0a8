import { type Browser, expect, type Page, test } from "@playwright/test";
import { createStoreThroughApi, expectToast, madePhoto, signInSharedSeller, uniqueEmail } from "./helpers";
import { openMailbox } from "./mailbox";

/**
 * Issue 33 items 2, 4, 5 and 6 (decision 0066): a new store shows the seller what it needs before it
 * opens; the seller sets its language and a contact address in its own section, which waits for the
 * link e-mailed to it (read from the local SMTP server) and is confirmed on the page the link opens;
 * the terms then show it; QR codes are a tab of the store.
 */
let mailbox: Awaited<ReturnType<typeof openMailbox>>;
test.beforeAll(async () => {
  mailbox = await openMailbox();
});
test.afterAll(() => mailbox.close());
const SHOTS = ".tmp/shots";

async function shot(page: Page, name: string) {
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    await page.screenshot({ path: `${SHOTS}/${name}-${colorScheme}.png`, fullPage: false });
  }
  await page.emulateMedia({ colorScheme: "light" });
}

async function phone(browser: Browser, page: Page) {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
    storageState: await page.context().storageState(),
  });
  return context.newPage();
}

test("checklist, language and a confirmed contact address, QR codes in the store", async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const seller = await signInSharedSeller(page.request);
  const store = await createStoreThroughApi(page.request, "Kontaktverket");

  // A new store: the checklist, nothing done but the contact (the owner's own address stands in).
  await page.goto(`/stores/${store.id}`);
  const checklist = page.getByTestId("open-checklist");
  await expect(checklist.getByRole("heading", { name: "Get your store ready" })).toBeVisible();
  await expect(checklist).toContainText("1 of 5 done");
  await shot(page, "store-checklist-desktop");
  const small = await phone(browser, page);
  await small.goto(`/stores/${store.id}`);
  await expect(small.getByTestId("open-checklist")).toBeVisible();
  await shot(small, "store-checklist-phone");

  // The empty storefront says the store is getting ready, with nothing to order.
  const visitor = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await visitor.goto(`/s/${store.slug}`);
  await expect(visitor.getByText("Kontaktverket is getting ready — come back soon.")).toBeVisible();
  await expect(visitor.getByText("Order Now")).toHaveCount(0);
  await visitor.getByText("No products available at the moment.").scrollIntoViewIfNeeded();
  await shot(visitor, "storefront-empty-phone");
  await visitor.setViewportSize({ width: 1280, height: 900 });
  await shot(visitor, "storefront-empty-desktop");
  await visitor.close();

  // A product ticks its step.
  const added = await page.request.post(`/api/stores/${store.id}/products`, {
    multipart: {
      title: "Kontaktkrus",
      basePrice: "300",
      image: { name: "p.jpg", mimeType: "image/jpeg", buffer: await madePhoto([80, 110, 140]) },
    },
  });
  expect(added.status()).toBe(201);
  await page.reload();
  await expect(checklist).toContainText("2 of 5 done");

  // The checklist's contact step opens the settings at the section.
  await checklist.getByRole("link", { name: /Add your legal name/ }).click();
  await expect(page).toHaveURL(/tab=settings#store-legal/);
  // Each section saves on its own and says where it stands.
  const legal = page.locator("#store-legal");
  await expect(legal.getByText("All changes saved")).toBeVisible();
  await legal.getByLabel("Legal name").fill("Kontaktverket Hansen ENK");
  await expect(legal.getByText("Unsaved changes")).toBeVisible();
  await legal.getByRole("button", { name: "Save legal details" }).click();
  await expectToast(page, "Store updated");
  await expect(legal.getByText("All changes saved")).toBeVisible();
  const section = page.locator("#store-shoppers");
  await expect(section.getByText("All changes saved")).toBeVisible();
  await section.getByLabel("Shop language").selectOption("nb");
  const address = uniqueEmail("kontakt");
  await section.getByLabel("Contact e-mail for shoppers").fill(address);
  await expect(section.getByText("Unsaved changes")).toBeVisible();
  await section.getByRole("button", { name: "Save language and contact" }).click();
  await expectToast(page, "Store updated");
  await expect(section.getByRole("status")).toContainText(
    `Waiting for confirmation — we sent a link to ${address}`,
  );
  await expect(section.getByText("All changes saved")).toBeVisible();
  await section.scrollIntoViewIfNeeded();
  await shot(page, "store-contact-pending-desktop");
  await small.goto(`/stores/${store.id}?tab=settings#store-shoppers`);
  await expect(small.locator("#store-shoppers").getByRole("status")).toBeVisible();
  await small.locator("#store-shoppers").scrollIntoViewIfNeeded();
  await shot(small, "store-contact-pending-phone");

  // The link, from the mailbox, opened signed out: confirmed with the button.
  const mail = await mailbox.mailTo(address, /Confirm the contact address of Kontaktverket/);
  const link = /(https?:\/\/\S+\/confirm-contact-email\?\S+)/.exec(mail.text ?? "")?.[1];
  expect(link).toBeTruthy();
  const stranger = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await stranger.goto(new URL(link as string).pathname + new URL(link as string).search);
  await shot(stranger, "contact-confirm-phone");
  await stranger.getByRole("button", { name: "Confirm address" }).click();
  await expect(stranger.getByRole("status")).toContainText(
    `${address} is now the contact address of Kontaktverket`,
  );
  await shot(stranger, "contact-confirmed-phone");

  // The storefront is Norwegian now, and its terms give the address.
  await stranger.goto(`/s/${store.slug}/terms`);
  await expect(stranger.locator("html")).toHaveAttribute("lang", "nb");
  await expect(stranger.getByText(`E-post: ${address}`)).toBeVisible();
  await stranger.close();

  await page.reload();
  await expect(page.locator("#store-shoppers").getByRole("status")).toHaveCount(0);
  await expect(checklist).toContainText("2 of 5 done");

  // QR codes, in the store: this store's codes only, and a new code is linked to it.
  const other = await createStoreThroughApi(page.request, "Andreverket");
  const own = await page.request.post("/api/qr-codes", {
    data: { code: "kontakt-disk", url: `http://localhost/s/${store.slug}`, storeId: store.id },
  });
  expect(own.ok()).toBe(true);
  const elsewhere = await page.request.post("/api/qr-codes", {
    data: { code: "andre-disk", url: `http://localhost/s/${other.slug}`, storeId: other.id },
  });
  expect(elsewhere.ok()).toBe(true);
  await page.getByRole("tab", { name: "QR codes" }).click();
  await expect(page).toHaveURL(/tab=qr/);
  await expect(page.getByRole("button", { name: /New|Create/ }).first()).toBeVisible();
  await expect(page.getByRole("cell", { name: "kontakt-disk" })).toBeVisible();
  await expect(page.getByRole("cell", { name: "andre-disk" })).toHaveCount(0);
  await expect(page.getByLabel("Store", { exact: true })).toContainText("Kontaktverket");
  await shot(page, "store-qr-desktop");
  await small.goto(`/stores/${store.id}?tab=qr`);
  await expect(small.getByRole("tab", { name: "QR codes" })).toHaveAttribute("aria-selected", "true");
  await shot(small, "store-qr-phone");
  await small.context().close();
  expect(seller.email).toBeTruthy();
});
