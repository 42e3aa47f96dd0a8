import http from "node:http";
import type { AddressInfo } from "node:net";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { smsLog, smsOutbox, storePhoneVerifications } from "../../db/schema";
import { createStoreVia } from "../../test/fixtures";
import { type Agent, createTestApp, signUp, type TestApp } from "../../test/harness";
import { lastPhoneCode } from "../sms/testing";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

/** Each store its own mobile number: the tests share one database, and texts per number are limited. */
let numbers = 0;
const nextPhone = () => `+4791${String(++numbers).padStart(6, "0")}`;

async function storeWithPhone(phone: string | null = nextPhone()) {
  const { agent } = await signUp(t.app);
  const store = await createStoreVia(agent);
  if (phone) await agent.put(`/api/stores/${store.id}`, { phone });
  return { agent, storeId: store.id as string, phone };
}

const sendCode = (agent: Agent, storeId: string) => agent.post(`/api/stores/${storeId}/phone-verification`);
const confirm = (agent: Agent, storeId: string, code: string) =>
  agent.post(`/api/stores/${storeId}/phone-verification/confirm`, { code });
/** A 6-digit code that is not the one sent. */
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");

describe("verifying a store's SMS phone", () => {
  it("a new phone is not verified; the texted code verifies it, and the store read says so", async () => {
    const { agent, storeId, phone } = await storeWithPhone();
    expect((await agent.get(`/api/stores/${storeId}`)).json()).toMatchObject({ phoneVerified: false });
    const sent = await sendCode(agent, storeId);
    expect(sent.statusCode).toBe(202);
    expect(sent.json()).toMatchObject({ phone });

    const code = await lastPhoneCode(t, storeId);
    const [log] = await t.database.db
      .select()
      .from(smsLog)
      .where(and(eq(smsLog.storeId, storeId), eq(smsLog.purpose, "phone_verification")));
    expect(log).toMatchObject({ toNumber: phone, status: "logged" });
    expect(log?.message).toBe(
      `Torg: your code is ${code}. It expires in 10 minutes. Do not share it with anyone.`,
    );
    // Only a hash of the code is kept, and the outbox forgets the text once it is sent.
    const [challenge] = await t.database.db
      .select()
      .from(storePhoneVerifications)
      .where(eq(storePhoneVerifications.storeId, storeId));
    expect(challenge?.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(challenge?.codeHash).not.toContain(code);
    const [queued] = await t.database.db.select().from(smsOutbox).where(eq(smsOutbox.storeId, storeId));
    expect(queued).toMatchObject({ status: "sent", body: null });

    const confirmed = await confirm(agent, storeId, code);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({ phone, phoneVerified: true });
    expect((await agent.get(`/api/stores/${storeId}`)).json()).toMatchObject({ phoneVerified: true });
    expect((await agent.get("/api/stores")).json()[0]).toMatchObject({ phoneVerified: true });
  });

  it("the code is texted in the seller's language", async () => {
    const { agent, storeId } = await storeWithPhone();
    await agent.request({
      method: "POST",
      url: `/api/stores/${storeId}/phone-verification`,
      headers: { "accept-language": "nb-NO" },
    });
    const code = await lastPhoneCode(t, storeId);
    const [log] = await t.database.db.select().from(smsLog).where(eq(smsLog.storeId, storeId));
    expect(log?.message).toBe(
      `Torg: koden din er ${code}. Den utløper om 10 minutter. Ikke del den med noen.`,
    );
  });

  it("a wrong code is a 400 that says so, and leaves the phone unverified", async () => {
    const { agent, storeId } = await storeWithPhone();
    await sendCode(agent, storeId);
    const code = await lastPhoneCode(t, storeId);
    const response = await confirm(agent, storeId, wrong(code));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: "That code is not right. Check the text message and try again.",
    });
    expect((await agent.get(`/api/stores/${storeId}`)).json()).toMatchObject({ phoneVerified: false });
    // Not a code at all: the form's message.
    const malformed = await confirm(agent, storeId, "12ab");
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe("Enter the 6-digit code from the text message.");
  });

  it("after five wrong codes even the right one is refused until a new code is sent", async () => {
    const { agent, storeId } = await storeWithPhone();
    await sendCode(agent, storeId);
    const code = await lastPhoneCode(t, storeId);
    for (let n = 0; n < 5; n++) expect((await confirm(agent, storeId, wrong(code))).statusCode).toBe(400);
    const blocked = await confirm(agent, storeId, code);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ message: "Too many wrong codes. Send a new code." });
    await sendCode(agent, storeId);
    expect((await confirm(agent, storeId, await lastPhoneCode(t, storeId))).statusCode).toBe(200);
  });

  it("an expired code is refused", async () => {
    const { agent, storeId } = await storeWithPhone();
    await sendCode(agent, storeId);
    const code = await lastPhoneCode(t, storeId);
    await t.database.db
      .update(storePhoneVerifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(storePhoneVerifications.storeId, storeId));
    const response = await confirm(agent, storeId, code);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(
      "The code has expired or was never sent to this number. Send a new code.",
    );
  });

  it("a code sent to the old number does not verify a new one", async () => {
    const { agent, storeId } = await storeWithPhone();
    await sendCode(agent, storeId);
    const code = await lastPhoneCode(t, storeId);
    await agent.put(`/api/stores/${storeId}`, { phone: nextPhone() });
    expect((await confirm(agent, storeId, code)).statusCode).toBe(400);
    expect((await agent.get(`/api/stores/${storeId}`)).json()).toMatchObject({ phoneVerified: false });
  });

  it("changing a verified phone clears its verification; saving the same number keeps it", async () => {
    const { agent, storeId, phone } = await storeWithPhone();
    await sendCode(agent, storeId);
    await confirm(agent, storeId, await lastPhoneCode(t, storeId));
    // The same number written the national way is the same number.
    const same = await agent.put(`/api/stores/${storeId}`, { phone: phone?.slice(3) });
    expect(same.json()).toMatchObject({ phoneVerified: true });
    const other = nextPhone();
    const changed = await agent.put(`/api/stores/${storeId}`, { phone: other });
    expect(changed.json()).toMatchObject({ phone: other, phoneVerified: false });
    const back = await agent.put(`/api/stores/${storeId}`, { phone });
    expect(back.json()).toMatchObject({ phoneVerified: false });
  });

  it("at most five codes per store per hour", async () => {
    const { agent, storeId } = await storeWithPhone();
    for (let n = 0; n < 5; n++) expect((await sendCode(agent, storeId)).statusCode).toBe(202);
    const refused = await sendCode(agent, storeId);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/^Too many codes sent\. Please try again in \d+ minutes\.$/);
  });

  it("needs a phone, and one not verified yet", async () => {
    const none = await storeWithPhone(null);
    const missing = await sendCode(none.agent, none.storeId);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ message: "Add the store's phone number for SMS orders first." });

    const { agent, storeId } = await storeWithPhone();
    await sendCode(agent, storeId);
    await confirm(agent, storeId, await lastPhoneCode(t, storeId));
    expect((await sendCode(agent, storeId)).statusCode).toBe(409);
  });

  it("another seller cannot send or confirm a code for the store", async () => {
    const { agent, storeId } = await storeWithPhone();
    await sendCode(agent, storeId);
    const code = await lastPhoneCode(t, storeId);
    const { agent: stranger } = await signUp(t.app);
    expect((await sendCode(stranger, storeId)).statusCode).toBe(404);
    expect((await confirm(stranger, storeId, code)).statusCode).toBe(404);
    expect((await agent.get(`/api/stores/${storeId}`)).json()).toMatchObject({ phoneVerified: false });
  });
});

