import fs from "node:fs";
import path from "node:path";
import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { aiLogs } from "../../db/schema";
import { completion, fakeOpenAi, goodAnswer } from "../../test/fake-openai";
import { multipart } from "../../test/fixtures";
import { Agent, createTestApp, signUp, type TestApp } from "../../test/harness";

/** Every file under a folder, as paths relative to it. */
const filesUnder = (root: string) =>
  (fs.readdirSync(root, { recursive: true }) as string[])
    .filter((file) => fs.statSync(path.join(root, file)).isFile())
    .map((file) => file.split(path.sep).join("/"));

const photo = (name: string) =>
  fs.readFileSync(path.resolve("src/server/adapters/ai/offline/fixtures", name));
const analyse = (agent: Agent, body: Buffer, filename = "cup.jpg", headers: Record<string, string> = {}) =>
  agent.request({
    method: "POST",
    url: "/api/products/analyze",
    ...(() => {
      const form = multipart({}, [{ field: "productImage", filename, body }]);
      return { payload: form.payload, headers: { ...form.headers, ...headers } };
    })(),
  });

describe("analysis with the offline provider", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ AI_ANON_PER_HOUR: "4" });
  });
  afterAll(() => t.close());

  it("answers the spec's fields, stores the photo and its improved copy in three widths each, and logs the call", async () => {
    const { agent, user } = await signUp(t.app);
    const before = filesUnder(t.config.uploadDir ?? "");
    const response = await analyse(agent, photo("coffee-cup.jpg"));
    expect(response.statusCode).toBe(200);
    const result = response.json();
    expect(result).toMatchObject({ title: "Handmade cup", category: "cup", suggestedPrice: "350" });
    for (const field of ["description", "seoTitle", "seoDescription", "altText"])
      expect(result[field]).toEqual(expect.any(String));
    expect(result.imageUrl).toMatch(/^\/uploads\/products\/.+-1600\.webp$/);
    // The warm photo of a cup off the middle gets an improved copy (decision 0062; improved-photo.test.ts).
    expect(result.enhancedImageUrl).toMatch(/^\/uploads\/products\/.+-1600\.webp$/);
    for (const url of [result.imageUrl, result.enhancedImageUrl])
      expect((await t.app.inject({ url })).statusCode).toBe(200);
    // Two photos, three widths each, and nothing else.
    const added = filesUnder(t.config.uploadDir ?? "").filter((file) => !before.includes(file));
    expect(added.sort()).toEqual(
      [result.imageUrl, result.enhancedImageUrl]
        .flatMap((url: string) =>
          [1600, 400, 800].map((width) => url.replace("/uploads/", "").replace("-1600.", `-${width}.`)),
        )
        .sort(),
    );

    const [log] = await t.database.db
      .select()
      .from(aiLogs)
      .where(eq(aiLogs.userId, user.id))
      .orderBy(desc(aiLogs.createdAt));
    expect(log).toMatchObject({ endpoint: "/api/products/analyze", responseStatus: 200, error: null });
    expect(log?.processingTimeMs).toBeGreaterThan(0);
    expect(JSON.parse(log?.response ?? "{}").analysis.title).toBe("Handmade cup");
    expect((await agent.get("/api/ai-logs")).json()[0].id).toBe(log?.id);
    expect((await new Agent(t.app).get("/api/ai-logs")).statusCode).toBe(401);
    const { agent: other } = await signUp(t.app);
    expect((await other.get("/api/openai-logs")).json()).toEqual([]);
  });

  it("refuses what is not a photo, before any AI call", async () => {
    const response = await analyse(
      new Agent(t.app),
      Buffer.from("just text, not an image at all"),
      "fake.jpg",
    );
    expect(response.statusCode).toBe(415);
    expect(response.json().message).toBe("fake.jpg is not a photo (JPG, PNG, WEBP or HEIC).");
  });

  it("rate limits anonymous analysis per client", async () => {
    const statuses: number[] = [];
    for (let n = 0; n < 5; n++) {
      const response = await t.app.inject({
        method: "POST",
        url: "/api/products/analyze",
        remoteAddress: "203.0.113.9",
        ...multipart({}, [{ field: "productImage", filename: "x.jpg", body: photo("chelsea-cat.jpg") }]),
      });
      statuses.push(response.statusCode);
      if (response.statusCode === 429)
        expect(response.json().message).toMatch(
          /^Too many image analyses\. Please try again in \d+ minutes\.$/,
        );
    }
    expect(statuses).toEqual([200, 200, 200, 200, 429]);
  });

  it("streams per-image progress for several photos; one bad photo does not sink the rest", async () => {
    const { agent } = await signUp(t.app);
    const form = multipart({}, [
      { field: "productImages", filename: "cup.jpg", body: photo("coffee-cup.jpg") },
      { field: "productImages", filename: "notes.jpg", body: Buffer.from("not a photo") },
      { field: "productImages", filename: "glass.jpg", body: photo("candle-glass.jpg") },
    ]);
    const response = await agent.request({
      method: "POST",
      url: "/api/products/analyze-multiple",
      payload: form.payload,
      headers: { ...form.headers, accept: "application/x-ndjson" },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toContain("application/x-ndjson");
    const lines = response.body
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line));
    expect(lines[0]).toEqual({ type: "start", total: 3 });
    expect(lines.slice(1, 4).map((l) => [l.done, l.index, l.ok])).toEqual([
      [1, 0, true],
      [2, 1, false],
      [3, 2, true],
    ]);
    expect(lines[1].result.title).toBe("Handmade cup");
    expect(lines[2]).toMatchObject({
      fileName: "notes.jpg",
      status: 415,
      error: "notes.jpg is not a photo (JPG, PNG, WEBP or HEIC).",
    });
    expect(lines[3].result.title).toBe("Handmade glass");
    expect(lines[4]).toEqual({ type: "end" });

    const plain = await agent.request({
      method: "POST",
      url: "/api/products/analyze-multiple",
      ...multipart({}, [{ field: "productImages", filename: "cup.jpg", body: photo("coffee-cup.jpg") }]),
    });
    expect(plain.json()).toEqual([expect.objectContaining({ index: 0, ok: true })]);
  });

  it("converts a HEIC photo, and refuses one over 50 megapixels before decoding its pixels", async () => {
    const { agent } = await signUp(t.app);
    const response = await agent.request({
      method: "POST",
      url: "/api/products/analyze-multiple",
      ...multipart({}, [
        { field: "productImages", filename: "IMG_0001.HEIC", body: photo("coffee-cup.heic") },
        { field: "productImages", filename: "IMG_0002.HEIC", body: photo("blank-7200x7200.heic") },
      ]),
    });
    expect(response.statusCode).toBe(200);
    const [cup, bomb] = response.json();
    expect(cup).toMatchObject({ index: 0, ok: true, result: { title: "Handmade cup" } });
    expect(bomb).toMatchObject({ index: 1, ok: false, status: 413 });
    const stored = await t.app.inject({ url: cup.result.imageUrl });
    expect(stored.headers["content-type"]).toBe("image/webp");
  });

  it("refuses more than 10 photos", async () => {
    const { agent } = await signUp(t.app);
    const files = Array.from({ length: 11 }, (_, n) => ({
      field: "productImages",
      filename: `p${n}.jpg`,
      body: photo("chelsea-cat.jpg"),
    }));
    const response = await agent.request({
      method: "POST",
      url: "/api/products/analyze-multiple",
      ...multipart({}, files),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe("You can upload at most 10 images at a time");
  });
});

