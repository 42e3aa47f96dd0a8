import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { CarrierError, type Carriers } from "../../adapters/carriers";
import { storeCarriers } from "../../db/schema";
import { HttpError } from "../../lib/http-error";
import { type FakeBring, startFakeBring } from "../../test/fakes/bring";
import { FAKE_BRING_ACCOUNT } from "../../test/fakes/bring-account";
import { createStoreVia } from "../../test/fixtures";
import { Agent, createTestApp, signUp, type TestApp } from "../../test/harness";
import { saveCarrierSettings } from "./carrier-settings";
import { TEST_SENDER } from "./testing";

/** PUT/GET/DELETE /api/stores/{id}/carrier against the local Bring fake (decision 0079). */
let fake: FakeBring;
let t: TestApp;
beforeAll(async () => {
  fake = await startFakeBring({ advance: false });
  t = await createTestApp({ BRING_API_URL: fake.url });
});
afterEach(() => fake.reset());
afterAll(async () => {
  await t.close();
  await fake.close();
});

const connect = {
  provider: "bring",
  ...FAKE_BRING_ACCOUNT,
  sender: TEST_SENDER,
  services: [{ code: "5800" }, { code: "3584", price: "79" }],
  defaultWeightGrams: 800,
  freeAbove: "1500",
  fulfilOnDelivery: true,
};

async function sellerWithStore() {
  const seller = await signUp(t.app);
  const store = await createStoreVia(seller.agent);
  return { ...seller, store, url: `/api/stores/${store.id}/carrier` };
}

const savedRow = async (storeId: string) =>
  (await t.database.db.select().from(storeCarriers).where(eq(storeCarriers.storeId, storeId)))[0];

