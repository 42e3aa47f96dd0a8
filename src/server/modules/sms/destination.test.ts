import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createProductVia, createStoreVia } from "../../test/fixtures";
import { type Agent, createTestApp, signUp, type TestApp } from "../../test/harness";
import { smsDestinationProblem } from "./destination";

let t: TestApp;
let seller: Agent;
let storeId: string;
let productId: string;
beforeAll(async () => {
  t = await createTestApp();
  seller = (await signUp(t.app)).agent;
  storeId = (await createStoreVia(seller)).id;
  productId = (await createProductVia(seller, storeId, { title: "Vase", basePrice: "100" })).id;
});
afterAll(() => t?.close());

function checkout(phone: string, language = "en") {
  return t.app.inject({
    method: "POST",
    url: "/api/orders",
    headers: { "accept-language": language },
    payload: {
      storeId,
      buyerEmail: "kunde@example.no",
      shipToName: "Nora Kunde",
      shipToPhone: phone,
      items: [{ productId, qty: 1 }],
    },
  });
}

describe("the numbers Torg texts", () => {
  it.each([
    ["a Norwegian mobile", "+47 912 34 567", undefined],
    ["a Norwegian mobile without country code", "412 34 567", undefined],
    ["a Swedish mobile", "+46 70 123 45 67", undefined],
    ["a Danish mobile", "+45 20 12 34 56", undefined],
    ["an Uzbek mobile", "+998 90 123 45 67", { problem: "country", country: "UZ" }],
    ["a Norwegian 820 premium-rate number", "820 12 345", { problem: "premium" }],
    ["a Norwegian 829 premium-rate number", "+47 829 12 345", { problem: "premium" }],
    ["a Norwegian 815 shared-cost service number", "+47 815 12 345", { problem: "premium" }],
    ["nonsense", "12", { problem: "invalid" }],
  ])("%s: %s", (_, phone, problem) => {
    expect(smsDestinationProblem(phone, ["NO", "SE", "DK"])).toEqual(problem);
  });

  it("the served countries are configurable", () => {
    expect(smsDestinationProblem("+46 70 123 45 67", ["NO"])).toEqual({ problem: "country", country: "SE" });
  });
});

describe("checkout refuses a phone Torg will not text, in the shopper's language", () => {
  it("+998 (Uzbekistan): a 400 naming the country and the ones served", async () => {
    const response = await checkout("+998 90 123 45 67");
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message:
        "Torg does not send texts to numbers in Uzbekistan. Enter a phone number from Norway, Sweden, or Denmark.",
    });
    const norwegian = await checkout("+998 90 123 45 67", "nb-NO");
    expect(norwegian.json().message).toBe(
      "Torg sender ikke SMS til numre i Usbekistan. Skriv inn et telefonnummer fra Norge, Sverige eller Danmark.",
    );
  });

  it("a Norwegian 820 number: a 400 saying it is a premium-rate number", async () => {
    const response = await checkout("+47 820 12 345");
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: "That is a premium-rate or service number, which cannot get texts. Enter a mobile number.",
    });
    const swedish = await checkout("820 12 345", "sv");
    expect(swedish.json().message).toBe(
      "Det är ett betalnummer eller ett tjänstenummer, som inte kan ta emot sms. Ange ett mobilnummer.",
    );
  });

  it.each(["+47 912 34 567", "+46 70 123 45 67", "+45 20 12 34 56"])(
    "%s is a normal mobile: the order is placed",
    async (phone) => {
      expect((await checkout(phone)).statusCode).toBe(201);
    },
  );
});

describe("a store's SMS phone must be one Torg texts", () => {
  it.each([
    [
      "+998 90 123 45 67",
      "Torg does not send texts to numbers in Uzbekistan. Enter a phone number from Norway, Sweden, or Denmark.",
    ],
    [
      "820 12 345",
      "That is a premium-rate or service number, which cannot get texts. Enter a mobile number.",
    ],
  ])("%s is refused", async (phone, message) => {
    const response = await seller.put(`/api/stores/${storeId}`, { phone });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
    expect((await seller.get(`/api/stores/${storeId}`)).json()).toMatchObject({ phone: null });
  });

  it("a Danish mobile is accepted", async () => {
    const response = await seller.put(`/api/stores/${storeId}`, { phone: "+45 20 12 34 56" });
    expect(response.json()).toMatchObject({ phone: "+4520123456", phoneVerified: false });
  });
});
