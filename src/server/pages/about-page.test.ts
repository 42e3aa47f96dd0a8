import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stores } from "../db/schema";
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

describe("/s/{slug}/about (decision 0080)", () => {
  it("tells the maker's story in the store's look, linked from the storefront's header and footer", async () => {
    const { agent } = await signUp(t.app);
    const store = await createStoreVia(agent, "Leirverket");
    await t.database.db
      .update(stores)
      .set({
        brandColor: "#9a3b26",
        fontPairing: "editorial",
        brandAssets: {
          logoWide: "/uploads/brand/logo-wide.png",
          logoSquare: "/uploads/brand/logo-square.png",
          favicon32: "/uploads/brand/favicon-32.png",
          icon180: "/uploads/brand/icon-180.png",
          socialCard: "/uploads/brand/social-card.png",
        },
        about: {
          text: "Jeg dreier krus i Bergen.\n\nHver glasur blandes <b>for hånd</b>.",
          imageUrl: null,
          location: "Bergen",
          links: ["https://www.instagram.com/leirverket", "https://leirverket.no/"],
        },
      })
      .where(eq(stores.id, store.id));

    for (const url of [`/s/${store.slug}/about`, `/s/${store.slug}/about/`]) {
      const response = await page(url);
      expect(response.statusCode).toBe(200);
      const html = root(response.body);
      expect(html).toContain("About Leirverket</h1>");
      // Paragraphs of plain text: the seller's markup is shown as text, never as HTML.
      expect(html).toContain('<p class="whitespace-pre-line">Jeg dreier krus i Bergen.</p>');
      expect(html).toContain("Hver glasur blandes &lt;b&gt;for hånd&lt;/b&gt;.");
      expect(html).toContain("Based in Bergen");
      expect(html).toMatch(/href="https:\/\/www.instagram.com\/leirverket"[^>]*>Instagram/);
      expect(html).toMatch(/href="https:\/\/leirverket.no\/"[^>]*>leirverket.no/);
      expect(html).toContain(`href="/s/${store.slug}"`);
      expect(html).toContain('src="/uploads/brand/logo-wide.png" alt="Leirverket"');
      // The head: the brand's colours and faces, and the social card as the link preview's image.
      expect(response.body).toContain("--brand:#9a3b26");
      expect(response.body).toContain('"Lora", serif');
      expect(response.body).toMatch(
        /<meta property="og:image" content="[^"]*\/uploads\/brand\/social-card.png">/,
      );
    }

    const storefront = root((await page(`/s/${store.slug}`)).body);
    expect(storefront.match(new RegExp(`href="/s/${store.slug}/about"`, "g"))?.length).toBe(2);
  });

  it("is a 404 page for a store without an about page, and for no store", async () => {
    const { agent } = await signUp(t.app);
    const store = await createStoreVia(agent, "Uten historie");
    expect((await page(`/s/${store.slug}/about`)).statusCode).toBe(404);
    expect(root((await page(`/s/${store.slug}`)).body)).not.toContain("/about");
    expect((await page("/s/no-such-store-here/about")).statusCode).toBe(404);
  });
});
