import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createProductVia, createStoreVia, multipart } from "../../test/fixtures";
import { type Agent, createTestApp, signUp, type TestApp } from "../../test/harness";

/*
 * Minor items of the new-user issue (decision 0062): every uploader takes the same photos (JPG, PNG, WEBP
 * and HEIC of at most 5 MB), and a refusal names the file, so a seller who chose several knows which.
 */

const heic = fs.readFileSync(path.resolve("src/server/adapters/ai/offline/fixtures/coffee-cup.heic"));
const notAPhoto = Buffer.from("Packing list: towels, sun cream, a good book\n".repeat(20));
/** A real PNG over 5 MB: noise does not compress. */
const oversizedPng = () =>
  sharp(randomBytes(1400 * 1400 * 3), {
    raw: { width: 1400, height: 1400, channels: 3 },
  })
    .png({ compressionLevel: 0 })
    .toBuffer();

let t: TestApp;
let agent: Agent;
beforeAll(async () => {
  t = await createTestApp();
  ({ agent } = await signUp(t.app));
});
afterAll(() => t.close());

const send = (url: string, field: string, filename: string, body: Buffer, fields = {}) =>
  agent.request({
    method: "POST",
    url,
    ...multipart(fields, [{ field, filename, body, type: "image/jpeg" }]),
  });

describe("a photo refused by the server is named", () => {
  it("a text file named holiday.jpg, on add product, the edit page and both analyses", async () => {
    const store = await createStoreVia(agent);
    const product = await createProductVia(agent, store.id);
    const answers = [
      await send(`/api/stores/${store.id}/products`, "image", "holiday.jpg", notAPhoto, {
        title: "Mug",
        basePrice: "100",
      }),
      await send(`/api/products/${product.id}/images`, "image", "holiday.jpg", notAPhoto),
      await send("/api/products/analyze", "productImage", "holiday.jpg", notAPhoto),
    ];
    for (const answer of answers) {
      expect(answer.statusCode).toBe(415);
      expect(answer.json()).toEqual({ message: "holiday.jpg is not a photo (JPG, PNG, WEBP or HEIC)." });
    }
    const multiple = await send("/api/products/analyze-multiple", "productImages", "holiday.jpg", notAPhoto);
    expect(multiple.json()).toEqual([
      {
        index: 0,
        fileName: "holiday.jpg",
        ok: false,
        status: 415,
        error: "holiday.jpg is not a photo (JPG, PNG, WEBP or HEIC).",
      },
    ]);
  });

  it("a PNG over 5 MB, in the seller's language", async () => {
    const big = await oversizedPng();
    expect(big.length).toBeGreaterThan(5 * 1024 * 1024);
    const answer = await agent.request({
      method: "POST",
      url: "/api/products/analyze",
      ...(() => {
        const form = multipart({}, [{ field: "productImage", filename: "sommer.png", body: big }]);
        return { payload: form.payload, headers: { ...form.headers, "accept-language": "nb" } };
      })(),
    });
    expect(answer.statusCode).toBe(413);
    expect(answer.json()).toEqual({ message: "sommer.png er større enn 5 MB." });
  });
});

describe("one rule for every uploader", () => {
  it("the single-photo analysis takes HEIC, as the multi-photo one does", async () => {
    const answer = await send("/api/products/analyze", "productImage", "IMG_0001.HEIC", heic);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().title).toBe("Handmade cup");
  });

  it("add product and the edit page take HEIC, stored as WebP", async () => {
    const store = await createStoreVia(agent);
    const created = await send(`/api/stores/${store.id}/products`, "image", "IMG_0002.HEIC", heic, {
      title: "Cup",
      basePrice: "100",
    });
    expect(created.statusCode, created.body).toBe(201);
    const added = await send(`/api/products/${created.json().id}/images`, "image", "IMG_0003.HEIC", heic);
    expect(added.statusCode, added.body).toBe(200);
    for (const url of [created.json().primaryImage, added.json().images[1].url]) {
      expect((await t.app.inject({ url })).headers["content-type"]).toBe("image/webp");
    }
  });
});
