import { randomUUID } from "node:crypto";
import { expect, type Locator, type Page, test } from "@playwright/test";
import type { DomainView } from "../src/shared/domains";
import { expectNoSeriousViolations } from "./axe";
import {
  createStoreThroughApi,
  expectToast,
  fakePaymentPorts,
  recordPageErrors,
  signInSharedSeller,
} from "./helpers";

/**
 * Issue 32 item 2 (decision 0080): the seller adds their own domain in the store's settings, is shown the
 * DNS records to set, sets them (here: the journey writes them into the local DNS server the journey's
 * Torg asks, through its HTTP control, as a registrar's DNS page would) and presses "Check now": the domain
 * is verified and the shop's link at the domain is shown. A www name gets a CNAME, an apex A/AAAA records.
 */
const SHOTS = ".tmp/shots";
const PORT = Number(process.env.E2E_PORT ?? 3100);
const DNS_CONTROL = `http://127.0.0.1:${fakePaymentPorts().dnsControl}/_fake/dns/records`;

async function shots(card: Locator, page: Page, name: string) {
  // The toasts fade out first: they would cover the card on a phone.
  await expect(page.locator("li[data-state='open']")).toHaveCount(0, { timeout: 20_000 });
  // The sticky top bar would be drawn over a card taller than the window as it is scrolled through.
  await page
    .locator("header")
    .first()
    .evaluate((header) => {
      header.style.position = "static";
    });
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    await card.screenshot({ path: `${SHOTS}/${name}-${colorScheme}.png` });
  }
  await page.emulateMedia({ colorScheme: "light" });
}

/** The records Torg showed for `domain`, as the seller would copy them, set in the local DNS server. */
async function setRecordsAtRegistrar(page: Page, storeId: string, domain: string) {
  const listed = await page.request.get(`/api/stores/${storeId}/domains`);
  const view = ((await listed.json()) as DomainView[]).find((entry) => entry.domain === domain);
  expect(view).toBeDefined();
  const set = await page.request.post(DNS_CONTROL, { data: { records: view?.records } });
  expect(set.status()).toBe(200);
  return view as DomainView;
}

for (const viewport of [
  { name: "desktop", width: 1280, height: 900 },
  { name: "phone", width: 390, height: 844 },
]) {
  test(`${viewport.name}: a seller connects www and apex domains and sees them verified`, async ({
    page,
    context,
  }) => {
    test.setTimeout(120_000);
    const errors = recordPageErrors(page);
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.setViewportSize(viewport);
    await signInSharedSeller(page.request);
    const store = await createStoreThroughApi(page.request, "Keramikk Kari");
    const name = `keramikkari-${randomUUID().slice(0, 8)}`;
    const www = `www.${name}.test`;
    const apex = `${name}.test`;

    await page.goto(`/stores/${store.id}?tab=settings`);
    const card = page.locator("#store-domains");
    // The settings tab loads several cards at once: on a busy machine that takes a while.
    await expect(card.getByText("Your own domain")).toBeVisible({ timeout: 30_000 });

    // Not a domain: said beside the field, nothing sent.
    await card.getByLabel("Your domain").fill("keramikk kari");
    await card.getByRole("button", { name: "Add domain" }).click();
    await expect(card.getByText("Enter a domain name, such as keramikkari.no")).toBeVisible();

    // www: a TXT record and a CNAME to Torg's host.
    await card.getByLabel("Your domain").fill(`https://${www.toUpperCase()}/`);
    await card.getByRole("button", { name: "Add domain" }).click();
    await expectToast(page, "Domain added");
    const wwwEntry = card.getByRole("region", { name: www, exact: true });
    await expect(wwwEntry.getByText("Waiting for DNS")).toBeVisible();
    await expect(wwwEntry.getByText(`_torg-verify.${www}`)).toBeVisible();
    await expect(wwwEntry.getByText("CNAME", { exact: true })).toBeVisible();
    await expect(wwwEntry.getByText("The TXT record was not found yet", { exact: false })).toBeVisible();
    await wwwEntry.getByRole("button", { name: "Copy TXT record's Value" }).click();
    await expectToast(page, "Copied to clipboard");
    const shown = await setRecordsAtRegistrar(page, store.id, www);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(shown.records[0]?.value);
    await expect(wwwEntry.getByText(shown.records[0]?.value ?? "")).toBeVisible();
    await shots(card, page, `own-domain-pending-${viewport.name}`);

    await wwwEntry.getByRole("button", { name: "Check now" }).click();
    await expect(wwwEntry.getByText("Connected", { exact: true })).toBeVisible();
    const link = wwwEntry.getByRole("link", { name: www });
    await expect(link).toHaveAttribute("href", `http://${www}:${PORT}/`);
    await expect(wwwEntry.getByText("Main address")).toBeVisible();

    // The apex: A and AAAA records with the addresses of Torg's host (here loopback).
    await card.getByLabel("Add another domain").fill(apex);
    await card.getByRole("button", { name: "Add domain" }).click();
    const apexEntry = card.getByRole("region", { name: apex, exact: true });
    await expect(apexEntry.getByText("Waiting for DNS")).toBeVisible();
    await expect(apexEntry.getByText("127.0.0.1", { exact: true })).toBeVisible();
    await expect(apexEntry.getByText("::1", { exact: true })).toBeVisible();
    await setRecordsAtRegistrar(page, store.id, apex);
    await apexEntry.getByRole("button", { name: "Check now" }).click();
    await expect(apexEntry.getByText("Connected", { exact: true })).toBeVisible();
    await expect(apexEntry.getByRole("link", { name: apex })).toHaveAttribute(
      "href",
      `http://${apex}:${PORT}/`,
    );
    await expect(apexEntry.getByText("(sends visitors on to your main address)")).toBeVisible();
    await shots(card, page, `own-domain-verified-${viewport.name}`);
    await expectNoSeriousViolations(page, "the own-domain settings");

    // Removing asks first; the dialog is answered with the keyboard (focus starts on Cancel).
    await apexEntry.getByRole("button", { name: "Remove" }).click();
    const dialog = page.getByRole("alertdialog");
    await expect(dialog).toContainText(`Remove ${apex}?`);
    await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(dialog.getByRole("button", { name: "Remove" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expectToast(page, "Domain removed");
    await expect(apexEntry).toHaveCount(0);
    await expect(wwwEntry.getByText("Connected", { exact: true })).toBeVisible();

    for (const domain of [www, `_torg-verify.${www}`, apex, `_torg-verify.${apex}`]) {
      await page.request.delete(`${DNS_CONTROL}?name=${encodeURIComponent(domain)}`);
    }
    expect(errors).toEqual([]);
  });
}
