import { afterEach, describe, expect, it } from "vitest";
import { completion, fakeOpenAi, goodAnswer, type Reply } from "../../test/fake-openai";
import { AiProviderError } from "./ai";
import { createOpenAiProvider } from "./openai";

const image = { pixels: Buffer.alloc(64 * 48 * 3, 128), width: 64, height: 48, channels: 3 as const };
const context = { language: "nb" as const, sellerPrices: async () => [] };

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

async function providerFor(script: Reply[], timeoutMs = 5000) {
  const fake = await fakeOpenAi(script);
  close = fake.close;
  return {
    fake,
    provider: createOpenAiProvider({
      baseUrl: fake.baseUrl,
      apiKey: "sk-test",
      model: "vision-test",
      timeoutMs,
    }),
  };
}

describe("OpenAI-compatible provider", () => {
  it("sends the photo and the JSON schema, and parses a good answer", async () => {
    const { fake, provider } = await providerFor([
      { status: 200, body: completion(JSON.stringify(goodAnswer)) },
    ]);
    const call = await provider.analyze(image, context);
    expect(call.analysis).toMatchObject({
      title: "Ash-glazed stoneware mug",
      suggestedPrice: "349",
      coordinates: { x: 52.5, y: 47 },
    });
    expect(call.tokens).toBe(1020);
    const [request] = fake.requests;
    expect(request?.url).toBe("/v1/chat/completions");
    expect(request?.authorization).toBe("Bearer sk-test");
    const body = request?.body as {
      model: string;
      messages: { content: unknown }[];
      response_format: { type: string; json_schema: { schema: { required: string[] } } };
    };
    expect(body.model).toBe("vision-test");
    expect(JSON.stringify(body.messages)).toContain("data:image/jpeg;base64,");
    expect(JSON.stringify(body.messages)).toContain("Norwegian Bokmål");
    expect(body.response_format.type).toBe("json_schema");
    expect(body.response_format.json_schema.schema.required).toContain("coordinates");
  });

  it("retries once on 429, then succeeds", async () => {
    const { fake, provider } = await providerFor([
      { status: 429, body: { error: { message: "slow down" } } },
      { status: 200, body: completion(JSON.stringify(goodAnswer)) },
    ]);
    await expect(provider.analyze(image, context)).resolves.toBeDefined();
    expect(fake.requests).toHaveLength(2);
  });

  it("gives a clear error for a malformed answer", async () => {
    const { provider } = await providerFor([{ status: 200, body: completion('{"title": 42}') }]);
    const error = await provider.analyze(image, context).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AiProviderError);
    expect((error as AiProviderError).message).toBe(
      "The AI service gave an answer that is not a valid product analysis",
    );
    expect((error as AiProviderError).rawResponse).toBe('{"title": 42}');
  });

  it("gives a clear error when the server keeps failing with 500 (one retry, then stop)", async () => {
    const { fake, provider } = await providerFor([
      { status: 500, body: { error: { message: "boom" } } },
      { status: 500, body: { error: { message: "boom" } } },
    ]);
    const error = (await provider.analyze(image, context).catch((e: unknown) => e)) as AiProviderError;
    expect(error.status).toBe(500);
    expect(error.message).toMatch(/^The AI service failed \(500\)/);
    expect(fake.requests).toHaveLength(2);
  });

  it("gives a clear error when the server does not answer in time", async () => {
    const { provider } = await providerFor(["hang"], 1000);
    const started = Date.now();
    const error = (await provider.analyze(image, context).catch((e: unknown) => e)) as AiProviderError;
    expect(error.message).toBe("The AI service did not answer in time");
    expect(error.status).toBe(504);
    expect(Date.now() - started).toBeLessThan(4000);
  });
});
