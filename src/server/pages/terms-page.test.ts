import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStoreVia } from "../test/fixtures";
import { createShopTestApp, signUp, type TestApp } from "../test/harness";

let t: TestApp;
beforeAll(async () => {
  t = await createShopTestApp();
});
afterAll(async () => {
  await t.close();
});

const page = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ url, headers: { accept: "text/html", ...headers } });
const root = (html: string) => /<div id="root">(.*)<\/div>\s*<script/s.exec(html)?.[1] ?? "";

describe("/s/{slug}/terms (decision 0036)", () => {
  it("is generated from the store's settings, in the store's language, and the storefront's footer links it", async () => {
    const { agent } = await signUp(t.app);
    const store = await createStoreVia(agent, "Leirverket");
    await agent.put(`/api/stores/${store.id}`, {
      defaultLocale: "nb",
      vatRate: 25,
      legalName: "Leirverket Hansen ENK",
      orgNumber: "923609016",
      address: "Verkstedgata 3, 5003 Bergen",
      termsExtra: "Spesialbestillinger lages innen tre uker.",
    });
    await agent.put(`/api/stores/${store.id}/delivery-options`, [
      { name: "Hent i verkstedet", kind: "pickup", price: "0", note: "Tirsdag–torsdag 12–18" },
      { name: "Posten/Bring: pakke i postkassen", kind: "parcel", price: "99", freeAbove: "1000" },
    ]);
    const response = await page(`/s/${store.slug}/terms`);
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain("<title>Salgsbetingelser: Leirverket</title>");
    const html = root(response.body);
    expect(html).toContain("Salgsbetingelser: Leirverket</h1>");
    expect(html).toContain("Du kjøper fra Leirverket Hansen ENK");
    expect(html).toContain("923 609 016 MVA");
    expect(html).toContain("Hent i verkstedet: gratis");
    expect(html).toContain("Posten/Bring: pakke i postkassen: 99 kr");
    expect(html).toContain("Angrerett</h2>");
    expect(html).toContain("angrerettloven § 22");
    expect(html).toContain("Reklamasjon</h2>");
    expect(html).toContain("Spesialbestillinger lages innen tre uker.");

    // A visitor who chose English reads it in English.
    const english = root((await page(`/s/${store.slug}/terms`, { cookie: "torg_language=en" })).body);
    expect(english).toContain("Right of withdrawal (angrerett)</h2>");

    const storefront = root((await page(`/s/${store.slug}`)).body);
    expect(storefront).toContain(`href="/s/${store.slug}/terms"`);
  });

  it("is a 404 page for a store that does not exist", async () => {
    const response = await page("/s/no-such-store-here/terms");
    expect(response.statusCode).toBe(404);
  });
});
