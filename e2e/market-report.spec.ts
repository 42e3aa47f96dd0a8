import { randomUUID } from "node:crypto";
import fs from "node:fs";
import { expect, test } from "@playwright/test";
import { createStoreThroughApi, madePhoto, signInSharedSeller } from "./helpers";

/**
 * Issue 30, the stall's back office on a 390×844 phone: the seller opens a market with its opening cash,
 * two sales are made at it (cash and the card terminal, through the API as the market screen sends them),
 * the seller gives one mug of the cash sale back, and the market's report adds up: the cash it expects
 * (opening + cash sales − cash paid out) against what was counted at closing; the CSV downloads.
 */
test("a seller opens a market, refunds a line and reads the market's report (phone)", async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 844 });
  const { request } = page;
  await signInSharedSeller(request);
  const store = await createStoreThroughApi(request, "Julebua");
  expect((await request.put(`/api/stores/${store.id}`, { data: { vatRate: 25 } })).ok()).toBe(true);
  const added = await request.post(`/api/stores/${store.id}/products`, {
    multipart: {
      title: "Sea-green mug",
      basePrice: "349",
      stockQty: "10",
      image: { name: "p.jpg", mimeType: "image/jpeg", buffer: await madePhoto([63, 120, 100]) },
    },
  });
  expect(added.status()).toBe(201);
  const mug = (await added.json()) as { id: string };

  await page.goto(`/stores/${store.id}/market/sales`);
  await expect(page.getByRole("heading", { name: "Stall sales" })).toBeVisible();
  await expect(page.getByText("No sales this day")).toBeVisible();
  await page.getByRole("button", { name: "Open a market" }).click();
  await page.getByLabel("Name").fill("Christmas market");
  await page.getByLabel("Opening cash (kr)").fill("500");
  await page.getByRole("dialog").getByRole("button", { name: "Open a market" }).click();
  await expect(page.getByText("Open since")).toBeVisible();

  const [market] = (await (await request.get(`/api/stores/${store.id}/market-sessions`)).json()) as {
    id: string;
  }[];
  const sell = async (qty: number, payment: Record<string, string>) => {
    const sold = await request.post(`/api/stores/${store.id}/sales`, {
      data: {
        clientSaleId: randomUUID(),
        soldAt: new Date().toISOString(),
        sessionId: market?.id,
        items: [{ productId: mug.id, qty }],
        payment,
      },
    });
    expect(sold.status()).toBe(201);
  };
  await sell(2, { method: "cash", amountGiven: "700" });
  await sell(1, { method: "card_terminal" });
  await page.reload();
  await expect(page.getByRole("heading", { name: "2 sales" })).toBeVisible();

  // The cash sale: give one of its two mugs back, in stock again.
  await page.getByRole("button", { name: /2 × Sea-green mug/ }).click();
  await page.getByRole("button", { name: "Refund" }).click();
  await page.getByRole("button", { name: "One fewer Sea-green mug" }).click();
  await expect(page.getByText("Pay out 349.00 kr in cash.").first()).toBeVisible();
  await page.getByRole("button", { name: "Refund…" }).click();
  const confirm = page.getByRole("alertdialog");
  await expect(confirm.getByRole("heading", { name: "Refund 349.00 kr?" })).toBeVisible();
  await confirm.getByRole("button", { name: "Refund", exact: true }).click();
  await expect(page.getByRole("dialog").getByText("Partly refunded")).toBeVisible();
  await page.keyboard.press("Escape");

  // Close the market with the cash counted: 500 + 698 − 349 = 849 expected, 850 counted.
  await page.getByRole("button", { name: "Close the market" }).click();
  await expect(page.getByRole("dialog").getByText("849.00 kr")).toBeVisible();
  await page.getByLabel("Counted cash (kr)").fill("850");
  await page.getByRole("dialog").getByRole("button", { name: "Close the market" }).click();
  await expect(page.getByText("No market open")).toBeVisible();

  await page.getByRole("link", { name: "Day report" }).click();
  await page.getByLabel("Or a market").selectOption(market?.id ?? "");
  const report = page.locator("#day-report");
  await expect(report.getByRole("heading", { name: /Christmas market/ })).toBeVisible();
  await expect(report.getByText("1,047.00 kr").first()).toBeVisible();
  await expect(report.getByRole("definition").filter({ hasText: "849.00 kr" })).toBeVisible();
  await expect(report.getByText("+1.00 kr")).toBeVisible();

  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download CSV" }).click();
  const csv = fs.readFileSync((await (await downloading).path()) ?? "", "utf8");
  expect(csv.startsWith("\uFEFFMarket report: Christmas market")).toBe(true);
  expect(csv).toContain("Expected cash;849,00\r\n");
  expect(csv).toContain("Difference (counted − expected);1,00\r\n");
});
