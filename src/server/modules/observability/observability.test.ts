import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createProductVia, createStoreVia } from "../../test/fixtures";
import { Agent, createTestApp, signUp, type TestApp } from "../../test/harness";

const TOKEN = "metrics-token-0123456789abcdef";

/** Every line the app logs, parsed (pino writes one JSON object per line). */
function logCapture() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split("\n").filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { lines, logger: { level: "info", stream } };
}

describe("GET /metrics", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ METRICS_TOKEN: TOKEN });
  });
  afterAll(() => t.close());

  const scrape = (authorization?: string) =>
    t.app.inject({ method: "GET", url: "/metrics", headers: authorization ? { authorization } : {} });

  it("answers only with the configured bearer token", async () => {
    for (const authorization of [undefined, "Bearer wrong-token-0123456789abcdef", `Basic ${TOKEN}`, TOKEN]) {
      const response = await scrape(authorization);
      expect(response.statusCode).toBe(401);
      expect(response.json().message).toBe("A valid metrics token is required");
      expect(response.headers["www-authenticate"]).toContain("Bearer");
    }
    const response = await scrape(`Bearer ${TOKEN}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toContain("text/plain");
    expect(response.headers["cache-control"]).toBe("no-store");
  });

  it("reports request durations by route pattern, orders placed, the SMS outbox and the public cache", async () => {
    const seller = await signUp(t.app);
    const store = await createStoreVia(seller.agent);
    const product = await createProductVia(seller.agent, store.id, { title: "Mug", basePrice: "349" });
    await seller.agent.get(`/api/stores/${store.id}`);
    for (let n = 0; n < 3; n++) await new Agent(t.app).get(`/api/stores/slug/${store.slug}`);
    const order = await new Agent(t.app).request({
      method: "POST",
      url: "/api/orders",
      remoteAddress: "10.9.0.1",
      payload: {
        storeId: store.id,
        buyerEmail: "kunde@example.no",
        shipToName: "Nora Kunde",
        shipToPhone: "+47 912 34 567",
        items: [{ productId: product.id, qty: 1 }],
      },
    });
    expect(order.statusCode).toBe(201);

    const text = (await scrape(`Bearer ${TOKEN}`)).body;
    // The pattern, not the store's id: one series per route.
    expect(text).toMatch(
      /torg_http_request_duration_seconds_count\{method="GET",route="\/api\/stores\/:id",status="200"\} 1/,
    );
    expect(text).not.toContain(store.id);
    expect(text).toMatch(/torg_orders_placed_total 1\b/);
    expect(text).toMatch(/torg_sms_outbox_messages\{status="pending"\} [1-9]/);
    expect(text).toMatch(/torg_sms_outbox_messages\{status="failed"\} 0/);
    expect(text).toMatch(/torg_public_cache_requests_total\{result="hit"\} [1-9]/);
    expect(text).toMatch(/torg_public_cache_requests_total\{result="miss"\} [1-9]/);
    expect(text).toContain("torg_process_resident_memory_bytes");
  });
});

describe("metrics switched off", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("is a 404 without METRICS_TOKEN, whatever is sent", async () => {
    const response = await t.app.inject({
      method: "GET",
      url: "/metrics",
      headers: { authorization: "Bearer x" },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: "Not found" });
  });
});

describe("request ids and the access log", () => {
  const capture = logCapture();
  let t: TestApp;
  let proxied: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ LOG_LEVEL: "info" }, capture.logger);
    proxied = await createTestApp({ TRUST_PROXY: "true" });
  });
  afterAll(async () => {
    await t.close();
    await proxied.close();
  });

  it("writes one line per request with its id, status and time, and names the id in the answer", async () => {
    const before = capture.lines.length;
    const missing = await t.app.inject({ method: "GET", url: "/api/stores/not-a-store" });
    const invalid = await t.app.inject({ method: "POST", url: "/api/login", payload: { email: "x" } });
    for (const response of [missing, invalid]) {
      const id = response.headers["x-request-id"];
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      const lines = capture.lines.slice(before).filter((line) => line.reqId === id && line.msg === "request");
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatchObject({ status: response.statusCode, method: response.raw.req.method });
      expect(typeof lines[0]?.ms).toBe("number");
    }
    expect(missing.headers["x-request-id"]).not.toBe(invalid.headers["x-request-id"]);
  });

  it("takes a proxy's X-Request-Id only when the proxy is trusted", async () => {
    const given = "edge-4f1c2a9b-request";
    const trusted = await proxied.app.inject({ url: "/api/health", headers: { "x-request-id": given } });
    expect(trusted.headers["x-request-id"]).toBe(given);
    const untrusted = await t.app.inject({ url: "/api/health", headers: { "x-request-id": given } });
    expect(untrusted.headers["x-request-id"]).not.toBe(given);
    const forged = await proxied.app.inject({
      url: "/api/health",
      headers: { "x-request-id": "bad id\nline" },
    });
    expect(forged.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
  });
});
