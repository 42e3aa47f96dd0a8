import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatOrgNumber, isValidOrgNumber } from "./org-number";
import { updateStoreSchema } from "./store";

describe("organisation number (mod-11, weights 3 2 7 6 5 4 3 2)", () => {
  it("accepts real numbers, with or without spaces", () => {
    // Equinor ASA and Brønnøysundregistrene, as Enhetsregisteret lists them.
    expect(isValidOrgNumber("923609016")).toBe(true);
    expect(isValidOrgNumber("923 609 016")).toBe(true);
    expect(isValidOrgNumber("974760673")).toBe(true);
    expect(formatOrgNumber("974760673")).toBe("974 760 673");
  });

  it("refuses a wrong check digit, a wrong length and letters", () => {
    expect(isValidOrgNumber("923609017")).toBe(false);
    expect(isValidOrgNumber("92360901")).toBe(false);
    expect(isValidOrgNumber("9236090160")).toBe(false);
    expect(isValidOrgNumber("92360901a")).toBe(false);
    expect(isValidOrgNumber("")).toBe(false);
  });

  it("refuses every number whose remainder asks for check digit 10", () => {
    // 00000006: 6 · 2 = 12, remainder 1 under mod 11, so its check digit would have to be 10.
    for (let last = 0; last <= 9; last++) expect(isValidOrgNumber(`00000006${last}`)).toBe(false);
  });

  it("changing any one digit of a valid number makes it invalid", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 8 }), fc.integer({ min: 1, max: 9 }), (position, delta) => {
        const digits = "923609016".split("");
        digits[position] = String((Number(digits[position]) + delta) % 10);
        return !isValidOrgNumber(digits.join(""));
      }),
    );
  });

  it("is the check the store settings route uses", () => {
    expect(updateStoreSchema.safeParse({ orgNumber: "923 609 016" }).success).toBe(true);
    expect(updateStoreSchema.safeParse({ orgNumber: "" }).success).toBe(true);
    const wrong = updateStoreSchema.safeParse({ orgNumber: "923609017" });
    expect(wrong.error?.issues[0]?.message).toBe("errors.orgNumberInvalid");
  });
});
