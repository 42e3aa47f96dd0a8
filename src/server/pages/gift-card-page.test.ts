import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_GIFT_CARD_SETTINGS } from "../../shared/gift-card";
import { createStoreVia } from "../test/fixtures";
import { createShopTestApp, signUp, type TestApp } from "../test/harness";

let t: TestApp;
beforeAll(async () => {
  t = await createShopTestApp();
});
afterAll(async () => {
  await t.close();
});

const page = (url: string) =>
  t.app.inject({ url, headers: { accept: "text/html", cookie: "torg_language=en" } });
const root = (html: string) => /<div id="root">(.*)<\/div>\s*<script/s.exec(html)?.[1] ?? "";

describe("/s/{slug}/gift-card (decision 0076)", () => {
  it("offers the store's amounts and the balance check, and the storefront links it, once cards are on", async () => {
    const { agent } = await signUp(t.app);
    const store = await createStoreVia(agent, "Glassblåseriet");
    const off = root((await page(`/s/${store.slug}/gift-card`)).body);
    expect(off).toContain("Check balance</h2>");
    expect(off).not.toContain("Buy a gift card</h2>");
    expect(root((await page(`/s/${store.slug}`)).body)).not.toContain(`href="/s/${store.slug}/gift-card"`);

    await agent.put(`/api/stores/${store.id}/gift-card-settings`, {
      ...DEFAULT_GIFT_CARD_SETTINGS,
      enabled: true,
      amounts: ["300", "700"],
      customMin: "100",
      customMax: "5000",
    });
    const response = await page(`/s/${store.slug}/gift-card`);
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain("<title>Gift cards from Glassblåseriet</title>");
    const html = root(response.body);
    expect(html).toContain("Buy a gift card</h2>");
    expect(html).toContain("300 kr");
    expect(html).toContain("700 kr");
    expect(html).toContain("Other amount");
    expect(html).toContain("Check balance</h2>");
    expect(root((await page(`/s/${store.slug}`)).body)).toContain(`href="/s/${store.slug}/gift-card"`);
  });

  it("is a 404 page for a store that does not exist", async () => {
    expect((await page("/s/no-such-store-here/gift-card")).statusCode).toBe(404);
  });
});
