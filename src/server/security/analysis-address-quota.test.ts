/**
 * Analysis quota farming: the per-account quota alone lets one address sign up account after account
 * (each with its own hourly analyses) and have the server decode, analyse and store photos without end.
 * Signed-in analyses are also counted per client address: past AI_ADDRESS_PER_HOUR, any account from
 * that address gets a 429; another address is not affected.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { multipart, sampleJpeg } from "../test/fixtures";
import { signUp, type TestApp } from "../test/harness";
import { createSecurityApp, type SecurityApp } from "./scenario";

let app: SecurityApp;
let t: TestApp;
beforeAll(async () => {
  app = await createSecurityApp({ AI_USER_PER_HOUR: "100", AI_ADDRESS_PER_HOUR: "4" });
  t = app.t;
});
afterAll(() => app?.close());

async function analyse(token: string | undefined, remoteAddress: string, photos = 1) {
  const files = await Promise.all(
    Array.from({ length: photos }, async (_, index) => ({
      field: "productImages",
      filename: `mug-${index}.jpg`,
      body: await sampleJpeg(160, 120),
      type: "image/jpeg",
    })),
  );
  const form = multipart({}, files);
  return t.app.inject({
    method: "POST",
    url: "/api/products/analyze-multiple",
    payload: form.payload,
    headers: { ...form.headers, ...(token ? { cookie: `torg_session=${token}` } : {}) },
    remoteAddress,
  });
}

describe("signed-in analyses per address", () => {
  it("are refused with 429 across several accounts from one address, not from another address", async () => {
    const farm = "203.0.113.77";
    const accounts = await Promise.all(Array.from({ length: 3 }, () => signUp(t.app)));
    const [first, second, third] = accounts.map((account) => account.agent.cookie);
    expect((await analyse(first, farm, 2)).statusCode).toBe(200);
    expect((await analyse(second, farm, 2)).statusCode).toBe(200);
    // Four photos from this address this hour: a fresh account does not start a fresh count.
    const refused = await analyse(third, farm);
    expect(refused.statusCode, refused.body).toBe(429);
    expect(refused.headers["retry-after"]).toBeDefined();
    expect(refused.json().message).toMatch(/analys/i);
    // The same account elsewhere still has its own hourly analyses.
    expect((await analyse(third, "198.51.100.23")).statusCode).toBe(200);
  });
});
