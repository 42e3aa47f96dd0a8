import { describe, expect, it } from "vitest";
import { formatGiftCardCode, giftCardCheckSymbol } from "../../../../shared/gift-card";
import {
  classifyCode,
  createQuoteSequence,
  hasCodes,
  isPositive,
  paidByGiftCard,
  refusedCode,
  sameCodes,
  withCode,
  withoutCode,
} from "./price-codes";

const PAYLOAD = "7K3MQ9TBX2R";
const CARD = `${PAYLOAD}${giftCardCheckSymbol(PAYLOAD)}`;

describe("a typed code", () => {
  it("is a gift card when it reads as one, however it is typed", () => {
    for (const typed of [CARD, formatGiftCardCode(CARD), ` ${formatGiftCardCode(CARD).toLowerCase()} `]) {
      expect(classifyCode(typed), typed).toEqual({ kind: "giftCardCode", code: CARD });
    }
  });

  it("is a discount code otherwise, trimmed and as typed (the server compares without case)", () => {
    expect(classifyCode("  sommer20 ")).toEqual({ kind: "discountCode", code: "sommer20" });
    // Twelve symbols with a wrong check symbol: a mistyped card reads as a discount code, and the
    // server says it does not know it.
    const wrongCheck = `${PAYLOAD}${giftCardCheckSymbol(PAYLOAD) === "0" ? "1" : "0"}`;
    expect(classifyCode(wrongCheck)).toEqual({ kind: "discountCode", code: wrongCheck });
  });

  it("is nothing when the field is empty", () => {
    expect(classifyCode("")).toBeUndefined();
    expect(classifyCode("   ")).toBeUndefined();
  });
});

describe("the applied codes", () => {
  it("hold one of each kind; a second of a kind replaces the first", () => {
    let codes = withCode({}, { kind: "discountCode", code: "SOMMER" });
    codes = withCode(codes, { kind: "giftCardCode", code: CARD });
    expect(codes).toEqual({ discountCode: "SOMMER", giftCardCode: CARD });
    expect(withCode(codes, { kind: "discountCode", code: "VINTER" })).toEqual({
      discountCode: "VINTER",
      giftCardCode: CARD,
    });
    expect(withoutCode(codes, "discountCode")).toEqual({ giftCardCode: CARD });
    expect(hasCodes(withoutCode(withoutCode(codes, "discountCode"), "giftCardCode"))).toBe(false);
  });

  it("are the same whatever the discount code's case", () => {
    expect(sameCodes({ discountCode: "sommer" }, { discountCode: "SOMMER" })).toBe(true);
    expect(sameCodes({ discountCode: "sommer" }, {})).toBe(false);
    expect(sameCodes({ giftCardCode: CARD }, { giftCardCode: CARD })).toBe(true);
  });

  it("drop the code being tried when a quote is refused, else the discount, else the card", () => {
    const both = { discountCode: "SOMMER", giftCardCode: CARD };
    expect(refusedCode(both, "giftCardCode")).toBe("giftCardCode");
    expect(refusedCode(both, "discountCode")).toBe("discountCode");
    expect(refusedCode(both, undefined)).toBe("discountCode");
    expect(refusedCode({ giftCardCode: CARD }, undefined)).toBe("giftCardCode");
    expect(refusedCode({}, undefined)).toBeUndefined();
  });
});

describe("quote answers", () => {
  it("count only when they answer the last request", () => {
    const sequence = createQuoteSequence();
    const first = sequence.next();
    const second = sequence.next();
    expect(sequence.isLatest(first)).toBe(false);
    expect(sequence.isLatest(second)).toBe(true);
  });

  it("say the order is paid by gift card only when a card leaves nothing to pay", () => {
    expect(paidByGiftCard({ total: "0.00", giftCard: "450.00" })).toBe(true);
    expect(paidByGiftCard({ total: "0.00", giftCard: "0.00" })).toBe(false);
    expect(paidByGiftCard({ total: "50.00", giftCard: "400.00" })).toBe(false);
    expect(paidByGiftCard(null)).toBe(false);
    expect(isPositive("0.00")).toBe(false);
    expect(isPositive("0.50")).toBe(true);
    expect(isPositive(undefined)).toBe(false);
  });
});