describe("a code sent through a real gateway", () => {
  it("reaches the phone, and sms_log keeps the text without the code", async () => {
    const received: { to: string; message: string }[] = [];
    const server = http.createServer((request, response) => {
      let body = "";
      request.on("data", (chunk) => {
        body += chunk;
      });
      request.on("end", () => {
        received.push(JSON.parse(body));
        response.writeHead(200).end("{}");
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const gateway = await createTestApp({
      SMS_PROVIDER: "http",
      SMS_HTTP_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}/sms`,
    });
    try {
      const { agent } = await signUp(gateway.app);
      const store = await createStoreVia(agent);
      await agent.put(`/api/stores/${store.id}`, { phone: "+47 900 00 001" });
      await agent.post(`/api/stores/${store.id}/phone-verification`);
      await gateway.app.smsOutbox.drain();
      const code = received[0]?.message.match(/\d{6}/)?.[0] ?? "";
      expect(received[0]).toMatchObject({ to: "+4790000001" });
      const [log] = await gateway.database.db.select().from(smsLog).where(eq(smsLog.storeId, store.id));
      expect(log?.status).toBe("sent");
      expect(log?.message).not.toContain(code);
      expect(log?.message).toContain("******");
      const confirmed = await agent.post(`/api/stores/${store.id}/phone-verification/confirm`, { code });
      expect(confirmed.json()).toMatchObject({ phoneVerified: true });
    } finally {
      await gateway.close();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
