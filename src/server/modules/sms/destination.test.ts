import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { toE164 } from "../../../shared/phone";
import { emailLog, smsOutbox } from "../../db/schema";
import { createProductVia, createStoreVia } from "../../test/fixtures";
import { type Agent, createTestApp, signUp, type TestApp } from "../../test/harness";
import { readPhone, smsDestinationProblem } from "./destination";

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

function checkout(phone: string, language = "en", buyerEmail = "kunde@example.no") {
  return t.app.inject({
    method: "POST",
    url: "/api/orders",
    headers: { "accept-language": language },
    payload: {
      storeId,
      buyerEmail,
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

/** Mobiles and landlines of the countries Torg serves, as shoppers type them. */
const SERVED_NUMBERS = [
  ["a Norwegian mobile (9)", "+47 912 34 567", "+4791234567", "NO"],
  ["a Norwegian mobile (4) without country code", "412 34 567", "+4741234567", "NO"],
  ["a Norwegian mobile typed with 0047", "0047 48 12 34 56", "+4748123456", "NO"],
  ["an Oslo landline", "22 12 34 56", "+4722123456", "NO"],
  ["a Bergen landline", "+47 55 12 34 56", "+4755123456", "NO"],
  ["a Svalbard landline (+47 79)", "+47 79 02 12 34", "+4779021234", "SJ"],
  ["a Swedish mobile", "+46 70 123 45 67", "+46701234567", "SE"],
  ["a Swedish mobile (073)", "+46 73 123 45 67", "+46731234567", "SE"],
  ["a Stockholm landline", "+46 8 123 456 78", "+46812345678", "SE"],
  ["a Gothenburg landline", "+46 31 123 45 67", "+46311234567", "SE"],
  ["a Danish mobile", "+45 20 12 34 56", "+4520123456", "DK"],
  ["a Danish mobile (5)", "+45 51 23 45 67", "+4551234567", "DK"],
  ["a Copenhagen landline", "+45 33 12 34 56", "+4533123456", "DK"],
] as const;

describe("a number is read once, with the full metadata (decision 0046, addendum)", () => {
  it.each(SERVED_NUMBERS)(
    "%s: %s is %s in %s, as the browser's reading has it",
    (_, typed, e164, country) => {
      const read = readPhone(typed);
      expect(read).toMatchObject({ e164, country });
      // The shared reading (the small metadata, which the browser and the stores' phones use) agrees.
      expect(toE164(typed)).toBe(e164);
    },
  );

  it("refuses what the small metadata refuses, and gives the same E.164 for every number it accepts", () => {
    // Every 8-digit Norwegian and Danish number with each leading pair, and Swedish ones of each length.
    const numbers = [
      ...Array.from({ length: 100 }, (_, n) => `+47${String(n).padStart(2, "0")}123456`),
      ...Array.from({ length: 100 }, (_, n) => `+45${String(n).padStart(2, "0")}123456`),
      ...[7, 8, 9, 10].flatMap((length) =>
        Array.from(
          { length: 100 },
          (_, n) => `+46${String(n).padStart(2, "0")}${"1234567890".slice(0, length - 2)}`,
        ),
      ),
      ...["12", "1234", "00000000", "+47 0000 0000", "+46 0 00", "abcdefgh"],
    ];
    let accepted = 0;
    for (const number of numbers) {
      const read = readPhone(number);
      if (read) {
        accepted++;
        expect(toE164(number)).toBe(read.e164);
      } else expect(smsDestinationProblem(number, ["NO", "SE", "DK"])).toEqual({ problem: "invalid" });
      if (toE164(number) === undefined) expect(read).toBeUndefined();
    }
    expect(accepted).toBeGreaterThan(100);
  });
});

describe("checkout reads the shopper's phone once and keeps it as E.164", () => {
  it.each(SERVED_NUMBERS.filter(([, , , country]) => country !== "SJ"))(
    "%s: %s is stored as %s",
    async (_, typed, e164) => {
      const response = await checkout(typed);
      expect(response.statusCode).toBe(201);
      expect(response.json().shipToPhone).toBe(e164);
    },
  );

  it("one Idempotency-Key with the number typed two ways is one order", async () => {
    const key = `phone-${Date.now()}`;
    const send = (phone: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/orders",
        headers: { "idempotency-key": key },
        payload: {
          storeId,
          buyerEmail: "kunde@example.no",
          shipToName: "Nora Kunde",
          shipToPhone: phone,
          items: [{ productId, qty: 1 }],
        },
      });
    const first = await send("+47 912 34 567");
    const again = await send("91234567");
    expect([first.statusCode, again.statusCode]).toEqual([201, 200]);
    expect(again.json().id).toBe(first.json().id);
  });

  it.each([
    [
      "too short",
      "1234",
      "This phone number is too short. Enter the whole number, with the country code if it is not Norwegian.",
    ],
    ["not a number", "00000000", "Enter a valid phone number, for example +47 912 34 567"],
    // Valid to the small metadata, an unallocated range to the full one: refused as invalid all the same.
    [
      "an unallocated Norwegian range",
      "+47 0490 7",
      "Enter a valid phone number, for example +47 912 34 567",
    ],
  ])("%s (%s): a 400 on the phone field", async (_, phone, message) => {
    const response = await checkout(phone);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message, issues: [{ path: "shipToPhone", message }] });
  });
});

describe("checkout takes any valid number; only the countries Torg texts get the text (decision 0068)", () => {
  async function messagesOf(orderId: string) {
    await t.app.smsOutbox.drain();
    await t.app.emailOutbox.drain();
    const texts = await t.database.db.select().from(smsOutbox).where(eq(smsOutbox.orderId, orderId));
    const mails = await t.database.db.select().from(emailLog).where(eq(emailLog.orderId, orderId));
    return { texts, mails };
  }

  it.each([
    ["an Uzbek mobile", "+998 90 123 45 67", "+998901234567"],
    ["a German mobile", "+49 151 23456789", "+4915123456789"],
    ["a US number", "+1 212 555 0123", "+12125550123"],
  ])("%s (%s): the order is placed, confirmed by e-mail, and no text is queued", async (_, typed, e164) => {
    // An address of its own: the receipts to one address are limited per hour.
    const email = `buyer-${e164.slice(1)}@example.org`;
    const response = await checkout(typed, "en", email);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ shipToPhone: e164, smsConfirmation: false });
    const { texts, mails } = await messagesOf(response.json().id);
    expect(texts).toEqual([]);
    const receipt = mails.find((mail) => mail.purpose === "order_confirmation");
    expect(receipt).toMatchObject({ toAddress: email, status: "logged" });
  });

  it("a Norwegian mobile gets its text and its e-mail, and the answer says so", async () => {
    const response = await checkout("+47 912 34 567", "en", "nordic-buyer@example.org");
    expect(response.json()).toMatchObject({ smsConfirmation: true });
    const { texts, mails } = await messagesOf(response.json().id);
    expect(texts.map((text) => [text.toNumber, text.purpose, text.status])).toEqual([
      ["+4791234567", "order_confirmation", "sent"],
    ]);
    expect(mails.map((mail) => mail.purpose)).toContain("order_confirmation");
  });

  it("a foreign order's later news is not texted either: cancelling it queues no text", async () => {
    const placed = (await checkout("+998 90 123 45 67")).json();
    const cancelled = await seller.patch(`/api/orders/${placed.id}/status`, { status: "cancelled" });
    expect(cancelled.statusCode).toBe(200);
    const { texts } = await messagesOf(placed.id);
    expect(texts).toEqual([]);
  });

  it("a Norwegian 820 number: a 400 on the phone field saying it is a premium-rate number", async () => {
    const message =
      "That is a premium-rate or service number, which cannot get texts. Enter a mobile number.";
    const response = await checkout("+47 820 12 345");
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message, issues: [{ path: "shipToPhone", message }] });
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

describe("issue 33 item 2: a seller's SMS phone is a mobile (decision 0069)", () => {
  const notMobile =
    "That is not a mobile number, so it cannot get texts. Enter a mobile number, for example +47 912 34 567.";

  it.each([
    ["an Oslo landline", "22 12 34 56"],
    ["a Bergen landline", "+47 55 12 34 56"],
    ["a Stockholm landline", "+46 8 123 456 78"],
  ])("%s (%s) is refused with a message saying why, and nothing is saved", async (_, phone) => {
    const before = (await seller.get(`/api/stores/${storeId}`)).json().phone;
    const response = await seller.put(`/api/stores/${storeId}`, { phone });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: notMobile });
    expect((await seller.get(`/api/stores/${storeId}`)).json()).toMatchObject({ phone: before });
  });

  it("the message is in the seller's language", async () => {
    const response = await seller.request({
      method: "PUT",
      url: `/api/stores/${storeId}`,
      headers: { "accept-language": "nb" },
      payload: { phone: "22 12 34 56" },
    });
    expect(response.json().message).toBe(
      "Det er ikke et mobilnummer, så det kan ikke motta SMS. Skriv inn et mobilnummer, for eksempel +47 912 34 567.",
    );
  });

  it.each([
    ["a Norwegian mobile (9)", "912 34 567", "+4791234567"],
    ["a Norwegian mobile (4)", "+47 412 34 567", "+4741234567"],
    ["a Swedish mobile", "+46 70 123 45 67", "+46701234567"],
    // Danish numbers do not tell a mobile from a landline (FIXED_LINE_OR_MOBILE): accepted.
    ["a Danish number", "+45 33 12 34 56", "+4533123456"],
  ])("%s (%s) is accepted", async (_, phone, e164) => {
    const response = await seller.put(`/api/stores/${storeId}`, { phone });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ phone: e164 });
  });
});
