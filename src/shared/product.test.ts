import { describe, expect, it } from "vitest";
import { productFieldsSchema, updateProductFieldsSchema } from "./product";

const fields = (basePrice: unknown) => ({ title: "Ash glaze mug", basePrice });
const issue = (result: { error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe("product prices are whole kroner", () => {
  it("takes whole kroner as a number or text, with or without zero øre", () => {
    for (const price of [12, "12", "12.00", "12,00", "0", 0, "99999999"]) {
      const parsed = productFieldsSchema.safeParse(fields(price));
      expect(parsed.success, String(price)).toBe(true);
    }
    expect(productFieldsSchema.parse(fields("12,00")).basePrice).toBe("12.00");
    expect(productFieldsSchema.parse(fields(349)).basePrice).toBe("349.00");
  });

  it("refuses øre, in the form and in the route, with its own message", () => {
    for (const price of [12.5, "12.5", "12,50", "12.05", "0.99"]) {
      expect(issue(productFieldsSchema.safeParse(fields(price))), String(price)).toBe(
        "errors.priceWholeKroner",
      );
      expect(issue(updateProductFieldsSchema.safeParse({ basePrice: price })), String(price)).toBe(
        "errors.priceWholeKroner",
      );
    }
  });

  it("still refuses what is not a price at all with the price message", () => {
    for (const price of ["-5", "abc", "", "1e3", null]) {
      expect(issue(productFieldsSchema.safeParse(fields(price))), String(price)).toBe("errors.priceInvalid");
    }
  });
});
