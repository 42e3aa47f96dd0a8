import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { createStoreThroughApi, fakePaymentPorts, madePhoto, recordPageErrors, uniqueEmail } from "./helpers";
import { proveAddress } from "./mailbox";

/**
 * Issue item 3 (decision 0061): the bell lists what needs the seller. Two orders paid with Vipps and a
 * withdrawal are listed; the order whose payment was rejected in the Vipps app is not (it read "1 new
 * order", that one). Screenshots of the open bell, desktop and phone, light and dark, in .tmp/shots.
 */
const FAKES = fakePaymentPorts();
const SHOTS = ".tmp/shots";
const PASSWORD = "bells-and-kilns";

async function productOf(request: APIRequestContext, storeId: string, title: string) {
  const product = await request.post(`/api/stores/${storeId}/products`, {
    multipart: {
      title,
      basePrice: "349",
      stockQty: "100",
      blurb: `${title}, blown by hand.`,
      image: { name: "p.jpg", mimeType: "image/jpeg", buffer: await madePhoto([70, 110, 150]) },
    },
  });
  expect(product.status()).toBe(201);
  return ((await product.json()) as { id: string }).id;
}

async function order(
  request: APIRequestContext,
  storeId: string,
  productId: string,
  name: string,
  vipps: boolean,
) {
  const placed = await request.post("/api/orders", {
    data: {
      storeId,
      buyerEmail: "kunde@example.no",
      shipToName: name,
      shipToPhone: "+47 913 45 678",
      items: [{ productId, qty: 1 }],
      ...(vipps ? { paymentProvider: "vipps" } : {}),
    },
  });
  expect(placed.status()).toBe(201);
  const body = (await placed.json()) as { id: string; publicUrl: string; payment?: { redirectUrl: string } };
  const reference = body.payment ? (new URL(body.payment.redirectUrl).searchParams.get("token") ?? "") : "";
  return { id: body.id, token: body.publicUrl.split("/order/")[1] ?? "", reference };
}

/** What the shopper does in the Vipps app (the fake's landing page), which then calls Torg's webhook. */
async function inVippsApp(request: APIRequestContext, reference: string, choice: "approve" | "reject") {
  const answer = await request.post(`http://127.0.0.1:${FAKES.vipps}/landing/${choice}?token=${reference}`, {
    maxRedirects: 0,
  });
  expect(answer.status()).toBe(303);
}

async function shots(page: Page, name: string) {
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    await page.screenshot({ path: `${SHOTS}/bell-${name}-${colorScheme}.png` });
  }
  await page.emulateMedia({ colorScheme: "light" });
}

test("the bell lists the paid orders and the withdrawal, not the order whose payment was rejected", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const pageErrors = recordPageErrors(page);
  const email = uniqueEmail("bell");
  const request = page.request;
  expect(
    (
      await request.post("/api/register", { data: { fullName: "Bente Bjelle", email, password: PASSWORD } })
    ).status(),
  ).toBe(201);
  // Taking payments online waits for a proven address (decision 0065).
  await proveAddress(request, email);

  // A store paid with Vipps: two orders paid in the app, one rejected there.
  const glass = await createStoreThroughApi(request, "Fjordglass");
  const channel = await request.post(`/api/stores/${glass.id}/payment-channels`, {
    data: {
      provider: "vipps",
      externalId: "123456",
      isLive: true,
      expectedUpdatedAt: null,
      currentPassword: PASSWORD,
    },
  });
  expect(channel.status()).toBe(201);
  const bowl = await productOf(request, glass.id, "Grey bowl");
  const paid = [await order(request, glass.id, bowl, "Nora Kunde", true)];
  paid.push(await order(request, glass.id, bowl, "Ola Kjøper", true));
  const rejected = await order(request, glass.id, bowl, "Per Avvist", true);
  for (const one of paid) await inVippsApp(request, one.reference, "approve");
  await inVippsApp(request, rejected.reference, "reject");

  // A store paid by hand: an order sent, then withdrawn by its shopper.
  const clay = await createStoreThroughApi(request, "Leirstua");
  const cup = await productOf(request, clay.id, "Clay cup");
  const withdrawn = await order(request, clay.id, cup, "Siv Angrer", false);
  expect(
    (await request.patch(`/api/orders/${withdrawn.id}/status`, { data: { status: "fulfilled" } })).ok(),
  ).toBe(true);
  expect((await request.post(`/api/orders/by-token/${withdrawn.token}/withdrawal`, { data: {} })).ok()).toBe(
    true,
  );

  await page.setViewportSize({ width: 1280, height: 800 });
  const bell = page.getByRole("button", { name: /^Notifications/ });
  // The webhooks arrive on their own time.
  await expect(async () => {
    await page.goto("/");
    await expect(bell.first()).toHaveAccessibleName("Notifications, 3 new", { timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  await expect(page.getByText("New Orders")).toBeVisible();

  await bell.first().click();
  const list = page.getByRole("dialog").getByRole("list");
  await expect(list.getByRole("link")).toHaveCount(3);
  await expect(list.getByRole("link", { name: /New order at Fjordglass/ })).toHaveCount(2);
  await expect(list.getByRole("link", { name: /Purchase withdrawn at Leirstua/ })).toHaveCount(1);
  for (const one of [...paid, withdrawn])
    await expect(list.locator(`a[href="/order/${one.id}"]`)).toHaveCount(1);
  await expect(list.locator(`a[href="/order/${rejected.id}"]`)).toHaveCount(0);
  await expect(list.getByText("Per Avvist")).toHaveCount(0);
  await shots(page, "desktop");
  await page.keyboard.press("Escape");

  // Another payment arrives; the seller looks on the phone: one new, the rest seen.
  const later = await order(request, glass.id, bowl, "Kari Senere", true);
  await inVippsApp(request, later.reference, "approve");
  const phoneContext = await browser.newContext({
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
  });
  const phone = await phoneContext.newPage();
  expect((await phone.request.post("/api/login", { data: { email, password: PASSWORD } })).ok()).toBe(true);
  const phoneBell = phone.getByRole("button", { name: /^Notifications/ });
  await expect(async () => {
    await phone.goto("/");
    await expect(phoneBell.first()).toHaveAccessibleName("Notifications, 1 new", { timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  await phoneBell.first().click();
  await expect(phone.getByRole("dialog").getByRole("link", { name: /New order at Fjordglass/ })).toHaveCount(
    3,
  );
  await shots(phone, "phone");
  await phoneContext.close();
  expect(pageErrors).toEqual([]);
});
