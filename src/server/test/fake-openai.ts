import http from "node:http";
import type { AddressInfo } from "node:net";

export type Reply = { status: number; body?: unknown } | "hang";

/** A stand-in for an OpenAI-compatible server: records each request and plays the scripted replies. */
export async function fakeOpenAi(script: Reply[]) {
  const requests: { url: string; authorization?: string; body: Record<string, unknown> }[] = [];
  const server = http.createServer((request, response) => {
    let raw = "";
    request.on("data", (chunk) => {
      raw += chunk;
    });
    request.on("end", () => {
      requests.push({
        url: request.url ?? "",
        authorization: request.headers.authorization,
        body: JSON.parse(raw || "{}"),
      });
      const reply = script.shift() ?? { status: 500, body: { error: { message: "script exhausted" } } };
      if (reply === "hang") return;
      response
        .writeHead(reply.status, { "content-type": "application/json" })
        .end(JSON.stringify(reply.body ?? {}));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export const completion = (content: string) => ({
  id: "chatcmpl-test",
  object: "chat.completion",
  created: 0,
  model: "vision-test",
  choices: [{ index: 0, finish_reason: "stop", message: { role: "assistant", content } }],
  usage: { prompt_tokens: 900, completion_tokens: 120, total_tokens: 1020 },
});

export const goodAnswer = {
  title: "Ash-glazed stoneware mug",
  description: "A wheel-thrown mug with a speckled ash glaze.",
  suggestedPrice: 349,
  seoTitle: "Ash-glazed stoneware mug",
  seoDescription: "Handmade stoneware mug with ash glaze.",
  altText: "Grey speckled mug on a wooden table",
  coordinates: { x: 52.5, y: 47 },
  confident: true,
};
