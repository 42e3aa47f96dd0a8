import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { completion, fakeOpenAi, goodAnswer } from "../../test/fake-openai";
import { createStoreVia, multipart } from "../../test/fixtures";
import { type Agent, createTestApp, signUp, type TestApp } from "../../test/harness";

/*
 * Issue item 11 (decision 0062): POST /api/products/analyze answers the spec's enhancedImageUrl again, as
 * a copy a seller can see and choose: framed around the product, white balance and exposure corrected,
 * offered only when it differs meaningfully from the photo.
 */

const fixture = (name: string) =>
  fs.readFileSync(path.resolve("src/server/adapters/ai/offline/fixtures", name));

async function analyse(agent: Agent, body: Buffer, filename: string) {
  const response = await agent.request({
    method: "POST",
    url: "/api/products/analyze",
    ...multipart({}, [{ field: "productImage", filename, body }]),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** The stored photo behind a URL, as bytes. */
async function served(t: TestApp, url: string): Promise<Buffer> {
  const response = await t.app.inject({ url });
  expect(response.statusCode, url).toBe(200);
  return response.rawPayload;
}

/** Mean of R, G and B, and how far apart they are relative to their mean (0 for a perfectly grey average). */
async function colourCast(bytes: Buffer) {
  const { channels } = await sharp(bytes).stats();
  const means = channels.slice(0, 3).map((channel) => channel.mean);
  const average = means.reduce((sum, mean) => sum + mean, 0) / 3;
  return { means, spread: (Math.max(...means) - Math.min(...means)) / average };
}

const filesUnder = (root: string) =>
  (fs.readdirSync(root, { recursive: true }) as string[]).filter((file) =>
    fs.statSync(path.join(root, file)).isFile(),
  );

describe("the improved photo an analysis offers (offline detector)", () => {
  let t: TestApp;
  let agent: Agent;
  beforeAll(async () => {
    t = await createTestApp();
    ({ agent } = await signUp(t.app));
  });
  afterAll(() => t.close());

  it("an off-centre, colour-cast photo gets a copy framed square on the product, its colours moved toward grey", async () => {
    // The pot stands in the lower right of a yellow-green photo (aloe-pot.jpg, 640×554).
    const result = await analyse(agent, fixture("aloe-pot.jpg"), "aloe.jpg");
    expect(result.enhancedImageUrl).toMatch(/^\/uploads\/products\/[0-9a-f-]{36}-1600\.webp$/);
    expect(result.enhancedImageUrl).not.toBe(result.imageUrl);

    const original = await served(t, result.imageUrl);
    const improved = await served(t, result.enhancedImageUrl);
    const before = await sharp(original).metadata();
    const after = await sharp(improved).metadata();
    expect([before.width, before.height]).toEqual([640, 554]);
    // Square, and a crop: it leaves out more than a fifth of the photo.
    expect(after.width).toBe(after.height);
    expect((after.width ?? 0) * (after.height ?? 0)).toBeLessThan(0.8 * 640 * 554);

    // Compared with the same part of the original: where the frame sits follows from the marker, which
    // is the same point of both photos.
    const side = after.width ?? 0;
    const at = (percent: number, inFrame: number, total: number) =>
      Math.min(total - side, Math.max(0, Math.round((percent / 100) * total - (inFrame / 100) * side)));
    const region = await sharp(original)
      .extract({
        left: at(result.coordinates.x, result.enhancedCoordinates.x, 640),
        top: at(result.coordinates.y, result.enhancedCoordinates.y, 554),
        width: side,
        height: side,
      })
      .png()
      .toBuffer();
    const cast = { before: await colourCast(region), after: await colourCast(improved) };
    expect(cast.after.spread).toBeLessThan(cast.before.spread * 0.8);
    // The blue channel, the one the yellow cast starves, gained on green.
    const blueToGreen = (means: number[]) => (means[2] ?? 0) / (means[1] ?? 1);
    expect(blueToGreen(cast.after.means)).toBeGreaterThan(blueToGreen(cast.before.means) + 0.05);

    // The marker moves with the frame: the pot, low and right in the photo, sits further in on the copy.
    expect(result.coordinates.x).toBeGreaterThan(60);
    expect(result.enhancedCoordinates.x).toBeLessThan(result.coordinates.x);
    expect(result.enhancedCoordinates.y).toBeLessThanOrEqual(100);
    expect(result.enhancedCoordinates.y).toBeGreaterThan(50);
  });

  it("a tall product gets a 4:5 portrait frame", async () => {
    // The wine glass on the right of candle-glass.jpg is twice as tall as it is wide.
    const result = await analyse(agent, fixture("candle-glass.jpg"), "glass.jpg");
    const after = await sharp(await served(t, result.enhancedImageUrl)).metadata();
    expect((after.width ?? 0) / (after.height ?? 1)).toBeCloseTo(4 / 5, 1);
  });

  it("an already clean square photo gets none: the improved copy, analysed again, is stored once and not offered", async () => {
    const first = await analyse(agent, fixture("aloe-pot.jpg"), "aloe.jpg");
    const clean = await served(t, first.enhancedImageUrl);
    const square = await sharp(clean).metadata();
    expect(square.width).toBe(square.height);

    const before = filesUnder(t.config.uploadDir ?? "");
    const again = await analyse(agent, clean, "aloe-improved.webp");
    expect(again.imageUrl).toMatch(/-1600\.webp$/);
    expect(again).not.toHaveProperty("enhancedImageUrl");
    expect(again).not.toHaveProperty("enhancedCoordinates");
    // The photo in its three widths, and nothing else.
    expect(filesUnder(t.config.uploadDir ?? "").filter((file) => !before.includes(file))).toHaveLength(3);
  });

  it("a seller who chooses the improved copy gets it as the product's photo, with the marker on it", async () => {
    const result = await analyse(agent, fixture("aloe-pot.jpg"), "aloe.jpg");
    const store = await createStoreVia(agent);
    const created = await agent.request({
      method: "POST",
      url: `/api/stores/${store.id}/products`,
      ...multipart(
        {
          title: "Aloe in a clay pot",
          basePrice: "300",
          imageUrl: result.enhancedImageUrl,
          coordinates: JSON.stringify(result.enhancedCoordinates),
        },
        [],
      ),
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      primaryImage: result.enhancedImageUrl,
      coordinates: result.enhancedCoordinates,
    });
  });
});

describe("the improved photo with a provider that gives only a point", () => {
  it("is corrected in colour but not cropped: without a box nobody knows where the product ends", async () => {
    const fake = await fakeOpenAi([{ status: 200, body: completion(JSON.stringify(goodAnswer)) }]);
    const t = await createTestApp({ AI_BASE_URL: fake.baseUrl, AI_API_KEY: "sk-test", AI_MODEL: "vision" });
    try {
      const { agent } = await signUp(t.app);
      // coffee-cup.jpg (600×400) is shot in warm light on a brown table.
      const result = await analyse(agent, fixture("coffee-cup.jpg"), "cup.jpg");
      const improved = await served(t, result.enhancedImageUrl);
      const after = await sharp(improved).metadata();
      expect([after.width, after.height]).toEqual([600, 400]);
      const cast = {
        before: await colourCast(await served(t, result.imageUrl)),
        after: await colourCast(improved),
      };
      expect(cast.after.spread).toBeLessThan(cast.before.spread);
      expect(result.enhancedCoordinates).toEqual(result.coordinates);
    } finally {
      await t.close();
      await fake.close();
    }
  });
});
