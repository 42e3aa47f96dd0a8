/**
 * A hero image that is not an image: `heroImageUrl: "/uploads/../q/{code}"` is resolved by every
 * visitor's browser to /q/{code}, which counted a QR scan (anyone's code) for each page view. An uploaded
 * hero image must be exactly what the upload pipeline names an image; every path trick, encoded or not,
 * is a 400 and leaves the store as it was. An https address stays allowed (the specification's hero
 * image URL), and a browser loading any address as an image never counts a scan.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixImageUrl, isUploadedImageUrl } from "../../shared/image-url";
import { createProductVia, createStoreVia } from "../test/fixtures";
import { createTestApp, signUp, type TestApp } from "../test/harness";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: "https://torg.example.no" });
});
afterAll(() => t.close());

describe("hero image URL", () => {
  it("refuses paths that lead anywhere but an uploaded image, and counts no scan", async () => {
    const { agent } = await signUp(t.app);
    const store = await createStoreVia(agent);
    const { primaryImage } = await createProductVia(agent, store.id);
    const qr = await agent.post("/api/qr-codes", { code: "hero-victim", url: "https://example.no/x" });
    expect(qr.statusCode).toBe(201);
    const code = "hero-victim";
    const uuid = /products\/(.+)-1600\.webp$/.exec(primaryImage)?.[1] ?? "";
    const attacks = [
      `/uploads/../q/${code}`,
      `/uploads/%2e%2e/q/${code}`,
      `/uploads/%2E%2E%2Fq%2F${code}`,
      `/uploads/products/..%2F..%2Fq%2F${code}`,
      `/uploads/products/../../q/${code}`,
      `/uploads/products/${uuid}-1600.webp/../../../q/${code}`,
      `/uploads/products/${uuid}-1600.webp?/../../q/${code}`,
      `/uploads/products/${uuid}-1600.webp#/../../q/${code}`,
      `/uploads/products/${uuid}-1600.webp%3F`,
      `/uploads/products/${uuid.replace(/^./, "%30")}-1600.webp`,
      `/uploads/products/${uuid.toUpperCase()}-1600.webp`,
      `/uploads//q/${code}`,
      `/uploads\\..\\q\\${code}`,
      `/uploads/products/${uuid}-1600.webp\n/q/${code}`,
      `//torg.example.no/q/${code}`,
      `http://torg.example.no/q/${code}`,
      `https://torg.example.no\\q/${code}`,
    ];
    for (const heroImageUrl of attacks) {
      const response = await agent.put(`/api/stores/${store.id}`, { heroImageUrl });
      expect(response.statusCode, heroImageUrl).toBe(400);
      // A line break is refused first by the shared rule for one-line texts (decision 0057).
      const message = heroImageUrl.includes("\n") ? /^Line breaks are not allowed/ : /uploaded to Torg/;
      expect(response.json().message, heroImageUrl).toMatch(message);
      expect(isUploadedImageUrl(heroImageUrl), heroImageUrl).toBe(false);
    }
    const current = (await agent.get(`/api/stores/${store.id}`)).json();
    expect(current.heroImageUrl).toBeNull();
    const [listed] = (await agent.get("/api/qr-codes")).json() as { scannedCount: number }[];
    expect(listed?.scannedCount).toBe(0);

    // A real upload is a hero image, and a cleared one is none.
    const good = await agent.put(`/api/stores/${store.id}`, { heroImageUrl: primaryImage });
    expect(good.statusCode, good.body).toBe(200);
    expect(good.json().heroImageUrl).toBe(primaryImage);
    const cleared = await agent.put(`/api/stores/${store.id}`, { heroImageUrl: "" });
    expect(cleared.json().heroImageUrl).toBeNull();
  });

  it("lets an https address be a hero image, and a browser loading one as an image counts no scan", async () => {
    const { agent } = await signUp(t.app);
    const store = await createStoreVia(agent);
    const code = "hero-image-load";
    expect((await agent.post("/api/qr-codes", { code, url: "https://example.no/y" })).statusCode).toBe(201);
    const heroImageUrl = `https://torg.example.no/q/${code}`;
    const saved = await agent.put(`/api/stores/${store.id}`, { heroImageUrl });
    expect(saved.statusCode, saved.body).toBe(200);

    // Every shopper's browser loads it as an image: redirected, not counted.
    for (let n = 0; n < 3; n++) {
      const load = await t.app.inject({ url: `/q/${code}`, headers: { "sec-fetch-dest": "image" } });
      expect(load.statusCode).toBe(302);
    }
    const scanned = async () =>
      ((await agent.get("/api/qr-codes")).json() as { code: string; scannedCount: number }[]).find(
        (entry) => entry.code === code,
      )?.scannedCount;
    expect(await scanned()).toBe(0);
    // A person opening the link (a navigation, or a scanner app that says nothing) is a scan.
    await t.app.inject({ url: `/q/${code}`, headers: { "sec-fetch-dest": "document" } });
    await t.app.inject({ url: `/q/${code}` });
    expect(await scanned()).toBe(2);
  });

  it("is drawn as the placeholder when a stored one is no uploaded image (rows from before the check)", () => {
    expect(fixImageUrl("/uploads/../q/hero-victim", "https://torg.example.no")).toBe(
      "/placeholder-product.svg",
    );
    expect(
      fixImageUrl(
        "/uploads/products/0f8fad5b-d9cb-469f-a165-70867728950e-800.webp",
        "https://torg.example.no",
      ),
    ).toBe("https://torg.example.no/uploads/products/0f8fad5b-d9cb-469f-a165-70867728950e-800.webp");
  });
});
