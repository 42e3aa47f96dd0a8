import fs from "node:fs";
import { expect, test } from "@playwright/test";
import { expectToast, openUserMenu, photo, registerThroughUi, uniqueEmail } from "./helpers";

test("a seller works from the admin dashboard: real product counts, QR codes end to end and AI log details", async ({
  page,
}) => {
  await registerThroughUi(page, "Astrid Atelier", uniqueEmail("astrid"), "admin-dashboard-pass");
  const suffix = Date.now().toString(36);
  const store = await (
    await page.request.post("/api/stores", { data: { name: "Astrids Atelier", slug: `astrid-${suffix}` } })
  ).json();
  for (const title of ["Stoneware mug", "Ash-glazed bowl"]) {
    const created = await page.request.post(`/api/stores/${store.id}/products`, {
      multipart: {
        title,
        blurb: "Wheel-thrown in Bergen.",
        basePrice: "450",
        image: photo("coffee-cup.jpg"),
      },
    });
    expect(created.status()).toBe(201);
  }
  // One AI call for the store, so the AI Logs tab has a row to open.
  const analysis = await page.request.post("/api/products/analyze", {
    multipart: { storeId: store.id, productImage: photo("coffee-cup.jpg") },
  });
  expect(analysis.status()).toBe(200);

  // The user menu leads to the dashboard; the Stores tab shows the real product count (decision 0010).
  await openUserMenu(page);
  await page.getByRole("menuitem", { name: "Admin Dashboard" }).click();
  await expect(page.getByRole("heading", { name: "Admin Dashboard", level: 1 })).toBeVisible();
  for (const name of ["Back to Home", "Quick Create", "New Store"])
    await expect(page.getByRole("link", { name })).toBeVisible();
  const storeRow = page.getByRole("row", { name: /Astrids Atelier/ });
  await expect(storeRow.getByRole("cell", { name: "2", exact: true })).toBeVisible();
  await expect(storeRow.getByRole("link", { name: "Edit Astrids Atelier" })).toHaveAttribute(
    "href",
    `/store-edit/${store.id}`,
  );

  // Create a QR code in the side form; it appears in the table, with its preview in the form.
  await page.getByRole("tab", { name: "QR Codes" }).click();
  await expect(page).toHaveURL(/tab=qr-codes/);
  await expect(page.getByText("No QR codes yet")).toBeVisible();
  const code = `astrid-${suffix}`;
  await page.getByLabel("Code text").fill(code);
  await page.getByLabel("URL", { exact: true }).fill("not a web address");
  await page.getByRole("button", { name: "Create QR Code" }).click();
  await expect(page.getByText("Enter a full web address starting with https:// or http://")).toBeVisible();
  await page.getByLabel("URL", { exact: true }).fill(`https://torg.example.no/s/astrid-${suffix}`);
  await page.getByRole("combobox", { name: "Store" }).click();
  await page.getByRole("option", { name: "Astrids Atelier" }).click();
  await page.getByRole("button", { name: "Create QR Code" }).click();
  await expectToast(page, "QR code created");
  const qrRow = page.getByRole("row", { name: new RegExp(code) });
  await expect(qrRow).toBeVisible();
  await expect(qrRow.getByText("Astrids Atelier")).toBeVisible();
  await expect(qrRow.getByText("Active", { exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Edit QR Code" })).toBeVisible();
  const preview = page.getByRole("img", { name: `QR code ${code}` });
  await expect(preview).toBeVisible();
  await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(200);

  // A reload keeps the tab.
  await page.reload();
  await expect(page.getByRole("tab", { name: "QR Codes" })).toHaveAttribute("aria-selected", "true");

  // Print opens a page with the 500 px image.
  const popupOpened = page.waitForEvent("popup");
  await page.getByRole("button", { name: `Print ${code}` }).click();
  const printView = await popupOpened;
  const printed = printView.getByRole("img", { name: `QR code ${code}` });
  await expect(printed).toHaveAttribute("src", new RegExp(`/api/qr-codes/${code}/image\\?size=500`));
  await expect.poll(() => printed.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(500);
  await printView.close();

  // Download SVG gives an SVG file named after the code.
  const downloadStarted = page.waitForEvent("download");
  await page.getByRole("link", { name: `Download ${code} as SVG` }).click();
  const download = await downloadStarted;
  expect(download.suggestedFilename()).toBe(`torg-${code}.svg`);
  const svg = fs.readFileSync(await download.path(), "utf8");
  expect(svg.trimStart()).toMatch(/^(<svg|<\?xml)/);

  // An AI log row opens its details from the keyboard.
  await page.getByRole("tab", { name: "AI Logs" }).click();
  const logRow = page.getByRole("row", { name: /Show details of the call/ }).first();
  await expect(logRow).toBeVisible();
  await expect(logRow.getByText("/api/products/analyze")).toBeVisible();
  await logRow.focus();
  await page.keyboard.press("Enter");
  const details = page.getByRole("dialog", { name: "AI call details" });
  await expect(details.getByRole("heading", { name: "Prompt" })).toBeVisible();
  await expect(details.getByText(/"title": "Handmade cup"/)).toBeVisible();
  await expect(details.getByText("No error.")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(details).toBeHidden();

  // Delete the QR code behind the confirm dialog.
  await page.getByRole("tab", { name: "QR Codes" }).click();
  await page.getByRole("button", { name: `Delete ${code}` }).click();
  const confirm = page.getByRole("alertdialog");
  await expect(
    confirm.getByText(`${code} stops working for everyone who scans it.`, { exact: false }),
  ).toBeVisible();
  await confirm.getByRole("button", { name: "Delete QR Code" }).click();
  await expectToast(page, "QR code deleted");
  await expect(qrRow).toBeHidden();
  await expect(page.getByText("No QR codes yet")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Create QR Code" })).toBeVisible();
});
