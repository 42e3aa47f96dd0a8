import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { expectNoSeriousViolations } from "./axe";
import { recordPageErrors, seedShop, signInSharedSeller, uniqueEmail } from "./helpers";
import { openMailbox } from "./mailbox";

/**
 * Issue 29 item 4 (decision 0076): an order placed with a discount code shows the code and the amount in
 * the seller's order list and dialog, and on the receipt e-mail the shopper gets. The order is placed
 * through the API, as the storefront's checkout would place it: the shop's own code field is its own
 * journey.
 */
let mailbox: Awaited<ReturnType<typeof openMailbox>>;
test.beforeAll(async () => {
  mailbox = await openMailbox();
});
test.afterAll(() => mailbox.close());

const DESKTOP = { viewport: { width: 1280, height: 900 } };
const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };

/** A shop with a 10 % code, and a shopper's order of one mug (349 kr) with it, in another case: 34.90 off. */
async function discountedOrder(request: APIRequestContext) {
  const shop = await seedShop(request, "Rabattverkstedet");
  await signInSharedSeller(request);
  const code = await request.post(`/api/stores/${shop.id}/discounts`, {
    data: { code: "SOMMER10", kind: "percent", value: 10 },
  });
  expect(code.status(), await code.text()).toBe(201);
  const products = (await (await request.get(`/api/stores/${shop.id}/products`)).json()) as {
    id: string;
    title: string;
  }[];
  const mug = products.find((product) => product.title === "Sea-green mug");
  const shopper = uniqueEmail("rabatt");
  const placed = await request.post("/api/orders", {
    data: {
      storeId: shop.id,
      buyerEmail: shopper,
      shipToName: "Nora Kunde",
      shipToPhone: "913 45 678",
      items: [{ productId: mug?.id, qty: 1 }],
      discountCode: "sommer10",
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const order = (await placed.json()) as { id: string; discountCode: string; discountTotal: string };
  expect(order).toMatchObject({ discountCode: "SOMMER10", discountTotal: "34.90" });
  return { shop, shopper, order, number: order.id.slice(0, 8) };
}

async function sellerSeesTheDiscount(page: Page, number: string, phone: boolean) {
  await page.goto("/orders");
  const row = page.locator("li").filter({ hasText: `#${number}` });
  // The first page of a cold server on a busy machine may take a while.
  await expect(row.getByTestId("order-discount-mark")).toHaveText("DiscountSOMMER10", { timeout: 30_000 });
  // The list shows the order's total after the discount: 349 − 34.90 = 314.10, shown as 314 kr.
  await expect(row.getByText("314 kr", { exact: true })).toBeVisible();
  await row.getByRole("button", { name: `View order details for #${number}` }).click();
  const dialog = page.getByRole("dialog");
  const discount = dialog.getByTestId(phone ? "order-discount-phone" : "order-discount");
  await expect(discount).toBeVisible();
  await expect(discount).toContainText("Discount");
  await expect(discount).toContainText("SOMMER10");
  // Whole kroner on screen, as the lines: 35 kr off a 349 kr line is 314 kr.
  await expect(discount).toContainText("−35 kr");
  await expect(dialog.getByText("314 kr", { exact: true }).filter({ visible: true })).toBeVisible();
  return dialog;
}

for (const [device, use] of [
  ["desktop", DESKTOP],
  ["phone", PHONE],
] as const) {
  test.describe(device, () => {
    test.use(use);

    test(`${device}: an order with a discount code shows it in the seller's list and dialog, and on the receipt`, async ({
      page,
    }) => {
      // A shop, a code, an order, its mail, the dialog and analytics: more than one page's worth.
      test.slow();
      const pageErrors = recordPageErrors(page);
      const placed = await discountedOrder(page.request);
      const { shopper, number } = placed;

      // The receipt e-mail: the discount line with its code, exact to the øre, and the total after it.
      const receipt = await mailbox.mailTo(shopper, /^Your order [0-9a-f]{8} from Rabattverkstedet$/);
      const text = receipt.text ?? "";
      expect(text).toContain("Sea-green mug, 1 × 349.00 kr  349.00 kr");
      expect(text).toContain("Discount (SOMMER10)  −34.90 kr");
      expect(text).toMatch(/Total\s+314\.10 kr/);

      const dialog = await sellerSeesTheDiscount(page, number, device === "phone");
      await expectNoSeriousViolations(page, `order dialog with a discount, ${device}, light`);
      // Keyboard: the dialog closes with Escape.
      await page.keyboard.press("Escape");
      await expect(dialog).toBeHidden();

      // Paid: analytics counts it, the discount given beside the revenue after it.
      const { order, shop } = placed;
      const paid = await page.request.patch(`/api/orders/${order.id}/status`, { data: { status: "paid" } });
      expect(paid.status(), await paid.text()).toBe(200);
      await page.goto(`/analytics?store=${shop.id}`);
      // A stat card: its heading, in the header row, in the card.
      const card = (title: string) =>
        page.getByRole("heading", { name: title, exact: true }).locator("../..");
      await expect(card("Revenue")).toContainText("314 kr");
      await expect(card("Discounts given")).toContainText("35 kr");
      await expect(card("Gift cards sold")).toContainText("0 kr");
      expect(pageErrors).toEqual([]);
    });
  });
}
