import { randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";
import { createStoreThroughApi, recordPageErrors, signInSharedSeller, uniqueEmail } from "./helpers";
import { openMailbox } from "./mailbox";

/**
 * Issue 30 item 5 and 8 (decision 0077): a stall sale's receipt opened on the buyer's phone from its
 * address, sent by e-mail and read in the inbox, made a sales document with the buyer's name and
 * address; and the store page's notice once the stall's sales near the cash-register limit.
 */
let mailbox: Awaited<ReturnType<typeof openMailbox>>;
test.beforeAll(async () => {
  mailbox = await openMailbox();
});
test.afterAll(() => mailbox.close());

test.use({ viewport: { width: 390, height: 844 } });

test("a stall receipt: opened from its address, e-mailed, made a sales document", async ({ page }) => {
  test.setTimeout(120_000);
  const pageErrors = recordPageErrors(page);
  await signInSharedSeller(page.request);
  const store = await createStoreThroughApi(page.request, "Stallens Keramikk");
  const saved = await page.request.put(`/api/stores/${store.id}`, {
    data: { vatRate: 25, legalName: "Stallens Keramikk Hansen", orgNumber: "974760673" },
  });
  expect(saved.ok()).toBe(true);

  // A cash sale at the table, as the market screen sends it: 55 000 kr is 44 000 kr excluding MVA.
  const made = await page.request.post(`/api/stores/${store.id}/sales`, {
    data: {
      clientSaleId: randomUUID(),
      soldAt: new Date().toISOString(),
      items: [{ title: "Stort fat", unitPrice: "55000", qty: 1 }],
      payment: { method: "cash", amountGiven: "55000" },
    },
  });
  expect(made.status()).toBe(201);
  const sale = (await made.json()) as { id: string; receiptNumber: number; receiptUrl: string };

  // The buyer scans the QR code: the receipt's page, in their phone's language.
  await page.goto(new URL(sale.receiptUrl).pathname);
  await expect(page.getByRole("heading", { name: "Sales receipt", level: 1 })).toBeVisible();
  await expect(page.getByTestId("receipt-number")).toHaveText(`Receipt no. ${sale.receiptNumber}`);
  await expect(page.getByTestId("receipt-seller")).toContainText("Organisation number 974 760 673 MVA");
  await expect(page.getByTestId("receipt-vat")).toHaveText("11,000.00 kr");
  await expect(page.getByRole("button", { name: "Print" })).toBeVisible();

  // Sent by e-mail, the receipt is in the buyer's inbox with its page's link.
  const buyer = uniqueEmail("kjoper");
  const sent = await page.request.post(`/api/sales/${sale.id}/receipt`, { data: { email: buyer } });
  expect(sent.status()).toBe(202);
  const mail = await mailbox.mailTo(
    buyer,
    new RegExp(`^Receipt ${sale.receiptNumber} from Stallens Keramikk Hansen$`),
  );
  expect(mail.text).toContain("Stort fat");
  expect(mail.text).toContain(new URL(sale.receiptUrl).pathname);
  expect(mail.replyTo?.text).toBeTruthy();

  // The seller adds the buyer's name and address: the page is a sales document.
  const withBuyer = await page.request.put(`/api/sales/${sale.id}/buyer`, {
    data: { name: "Kari Nordmann", address: "Fjordveien 2\n5003 Bergen" },
  });
  expect(withBuyer.ok()).toBe(true);
  await page.reload();
  await expect(page.getByRole("heading", { name: "Sales document", level: 1 })).toBeVisible();
  await expect(page.getByTestId("receipt-buyer")).toContainText("Kari Nordmann");

  // 44 000 kr of 50 000 kr: the store page warns of the cash-register limit, and says what Torg is not.
  await page.goto(`/stores/${store.id}`);
  const notice = page.getByTestId("thresholds-notice");
  await expect(notice).toBeVisible();
  await expect(notice.getByTestId("threshold-cashSalesExemption")).toHaveAttribute(
    "data-level",
    "approaching",
  );
  await expect(notice).toContainText("Torg is not a declared cash register system");
  expect(pageErrors).toEqual([]);
});
