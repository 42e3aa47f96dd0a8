import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { expectNoSeriousViolations } from "./axe";
import { connectBring } from "./bring";
import { createStoreThroughApi, madePhoto, recordPageErrors, signInSharedSeller } from "./helpers";

/**
 * Issue 31 item 3 (decision 0079): the seller opens a paid order of a store connected to Bring (the local
 * fake), books the parcel with the service they choose, sees the tracking number and opens the label PDF,
 * on a desktop and a phone. Seeded through the API: a flat parcel option's order, paid by hand.
 */
const SHOTS = ".tmp/shots";

async function shots(page: Page, name: string) {
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    await page.getByTestId("order-shipment").screenshot({ path: `${SHOTS}/${name}-${colorScheme}.png` });
  }
  await page.emulateMedia({ colorScheme: "light" });
}

/** A store connected to the Bring fake, with a mug and a flat parcel option, and a paid order of it. */
async function paidParcelOrder(request: APIRequestContext) {
  await signInSharedSeller(request);
  const store = await createStoreThroughApi(request, "Leirverkstedet");
  await connectBring(request, { id: store.id, name: "Leirverkstedet" });
  const options = await request.put(`/api/stores/${store.id}/delivery-options`, {
    data: [{ name: "Pakke", kind: "parcel", price: "99" }],
  });
  expect(options.status()).toBe(200);
  const [parcel] = (await options.json()) as { id: string }[];
  const added = await request.post(`/api/stores/${store.id}/products`, {
    multipart: {
      title: "Grønn kopp",
      basePrice: "349",
      image: { name: "p.jpg", mimeType: "image/jpeg", buffer: await madePhoto([60, 140, 110]) },
    },
  });
  expect(added.status()).toBe(201);
  const mug = (await added.json()) as { id: string };
  const placed = await request.post("/api/orders", {
    headers: { "x-forwarded-for": "10.31.3.1" },
    data: {
      storeId: store.id,
      buyerEmail: "nora@example.no",
      shipToName: "Nora Kunde",
      shipToPhone: "+47 912 34 567",
      deliveryOptionId: parcel?.id,
      shipToAddr: { street: "Karl Johans gate 5", post: "0154", city: "Oslo" },
      items: [{ productId: mug.id, qty: 1 }],
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const order = (await placed.json()) as { id: string };
  const paid = await request.patch(`/api/orders/${order.id}/status`, { data: { status: "paid" } });
  expect(paid.status(), await paid.text()).toBe(200);
  return { store, order };
}

for (const viewport of [
  { name: "desktop", width: 1280, height: 900 },
  { name: "phone", width: 390, height: 844 },
]) {
  test(`the seller books a paid order's parcel with Bring and opens its label (${viewport.name})`, async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const pageErrors = recordPageErrors(page);
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    const { store, order } = await paidParcelOrder(page.request);
    const number = order.id.slice(0, 8);

    await page.goto(`/stores/${store.id}/orders`);
    await page.getByRole("button", { name: `View order details for #${number}` }).click();
    const dialog = page.getByRole("dialog");
    const shipping = dialog.getByTestId("order-shipment");
    await expect(shipping.getByRole("heading", { name: "Shipping" })).toBeVisible();
    await expect(shipping).toContainText("Karl Johans gate 5");
    // A flat parcel option: the seller picks Bring's service (home services only).
    const service = shipping.getByLabel("Bring service");
    await expect(service.locator("option")).toHaveText(["Parcel in the mailbox", "Parcel delivered home"]);
    await service.selectOption({ label: "Parcel delivered home" });
    await shipping.scrollIntoViewIfNeeded();
    if (viewport.name === "desktop") await shots(page, "bring-booking-before");

    await shipping.getByRole("button", { name: "Book shipment" }).click();
    const tracking = shipping.getByTestId("shipment-tracking");
    await expect(tracking).toHaveText(/70438101\d{9}/);
    await expect(tracking).toHaveAttribute("href", /\/_fake\/sporing\/70438101\d{9}$/);
    await expect(shipping.getByTestId("shipment-state")).toHaveText("Booked");
    // Booking sent the order: the dialog's status says so.
    await expect(dialog.getByText("Fulfilled").first()).toBeVisible();
    await expectNoSeriousViolations(page, "the order dialog with a booked parcel");
    await shipping.scrollIntoViewIfNeeded();
    await shots(page, `bring-booking-${viewport.name}`);

    // "Print label" opens the PDF in a new tab.
    const label = shipping.getByRole("link", { name: /Print label/ });
    await expect(label).toHaveAttribute("target", "_blank");
    const href = (await label.getAttribute("href")) ?? "";
    expect(href).toBe(`/api/orders/${order.id}/shipment/label`);
    const pdfResponse = page.context().waitForEvent("response", (response) => response.url().endsWith(href));
    await label.click();
    const response = await pdfResponse;
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe("application/pdf");
    const pdf = await page.request.get(href);
    expect((await pdf.body()).subarray(0, 4).toString()).toBe("%PDF");

    // Several at once: the seller ticks the booked order in the list and prints one PDF.
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await page.getByRole("checkbox", { name: `Choose order ${number} for printing labels` }).check();
    const bar = page.getByTestId("print-labels-bar");
    await expect(bar).toContainText("1 label chosen");
    const merged = page.waitForResponse((answer) =>
      answer.url().endsWith(`/api/stores/${store.id}/shipments/labels`),
    );
    const tab = page.waitForEvent("popup");
    await bar.getByRole("button", { name: "Print labels" }).click();
    const mergedAnswer = await merged;
    expect(mergedAnswer.status()).toBe(200);
    expect(mergedAnswer.headers()["content-type"]).toBe("application/pdf");
    await (await tab).close();
    expect(pageErrors).toEqual([]);
  });
}
