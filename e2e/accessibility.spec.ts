import { expect, type Page, test } from "@playwright/test";
import sharp from "sharp";
import { expectNoSeriousViolations } from "./axe";
import { uniqueEmail } from "./helpers";

/**
 * axe-core on every page of the spec's route table (2.1), signed in with real data, in the light and
 * the dark theme: no serious or critical violation (contrast, names, labels, landmarks...).
 */
async function seed(page: Page) {
  const request = page.request;
  await request.post("/api/register", {
    data: { fullName: "Ingrid Vever", email: uniqueEmail("weaver"), password: "warp-and-weft" },
  });
  const store = await (
    await request.post("/api/stores", {
      data: { name: "Ingrids Vev", slug: `ingrids-vev-${Date.now().toString(36)}` },
    })
  ).json();
  await request.put(`/api/stores/${store.id}`, {
    data: { phone: "+47 912 34 567", description: "Woven in Røros." },
  });
  const image = await sharp({ create: { width: 600, height: 600, channels: 3, background: "#9b6b43" } })
    .jpeg()
    .toBuffer();
  const product = await (
    await request.post(`/api/stores/${store.id}/products`, {
      multipart: {
        title: "Wool blanket",
        basePrice: "1450",
        blurb: "Hand-woven from Norwegian wool.",
        image: { name: "blanket.jpg", mimeType: "image/jpeg", buffer: image },
      },
    })
  ).json();
  const order = await (
    await request.post("/api/orders", {
      data: {
        storeId: store.id,
        buyerEmail: "kunde@example.no",
        shipToName: "Nora Kunde",
        shipToPhone: "+47 922 33 444",
        items: [{ productId: product.id, qty: 1 }],
      },
    })
  ).json();
  await request.post("/api/qr-codes", {
    data: { url: `http://localhost/s/${store.slug}`, storeId: store.id },
  });
  return { store, product, order };
}

async function expectRouteAccessible(page: Page, route: string) {
  await page.goto(route);
  await expect(page.locator("main").first()).toBeVisible();
  await expectNoSeriousViolations(page, route);
}

for (const theme of ["light", "dark"] as const) {
  test(`every page of the route table passes axe in the ${theme} theme`, async ({ page, browser }) => {
    test.setTimeout(240_000);
    await page.addInitScript((value) => localStorage.setItem("ui-theme", value), theme);
    const { store, product, order } = await seed(page);
    const signedIn = [
      "/",
      "/quick-create",
      "/create-store",
      "/store-create",
      "/stores",
      `/stores/${store.id}`,
      `/store-edit/${store.id}`,
      `/stores/${store.id}/add-product`,
      `/stores/${store.id}/orders`,
      "/orders",
      `/order/${order.id}`,
      `/product-edit/${product.id}`,
      "/analytics",
      "/profile",
      "/settings",
      "/settings?tab=privacy",
      `/store-edit/${store.id}?tab=settings`,
      "/privacy",
      "/admin",
      `/s/${store.slug}`,
      `/products/${product.id}`,
      "/no-such-page",
    ];
    for (const route of signedIn) await expectRouteAccessible(page, route);

    const visitor = await browser.newContext();
    const visitorPage = await visitor.newPage();
    await visitorPage.addInitScript((value) => localStorage.setItem("ui-theme", value), theme);
    for (const route of [
      "/login",
      "/register",
      "/privacy",
      "/quick-create",
      `/s/${store.slug}`,
      `/products/${product.id}`,
    ]) {
      await expectRouteAccessible(visitorPage, route);
    }
    await visitor.close();
  });
}
