import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { qrCodes } from "../../db/schema";
import { multipart } from "../../test/fixtures";
import { Agent, createTestApp, signUp, type TestApp } from "../../test/harness";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: "https://torg.example.no" });
});
afterAll(() => t.close());

const photo = (name: string) =>
  fs.readFileSync(path.resolve("src/server/adapters/ai/offline/fixtures", name));

/** Analyses photos as a visitor would (no account), returning the drafts quick-create edits. */
async function analysedDrafts(names: string[]) {
  const form = multipart(
    {},
    names.map((name) => ({ field: "productImages", filename: name, body: photo(name) })),
  );
  const response = await new Agent(t.app).request({
    method: "POST",
    url: "/api/products/analyze-multiple",
    ...form,
  });
  return (response.json() as { ok: boolean; result: Record<string, unknown> }[]).map(({ result }) => ({
    title: result.title as string,
    description: result.description as string,
    price: result.suggestedPrice as string,
    seoTitle: result.seoTitle as string,
    seoDescription: result.seoDescription as string,
    imageUrl: result.imageUrl as string,
    coordinates: result.coordinates as { x: number; y: number },
    category: result.category as string | null,
    altText: result.altText as string,
  }));
}

describe("quick-create", () => {
  it("needs an account to save (analysis did not)", async () => {
    const [draft] = await analysedDrafts(["coffee-cup.jpg"]);
    const response = await new Agent(t.app).post("/api/quickstore", {
      store: { name: "Kaffekopp" },
      product: draft,
    });
    expect(response.statusCode).toBe(401);
  });

  it("creates a store with one product and a QR code with the given text", async () => {
    const [draft] = await analysedDrafts(["coffee-cup.jpg"]);
    const { agent } = await signUp(t.app);
    const response = await agent.post("/api/quickstore", {
      store: {
        name: "Bjørn's Kopper",
        linkQrCode: true,
        qrCode: "bjorn-kopper",
        seoTitle: "Kopper fra Bjørn",
      },
      product: { ...draft, title: "Espressokopp", price: "289.50" },
    });
    expect(response.statusCode).toBe(201);
    const result = response.json();
    expect(result.storeSlug).toBe("bjorn-s-kopper");
    expect(result.store).toMatchObject({
      name: "Bjørn's Kopper",
      productCount: 1,
      heroImageUrl: draft?.imageUrl,
    });
    expect(result.store.qrCode).toMatchObject({
      code: "bjorn-kopper",
      url: "https://torg.example.no/s/bjorn-s-kopper",
      scanUrl: "https://torg.example.no/q/bjorn-kopper",
    });

    const products = (await new Agent(t.app).get(`/api/stores/${result.store.id}/products`)).json();
    expect(products).toEqual([
      expect.objectContaining({
        title: "Espressokopp",
        // The editor accepts øre; the shop sells at the whole kroner every screen shows.
        basePrice: "290.00",
        coordinates: draft?.coordinates,
      }),
    ]);
    const image = await t.app.inject({ url: result.store.qrCode.imageUrl });
    expect(image.statusCode).toBe(200);
    expect(image.headers["content-type"]).toBe("image/png");
  });

  it("creates a store from several products, keeps their coordinates and generates a QR code", async () => {
    const drafts = await analysedDrafts(["coffee-cup.jpg", "candle-glass.jpg", "aloe-pot.jpg"]);
    const { agent } = await signUp(t.app);
    const response = await agent.post("/api/quickstore/multiple", {
      store: { name: "Leire og Lys", linkQrCode: true },
      products: drafts,
    });
    expect(response.statusCode).toBe(201);
    const result = response.json();
    expect(result.store.productCount).toBe(3);
    expect(result.store.qrCode.code).toMatch(/^[a-z2-9]{8}$/);
    const products = (await agent.get(`/api/stores/${result.store.id}/products`)).json();
    expect(products.map((p: { title: string }) => p.title)).toEqual([
      "Handmade cup",
      "Handmade glass",
      "Handmade vase",
    ]);
    expect(products.every((p: { coordinates: unknown }) => p.coordinates)).toBe(true);
    // The next store of the same name gets the next free address.
    const again = await agent.post("/api/quickstore/multiple", {
      store: { name: "Leire og Lys" },
      products: drafts.slice(0, 1),
    });
    expect(again.json().storeSlug).toBe("leire-og-lys-2");
    expect(again.json().store.qrCode).toBeNull();
  });

  it("keeps each analysed photo with its product, several photos of one product together and in order", async () => {
    const drafts = await analysedDrafts(["coffee-cup.jpg", "candle-glass.jpg", "chelsea-cat.jpg"]);
    const [cup, glass, side] = drafts;
    if (!cup || !glass || !side) throw new Error("three drafts expected");
    const { agent } = await signUp(t.app);
    // The visitor grouped the third photo with the cup: two products, the cup with two photos.
    const response = await agent.post("/api/quickstore/multiple", {
      store: { name: "Grupperte bilder" },
      products: [{ ...cup, extraImageUrls: [side.imageUrl] }, glass],
    });
    expect(response.statusCode).toBe(201);
    const products = (await agent.get(`/api/stores/${response.json().store.id}/products`)).json() as {
      title: string;
      primaryImage: string;
      images: { url: string; isPrimary: boolean }[];
    }[];
    expect(products.map((p) => p.images.map((image) => [image.url, image.isPrimary]))).toEqual([
      [
        [cup.imageUrl, true],
        [side.imageUrl, false],
      ],
      [[glass.imageUrl, true]],
    ]);
    expect(products[0]?.title).toBe(cup.title);
    expect(products[0]?.primaryImage).toBe(cup.imageUrl);

    const unknown = await agent.post("/api/quickstore/multiple", {
      store: { name: "Ukjent bilde" },
      products: [
        { ...cup, extraImageUrls: ["/uploads/products/00000000-0000-4000-8000-000000000000-1600.webp"] },
      ],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe("The product image was not found. Please upload it again.");
  });

  it.each([
    [{ store: { name: "X" } }, "Store name must be at least 2 characters"],
    [{ product: { title: "M" } }, "Product title must be at least 2 characters"],
    [{ product: { description: "Too short" } }, "Description must be at least 10 characters"],
    [{ product: { price: "" } }, "Price is required"],
    [{ product: { price: "12,50 kr" } }, "Price must be a number (e.g., 199 or 199.99)"],
    [
      { product: { imageUrl: "https://evil.example/x.webp" } },
      "The product image was not found. Please upload it again.",
    ],
    [
      { store: { name: "Valid name", linkQrCode: true, qrCode: "no spaces allowed" } },
      "Use 3 to 64 letters, digits, - or _ for the QR code text",
    ],
  ])("validates %o with %s", async (override, message) => {
    const [draft] = await analysedDrafts(["chelsea-cat.jpg"]);
    const { agent } = await signUp(t.app);
    const body = {
      store: { name: "Valid name", ...(override as { store?: object }).store },
      product: { ...draft, ...(override as { product?: object }).product },
    };
    const response = await agent.post("/api/quickstore", body);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });

  it("a quick-created product starts at stock 1, one of a kind, unless the editor set a number or unlimited", async () => {
    const [cup, glass, vase] = await analysedDrafts(["coffee-cup.jpg", "candle-glass.jpg", "aloe-pot.jpg"]);
    const { agent } = await signUp(t.app);
    const single = await agent.post("/api/quickstore", { store: { name: "Ett Krus" }, product: cup });
    expect(single.statusCode).toBe(201);
    const several = await agent.post("/api/quickstore/multiple", {
      store: { name: "Tre Ting" },
      products: [cup, { ...glass, stockQty: 4 }, { ...vase, stockQty: null }],
    });
    expect(several.statusCode).toBe(201);
    const stockOf = async (storeId: string) =>
      (await new Agent(t.app).get(`/api/stores/${storeId}/products`))
        .json()
        .map((p: { stockQty: number | null; available: boolean }) => [p.stockQty, p.available]);
    expect(await stockOf(single.json().store.id)).toEqual([[1, true]]);
    expect(await stockOf(several.json().store.id)).toEqual([
      [1, true],
      [4, true],
      [null, true],
    ]);
  });

  it("refuses a QR code text that is taken, and saves nothing", async () => {
    const [draft] = await analysedDrafts(["chelsea-cat.jpg"]);
    const { agent } = await signUp(t.app);
    await agent.post("/api/quickstore", {
      store: { name: "First Shop", linkQrCode: true, qrCode: "taken-code" },
      product: draft,
    });
    const response = await agent.post("/api/quickstore", {
      store: { name: "Second Shop", linkQrCode: true, qrCode: "taken-code" },
      product: draft,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('The QR code text "taken-code" is already in use');
    expect((await agent.get("/api/stores")).json().map((s: { name: string }) => s.name)).toEqual([
      "First Shop",
    ]);
    const rows = await t.database.db.select().from(qrCodes).where(eq(qrCodes.code, "taken-code"));
    expect(rows).toHaveLength(1);
  });
});
