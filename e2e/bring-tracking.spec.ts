import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { expectNoSeriousViolations } from "./axe";
import { connectBring } from "./bring";
import {
  createStoreThroughApi,
  fakePaymentPorts,
  madePhoto,
  recordPageErrors,
  signInSharedSeller,
} from "./helpers";

/**
 * Issue 31 item 4 (decision 0079): the seller books a pick-up order's parcel with Bring (the local fake),
 * Bring says it has arrived at the pick-up point, and the shopper's order page, read by the tracking
 * worker within seconds (BRING_TRACKING_POLL_MINUTES=0.05 in playwright.config.ts), says "Ready for
 * pick-up at Coop Mega Storgata" with the events, on a phone and a desktop. Seeded through the API; the
 * fake's own control (`POST /_fake/tracking/{number}`) moves the parcel.
 */
const SHOTS = ".tmp/shots";
const FAKE_BRING = `http://127.0.0.1:${fakePaymentPorts().bring}`;
const POINT = { id: "101551", name: "Coop Mega Storgata" };

async function shots(page: Page, name: string) {
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    await page.screenshot({ path: `${SHOTS}/${name}-${colorScheme}.png`, fullPage: true });
  }
  await page.emulateMedia({ colorScheme: "light" });
}

/** A store connected to the Bring fake with a mug, an order to the pick-up point, paid and booked. */
async function bookedPickupOrder(request: APIRequestContext) {
  await signInSharedSeller(request);
  const store = await createStoreThroughApi(request, "Leirverkstedet");
  await connectBring(request, { id: store.id, name: "Leirverkstedet" }, ["5800"]);
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
    headers: { "x-forwarded-for": "10.31.4.1" },
    data: {
      storeId: store.id,
      buyerEmail: "nora@example.no",
      shipToName: "Nora Kunde",
      shipToPhone: "+47 912 34 567",
      shipToAddr: { post: "0155" },
      shipping: { service: "5800", pickupPointId: POINT.id },
      items: [{ productId: mug.id, qty: 1 }],
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const order = (await placed.json()) as { id: string; publicUrl: string };
  const paid = await request.patch(`/api/orders/${order.id}/status`, { data: { status: "paid" } });
  expect(paid.status(), await paid.text()).toBe(200);
  const booked = await request.post(`/api/orders/${order.id}/shipment`);
  expect(booked.status(), await booked.text()).toBe(201);
  const { trackingNumber } = (await booked.json()) as { trackingNumber: string };
  return { order, trackingNumber };
}

test("the shopper's order page shows the parcel ready for pick-up, on a phone and a desktop", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const pageErrors = recordPageErrors(page);
  const { order, trackingNumber } = await bookedPickupOrder(page.request);
  const moved = await page.request.post(`${FAKE_BRING}/_fake/tracking/${trackingNumber}`, {
    data: { state: "ready_for_pickup" },
  });
  expect(moved.status()).toBe(200);

  await page.setViewportSize({ width: 390, height: 844 });
  const state = page.getByTestId("shipment-state");
  // The worker reads the parcel within seconds; the page is read again until it has.
  await expect(async () => {
    await page.goto(order.publicUrl);
    await expect(state).toHaveText(`Ready for pick-up at ${POINT.name}`, { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  const panel = page.getByTestId("shipment-tracking");
  await expect(panel.getByRole("link", { name: trackingNumber })).toHaveAttribute("href", /.+/);
  await expect(panel.getByTestId("shipment-events").getByRole("listitem")).toHaveCount(3);
  await expect(panel.getByTestId("shipment-pickup-point")).toContainText(POINT.name);
  await expect(page.getByTestId("order-tracking")).toHaveCount(0);
  await expectNoSeriousViolations(page, "the order page with the parcel ready for pick-up");
  await panel.scrollIntoViewIfNeeded();
  await shots(page, "bring-tracking-phone");

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.reload();
  await expect(state).toHaveText(`Ready for pick-up at ${POINT.name}`);
  await shots(page, "bring-tracking-desktop");
  expect(pageErrors).toEqual([]);
});
