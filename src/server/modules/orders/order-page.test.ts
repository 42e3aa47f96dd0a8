import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ShopState } from "../../../web/features/shop/state";
import { PAGE_STATE_ELEMENT_ID } from "../../../web/lib/page-state";
import { createProductVia, createStoreVia } from "../../test/fixtures";
import { Agent, createShopTestApp, signUp, type TestApp } from "../../test/harness";

let t: TestApp;
beforeAll(async () => {
  t = await createShopTestApp();
});
afterAll(async () => {
  await t.close();
});

function pageState(html: string): ShopState {
  const json = new RegExp(
    `<script type="application/json" id="${PAGE_STATE_ELEMENT_ID}">(.*?)</script>`,
  ).exec(html)?.[1];
  if (!json) throw new Error("The page carries no state");
  return JSON.parse(json) as ShopState;
}

async function placed(storeName = "Sølvsmia") {
  const seller = await signUp(t.app);
  const store = await createStoreVia(seller.agent, storeName);
  await seller.agent.put(`/api/stores/${store.id}`, { phone: "912 34 567" });
  const ring = await createProductVia(seller.agent, store.id, {
    title: "Ring <i>sølv</i>",
    basePrice: "1450",
  });
  const response = await new Agent(t.app).post("/api/orders", {
    storeId: store.id,
    buyerEmail: "kunde@example.no",
    shipToName: "Nora Kunde",
    shipToPhone: "+47 912 34 567",
    shipToAddr: { address: "Storgata 1\n0155 Oslo" },
    items: [{ productId: ring.id, qty: 2 }],
  });
  expect(response.statusCode).toBe(201);
  const order = response.json() as { id: string; publicUrl: string };
  return { store, order, path: new URL(order.publicUrl).pathname };
}

describe("the shopper's order page /s/{slug}/order/{token}", () => {
  it("is rendered on the server with the order, never cached nor indexed", async () => {
    const { store, order, path: pagePath } = await placed();
    expect(order.publicUrl).toBe(`https://torg.example.no${pagePath}`);
    const page = await new Agent(t.app).get(pagePath);
    expect(page.statusCode).toBe(200);
    expect(page.headers["cache-control"]).toBe("no-store");
    expect(page.headers["x-robots-tag"]).toBe("noindex");
    expect(page.body).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(page.body).toContain(`Order ${order.id.slice(0, 8)}`);
    // The receipt's lines with exact amounts, and the seller's contact; what the seller wrote is escaped.
    expect(page.body).toContain("Ring &lt;i&gt;sølv&lt;/i&gt;");
    expect(page.body).not.toContain("<i>sølv</i>");
    expect(page.body).toContain("2,900.00 kr");
    expect(page.body).toContain('href="tel:+4791234567"');
    expect(page.body).toContain("Withdraw from this purchase");
    const state = pageState(page.body);
    expect(state.page).toMatchObject({ page: "order", order: { id: order.id, store: { slug: store.slug } } });
  });

  it("is the same 404 page for a wrong token, a token under another store's address and nonsense", async () => {
    const { path: pagePath } = await placed();
    const other = await placed("Keramikk");
    const token = pagePath.split("/order/")[1] ?? "";
    const wrong = token.replace(/^./, (c) => (c === "0" ? "1" : "0"));
    for (const attempt of [
      pagePath.replace(token, wrong),
      `/s/${other.store.slug}/order/${token}`,
      `${pagePath.split("/order/")[0]}/order/short`,
    ]) {
      const page = await new Agent(t.app).get(attempt);
      expect(page.statusCode, attempt).toBe(404);
      expect(page.headers["cache-control"]).toBe("no-store");
      expect(page.body).toContain("Order not found");
    }
  });

  it("shows the withdrawal once it is made, in the store's language", async () => {
    const { store, path: pagePath } = await placed();
    await t.database.db.execute(`update stores set default_locale = 'nb' where id = '${store.id}'`);
    const token = pagePath.split("/order/")[1];
    expect((await new Agent(t.app).post(`/api/orders/by-token/${token}/withdrawal`)).statusCode).toBe(200);
    const page = await new Agent(t.app).get(pagePath);
    // What the page shows, not the texts it carries for the browser.
    const shown = page.body.split(`<script type="application/json"`)[0];
    expect(shown).toContain("Angret");
    expect(shown).toContain("Du gikk fra kjøpet");
    expect(shown).not.toContain("Gå fra kjøpet (angrerett)");
  });
});
