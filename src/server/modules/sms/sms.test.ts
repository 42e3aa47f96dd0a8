import http from "node:http";
import type { AddressInfo } from "node:net";
import { asc, eq } from "drizzle-orm";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { orders, smsLog, smsOutbox } from "../../db/schema";
import { createProductVia, createStoreVia } from "../../test/fixtures";
import { Agent, createTestApp, signUp, type TestApp } from "../../test/harness";

/** A stand-in SMS gateway: answers each request with the next status in `script` (then 200). */
async function fakeGateway(script: number[]) {
  const received: { to: string; from: string; message: string }[] = [];
  const server = http.createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => {
      body += chunk;
    });
    request.on("end", () => {
      received.push(JSON.parse(body));
      const status = script.shift() ?? 200;
      response
        .writeHead(status, { "content-type": "application/json" })
        .end(JSON.stringify({ ok: status === 200 }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/sms`,
    received,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

const apps: TestApp[] = [];
afterEach(async () => {
  for (const t of apps.splice(0)) await t.close();
});
afterAll(async () => {
  for (const t of apps.splice(0)) await t.close();
});

async function appWith(env: Record<string, string>) {
  const t = await createTestApp({ SMS_RETRY_BASE_MS: "10", SMS_MAX_ATTEMPTS: "3", ...env });
  apps.push(t);
  return t;
}

async function orderIn(t: TestApp, options: { sellerSms?: boolean } = {}) {
  const { agent } = await signUp(t.app);
  const store = await createStoreVia(agent, "Glass og Glede");
  await agent.put(`/api/stores/${store.id}`, { phone: "+47 900 00 001" });
  if (options.sellerSms) await agent.put("/api/settings", { smsNotifications: true });
  const product = await createProductVia(agent, store.id, { title: "Vase", basePrice: "890" });
  const response = await new Agent(t.app).post("/api/orders", {
    storeId: store.id,
    buyerEmail: "kunde@example.no",
    shipToName: "Nora Kunde",
    shipToPhone: "912 34 567",
    items: [{ productId: product.id, qty: 1 }],
  });
  expect(response.statusCode).toBe(201);
  return response.json() as { id: string };
}

/** Runs the worker until nothing is due, waiting out the (10 ms) backoffs in between. */
async function drainWithRetries(t: TestApp, rounds = 20) {
  for (let round = 0; round < rounds; round++) {
    await t.app.smsOutbox.drain();
    const [pending] = await t.database.db.select().from(smsOutbox).where(eq(smsOutbox.status, "pending"));
    if (!pending) return;
    await new Promise((resolve) => setTimeout(resolve, 30));
  }
}

describe("order SMS", () => {
  it("logs the buyer's confirmation with the default provider, and the seller's when they opted in", async () => {
    const t = await appWith({});
    const order = await orderIn(t, { sellerSms: true });
    await t.app.smsOutbox.drain();
    const logs = await t.database.db
      .select()
      .from(smsLog)
      .where(eq(smsLog.orderId, order.id))
      .orderBy(asc(smsLog.purpose));
    expect(logs.map((log) => [log.purpose, log.status, log.toNumber])).toEqual([
      ["order_confirmation", "logged", "+4791234567"],
      ["seller_new_order", "logged", "+4790000001"],
    ]);
    expect(logs[0]?.message).toBe(
      `Thank you for your order at Glass og Glede! Order ${order.id.slice(0, 8)}, total 890 kr. The seller will contact you soon.`,
    );
  });

  it("does not text the seller who has SMS notifications off", async () => {
    const t = await appWith({});
    const order = await orderIn(t);
    await t.app.smsOutbox.drain();
    const logs = await t.database.db.select().from(smsLog).where(eq(smsLog.orderId, order.id));
    expect(logs.map((log) => log.purpose)).toEqual(["order_confirmation"]);
  });

  it("retries a failing gateway: two failures, then one sent message; the order was saved at once", async () => {
    const gateway = await fakeGateway([500, 503]);
    try {
      const t = await appWith({ SMS_PROVIDER: "http", SMS_HTTP_URL: gateway.url });
      const order = await orderIn(t);
      const [saved] = await t.database.db.select().from(orders).where(eq(orders.id, order.id));
      expect(saved?.status).toBe("pending");
      await drainWithRetries(t);
      const logs = await t.database.db
        .select()
        .from(smsLog)
        .where(eq(smsLog.orderId, order.id))
        .orderBy(asc(smsLog.attempt));
      expect(logs.map((log) => [log.attempt, log.status])).toEqual([
        [1, "failed"],
        [2, "failed"],
        [3, "sent"],
      ]);
      expect(logs[0]?.error).toContain("500");
      expect(gateway.received).toHaveLength(3);
      expect(gateway.received[2]).toMatchObject({ to: "+4791234567", from: "Torg" });
    } finally {
      await gateway.close();
    }
  });

  it("with the gateway down for good, the order stays and every failure is recorded", async () => {
    const t = await appWith({ SMS_PROVIDER: "http", SMS_HTTP_URL: "http://127.0.0.1:9/unreachable" });
    const order = await orderIn(t);
    await drainWithRetries(t);
    const [saved] = await t.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(saved).toBeDefined();
    const logs = await t.database.db.select().from(smsLog).where(eq(smsLog.orderId, order.id));
    expect(logs).toHaveLength(3);
    expect(logs.every((log) => log.status === "failed" && log.error)).toBe(true);
    const [outbox] = await t.database.db.select().from(smsOutbox).where(eq(smsOutbox.orderId, order.id));
    expect(outbox).toMatchObject({ status: "failed", attempts: 3 });
  });
});
