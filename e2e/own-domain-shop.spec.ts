import { randomUUID } from "node:crypto";
import { expect, type Page, test } from "@playwright/test";
import config from "../playwright.config";
import type { DomainView } from "../src/shared/domains";
import { fakePaymentPorts, recordPageErrors, seedShop, signInSharedSeller, uniqueEmail } from "./helpers";

/**
 * Issue 32 items 2 and 4 (decision 0080): a seller's store, its domain verified through the API and the
 * journey's local DNS server, is served at that domain. A shopper's Chromium maps the name to loopback
 * (`--host-resolver-rules`), opens the shop at the domain's root, opens a product, adds it to the cart,
 * reloads (the cart is kept in the browser's storage, no third-party cookie), checks out and lands on
 * her order page on the domain. Torg's `/s/{slug}` sends to the domain; a name nobody verified gets 421.
 */
const SHOTS = process.env.SHOTS_DIR ?? ".tmp/shots";
const PORT = Number(process.env.E2E_PORT ?? 3100);
const DNS_CONTROL = `http://127.0.0.1:${fakePaymentPorts().dnsControl}/_fake/dns/records`;
const DOMAIN = `keramikkari-${randomUUID().slice(0, 8)}.test`;
const SHOP = `http://${DOMAIN}:${PORT}`;

const launch = config.use?.launchOptions ?? {};
test.use({
  launchOptions: {
    ...launch,
    args: [...(launch.args ?? []), `--host-resolver-rules=MAP ${DOMAIN} 127.0.0.1`],
  },
});

async function shoot(page: Page, name: string) {
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.screenshot({ path: `${SHOTS}/own-domain-shop-${name}-${scheme}.png` });
  }
  await page.emulateMedia({ colorScheme: "light" });
}

/** The seller's shop, its domain added, its records set at the "registrar" (the DNS server) and checked. */
async function shopAtDomain(page: Page) {
  const shop = await seedShop(page.request, "Keramikk Kari");
  await signInSharedSeller(page.request);
  const added = await page.request.post(`/api/stores/${shop.id}/domains`, { data: { domain: DOMAIN } });
  expect(added.status()).toBe(201);
  const view = (await added.json()) as DomainView & { id: string };
  expect((await page.request.post(DNS_CONTROL, { data: { records: view.records } })).status()).toBe(200);
  const checked = await page.request.post(`/api/domains/${view.id}/check`);
  expect(((await checked.json()) as DomainView).status).toBe("verified");
  await page.request.post("/api/logout");
  return shop;
}

test("a shopper buys at the shop's own domain, with the cart kept and the order page there", async ({
  page,
}) => {
  test.setTimeout(180_000);
  const errors = recordPageErrors(page);
  const shop = await shopAtDomain(page);

  // Torg's address of the shop sends to the domain.
  const moved = await page.request.get(`/s/${shop.slug}`, { maxRedirects: 0 });
  expect(moved.status()).toBe(301);
  expect(moved.headers().location).toBe(`${SHOP}/`);
  // A name nobody verified is refused, never another store's page.
  const stranger = await page.request.get(`http://127.0.0.1:${PORT}/`, {
    headers: { host: `nobody-${randomUUID().slice(0, 6)}.test:${PORT}` },
    maxRedirects: 0,
  });
  expect(stranger.status()).toBe(421);

  for (const viewport of [
    { name: "desktop", width: 1280, height: 900 },
    { name: "phone", width: 390, height: 844 },
  ]) {
    await page.setViewportSize(viewport);
    await page.goto(`${SHOP}/`);
    await expect(page.getByRole("heading", { name: "Keramikk Kari", level: 1 })).toBeVisible();
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${SHOP}/`);
    await shoot(page, `storefront-${viewport.name}`);
  }

  await page.getByRole("link", { name: "Sea-green mug" }).click();
  await expect(page).toHaveURL(new RegExp(`^${SHOP}/products/[0-9a-f-]{36}$`));
  await page.getByRole("button", { name: "Add to Cart", exact: true }).first().click();
  await expect(page.getByRole("button", { name: /Open cart, 1 item/ }).first()).toBeVisible();
  await page.reload();
  await page
    .getByRole("button", { name: /Open cart, 1 item/ })
    .first()
    .click();
  await page.getByRole("dialog").getByRole("button", { name: "Proceed to Checkout" }).click();
  const checkout = page.getByRole("dialog", { name: "Complete Your Order" });
  await checkout.getByLabel("Name").fill("Nora Kunde");
  await checkout.getByLabel("Email").fill(uniqueEmail("nora"));
  await checkout.getByLabel("Phone").fill("913 45 678");
  await checkout.getByLabel(/I accept the terms of sale/).check();
  await checkout.getByRole("button", { name: /Place Order/ }).click();
  await expect(page.getByText("Thank you for your order!")).toBeVisible();
  await page.getByRole("link", { name: "See your order" }).click();
  await expect(page).toHaveURL(new RegExp(`^${SHOP}/order/[^/]+$`));
  await expect(page.getByText("Sea-green mug").first()).toBeVisible();
  await shoot(page, "order-phone");
  await page.setViewportSize({ width: 1280, height: 900 });
  await shoot(page, "order-desktop");

  await page.request.delete(`${DNS_CONTROL}?name=${encodeURIComponent(DOMAIN)}`);
  await page.request.delete(`${DNS_CONTROL}?name=${encodeURIComponent(`_torg-verify.${DOMAIN}`)}`);
  // Chromium ignores (and says so) the Cross-Origin-Opener-Policy header of a plain-http origin other than
  // localhost: the journey serves the domain over http, the public site serves it over https.
  expect(
    errors.filter((error) => !error.startsWith("The Cross-Origin-Opener-Policy header has been ignored")),
  ).toEqual([]);
});