describe("analysis with an OpenAI-compatible provider", () => {
  it("uses the cloud model when configured, and logs failures with their error", async () => {
    const fake = await fakeOpenAi([
      { status: 200, body: completion(JSON.stringify(goodAnswer)) },
      { status: 200, body: completion("not json at all") },
    ]);
    const t = await createTestApp({
      AI_BASE_URL: fake.baseUrl,
      AI_API_KEY: "sk-test",
      AI_MODEL: "vision-test",
    });
    try {
      const { agent, user } = await signUp(t.app);
      const good = await analyse(agent, photo("coffee-cup.jpg"));
      expect(good.json()).toMatchObject({ title: "Ash-glazed stoneware mug", suggestedPrice: "349" });
      const bad = await analyse(agent, photo("coffee-cup.jpg"));
      expect(bad.statusCode).toBe(502);
      expect(bad.json().message).toBe(
        "Failed to analyze image: The AI service gave an answer that is not a valid product analysis",
      );
      const logs = await t.database.db
        .select()
        .from(aiLogs)
        .where(eq(aiLogs.userId, user.id))
        .orderBy(desc(aiLogs.createdAt));
      expect(logs.map((log) => [log.responseStatus, log.tokens, log.error])).toEqual([
        [502, null, "The AI service gave an answer that is not a valid product analysis"],
        [200, 1020, null],
      ]);
      expect(logs[0]?.response).toBe("not json at all");
    } finally {
      await t.close();
      await fake.close();
    }
  });
});