describe("connect Bring", () => {
  it("a store without Bring reads null; connecting checks the account with Bring and GET shows all but the key", async () => {
    const { agent, store, url } = await sellerWithStore();
    const before = await agent.get(url);
    expect(before.statusCode).toBe(200);
    expect(before.json()).toBeNull();

    const saved = await agent.put(url, connect);
    expect(saved.statusCode).toBe(200);
    const view = saved.json();
    expect(view).toMatchObject({
      provider: "bring",
      apiUid: FAKE_BRING_ACCOUNT.apiUid,
      customerNumber: FAKE_BRING_ACCOUNT.customerNumber,
      sender: TEST_SENDER,
      services: [
        { code: "5800", price: null },
        { code: "3584", price: "79.00" },
      ],
      defaultWeightGrams: 800,
      freeAbove: "1500.00",
      fulfilOnDelivery: true,
    });
    expect(saved.body).not.toContain(FAKE_BRING_ACCOUNT.apiKey);
    expect(view).not.toHaveProperty("apiKey");
    const read = await agent.get(url);
    expect(read.json()).toEqual(view);
    expect(read.body).not.toContain(FAKE_BRING_ACCOUNT.apiKey);

    // Bring was asked with the seller's own headers before anything was saved.
    expect(
      fake.requests.some((call) => call.headers["x-mybring-api-key"] === FAKE_BRING_ACCOUNT.apiKey),
    ).toBe(true);
    const row = await savedRow(store.id);
    expect(row?.apiKeySealed).toMatch(/^v1\./);
    expect(row?.apiKeySealed).not.toContain(FAKE_BRING_ACCOUNT.apiKey);
  });

  it("a wrong key is told at once (400, the message) and nothing is saved", async () => {
    const { agent, store, url } = await sellerWithStore();
    const refused = await agent.put(url, { ...connect, apiKey: "not-the-right-key" });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(
      "Bring did not accept this Mybring user, API key and customer number. Check them in Mybring and try again.",
    );
    expect(await savedRow(store.id)).toBeUndefined();
    expect((await agent.get(url)).json()).toBeNull();

    const norwegian = await agent.request({
      method: "PUT",
      url,
      payload: { ...connect, apiUid: "someone@else.test" },
      headers: { "accept-language": "nb" },
    });
    expect(norwegian.statusCode).toBe(400);
    expect(norwegian.json().message).toMatch(/^Bring godtok ikke/);
  });

  it("a customer number the user does not have is refused too", async () => {
    const { agent, store, url } = await sellerWithStore();
    const refused = await agent.put(url, { ...connect, customerNumber: "99999999999" });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/did not accept/);
    expect(await savedRow(store.id)).toBeUndefined();
  });

  it("Bring down or throttling: 503 with a message, nothing saved, and the saved account unchanged", async () => {
    const { agent, store, url } = await sellerWithStore();
    fake.setDown(true);
    const down = await agent.put(url, connect);
    expect(down.statusCode).toBe(503);
    expect(down.json().message).toBe("Bring is not answering just now. Try again in a minute.");
    expect(await savedRow(store.id)).toBeUndefined();

    fake.setDown(false);
    expect((await agent.put(url, connect)).statusCode).toBe(200);
    fake.rateLimitNext(5);
    const throttled = await agent.put(url, { ...connect, defaultWeightGrams: 2000 });
    expect(throttled.statusCode).toBe(503);
    expect((await agent.get(url)).json()).toMatchObject({ defaultWeightGrams: 800 });
  });

  it("the key left out keeps the saved one (checked with Bring again); the first save needs one", async () => {
    const { agent, store, url } = await sellerWithStore();
    const { apiKey: _key, ...withoutKey } = connect;
    const first = await agent.put(url, withoutKey);
    expect(first.statusCode).toBe(400);
    expect(first.json().message).toBe("Enter the API key from Mybring");
    expect(await savedRow(store.id)).toBeUndefined();

    await agent.put(url, connect);
    const sealed = (await savedRow(store.id))?.apiKeySealed;
    fake.reset();
    const again = await agent.put(url, { ...withoutKey, services: [{ code: "5600" }], freeAbove: null });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ services: [{ code: "5600", price: null }], freeAbove: null });
    expect(fake.requests.at(-1)?.headers["x-mybring-api-key"]).toBe(FAKE_BRING_ACCOUNT.apiKey);
    expect((await savedRow(store.id))?.apiKeySealed).toBe(sealed);
  });

  it("refuses bad input with 400 and the field's message", async () => {
    const { agent, store, url } = await sellerWithStore();
    const cases: [Record<string, unknown>, string][] = [
      [{ provider: "postnord" }, "Torg ships with Bring only for now"],
      [{ apiUid: "" }, "Enter your Mybring user (the e-mail you sign in to Mybring with)"],
      [{ apiKey: "short" }, "Enter the API key from Mybring"],
      [{ customerNumber: "" }, "Enter your Bring customer number"],
      [{ sender: { ...TEST_SENDER, postalCode: "155" } }, "Enter a postcode of 4 digits, for example 0155"],
      [{ sender: { ...TEST_SENDER, name: "" } }, "Enter the sender's name for the labels"],
      [{ services: [] }, "Choose at least one Bring service to offer"],
      [{ services: [{ code: "9999" }] }, "Choose one of the Bring services listed"],
      [{ services: [{ code: "5800" }, { code: "5800" }] }, "Choose one of the Bring services listed"],
      [{ services: [{ code: "5800", price: "12.50" }] }, "Price must be in whole kroner"],
      [{ defaultWeightGrams: 0 }, "Enter the weight in whole grams"],
      [{ defaultWeightGrams: 36_000 }, "A parcel can weigh at most 35 kg"],
      [{ freeAbove: "-1" }, "Price must be a positive number"],
    ];
    for (const [change, message] of cases) {
      const refused = await agent.put(url, { ...connect, ...change });
      expect(refused.statusCode, JSON.stringify(change)).toBe(400);
      const body = refused.json();
      expect(typeof body.message).toBe("string");
      if (message) expect(body.message, JSON.stringify(change)).toContain(message);
    }
    expect(await savedRow(store.id)).toBeUndefined();
  });

  it("another seller's store is not found, and visitors must sign in", async () => {
    const { agent, url } = await sellerWithStore();
    await agent.put(url, connect);
    const other = (await signUp(t.app)).agent;
    for (const method of ["GET", "PUT", "DELETE"] as const) {
      const answer = await other.request({ method, url, payload: method === "PUT" ? connect : undefined });
      expect(answer.statusCode, method).toBe(404);
      const visitor = await new Agent(t.app).request({ method, url });
      expect(visitor.statusCode, method).toBe(401);
    }
    expect((await agent.get(url)).json()).toMatchObject({ apiUid: FAKE_BRING_ACCOUNT.apiUid });
  });

  it("DELETE disconnects (and again is still ok); the store reads null", async () => {
    const { agent, store, url } = await sellerWithStore();
    await agent.put(url, connect);
    expect((await agent.delete(url)).json()).toEqual({ ok: true });
    expect(await savedRow(store.id)).toBeUndefined();
    expect((await agent.get(url)).json()).toBeNull();
    expect((await agent.delete(url)).statusCode).toBe(200);
  });

  it("a refusal other than the key's is told in Bring's own words", async () => {
    const { store } = await sellerWithStore();
    const refusing = {
      bring: {
        checkAccount: async () => {
          throw new CarrierError("refused", "Customer 20012345678 is blocked for booking");
        },
      },
    } as unknown as Carriers;
    const input = { ...connect, provider: "bring" as const, services: [{ code: "5800" as const }] };
    const error = await saveCarrierSettings(t.database.db, refusing, store.id, input).catch((e) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ statusCode: 400, messageKey: "carrierRefused" });
    expect(error.params).toEqual({ message: "Customer 20012345678 is blocked for booking" });
    expect(await savedRow(store.id)).toBeUndefined();
  });
});
