import { describe, expect, it } from "vitest";
import { HttpError } from "../../lib/http-error";
import { vippsPushPhone } from "./vipps-phone";

const refusal = (typed: string | undefined) => {
  try {
    vippsPushPhone(typed);
  } catch (error) {
    if (error instanceof HttpError) return error.messageKey;
    throw error;
  }
  return undefined;
};

describe("the shopper's number for a Vipps push at the stall (decision 0077)", () => {
  it("reads a Norwegian mobile as E.164", () => {
    expect(vippsPushPhone("412 34 567")).toBe("+4741234567");
    expect(vippsPushPhone("+47 912 34 567")).toBe("+4791234567");
  });

  it("refuses no number, a number that is not one, and a landline, each in its own words", () => {
    expect(refusal(undefined)).toBe("salePhoneRequired");
    expect(refusal("12345678x")).toBe("phoneInvalid");
    // 22 xx xx xx is an Oslo landline: Vipps' app is on a mobile.
    expect(refusal("22 12 34 56")).toBe("vippsPhoneNotMobile");
  });
});
