import { describe, expect, it } from "vitest";
import { carrierSettingsSchema } from "./carrier-settings";
import { isPickupService, parcelWeightGrams, serviceTakesWeight, shippingChoiceSchema } from "./shipping";

describe("a parcel's weight", () => {
  it("adds each line's weight times its quantity, the store's default standing in for a missing one", () => {
    expect(
      parcelWeightGrams(
        [
          { qty: 2, weightGrams: 450 },
          { qty: 1, weightGrams: null },
        ],
        1000,
      ),
    ).toBe(1900);
    expect(parcelWeightGrams([], 1000)).toBe(0);
  });
});

describe("Bring's services", () => {
  it("knows which one goes to a pick-up point", () => {
    expect(isPickupService("5800")).toBe(true);
    expect(isPickupService("5600")).toBe(false);
    expect(isPickupService("9999")).toBe(false);
  });

  it("takes a mailbox parcel up to 5 kg, the others up to 35 kg", () => {
    expect(serviceTakesWeight("3584", 5000)).toBe(true);
    expect(serviceTakesWeight("3584", 5001)).toBe(false);
    expect(serviceTakesWeight("5800", 35_000)).toBe(true);
    expect(serviceTakesWeight("5600", 35_001)).toBe(false);
    expect(serviceTakesWeight("1234", 1)).toBe(false);
  });
});

describe("the carrier settings form", () => {
  const valid = {
    provider: "bring",
    apiUid: "maker@example.no",
    apiKey: "0123456789abcdef",
    customerNumber: "20012345678",
    sender: { name: "Leirverkstedet", street: "Storgata 1", postalCode: "0155", city: "Oslo" },
    services: [{ code: "5800" }, { code: "5600", price: "99" }],
    defaultWeightGrams: 800,
  };

  it("takes a complete form, the key optional (kept from before)", () => {
    expect(carrierSettingsSchema.safeParse(valid).success).toBe(true);
    expect(carrierSettingsSchema.safeParse({ ...valid, apiKey: undefined }).success).toBe(true);
  });

  it("says what is wrong", () => {
    const messages = (input: unknown) =>
      carrierSettingsSchema.safeParse(input).error?.issues.map((issue) => issue.message) ?? [];
    expect(messages({ ...valid, services: [] })).toEqual(["errors.carrierServicesRequired"]);
    expect(messages({ ...valid, services: [{ code: "5800" }, { code: "5800" }] })).toEqual([
      "errors.carrierServiceInvalid",
    ]);
    expect(messages({ ...valid, sender: { ...valid.sender, postalCode: "155" } })).toEqual([
      "errors.postcodeInvalid",
    ]);
    expect(messages({ ...valid, defaultWeightGrams: 36_000 })).toEqual(["errors.weightTooHigh"]);
    expect(messages({ ...valid, defaultWeightGrams: 1.5 })).toEqual(["errors.weightInvalid"]);
  });
});

describe("the shopper's choice of service", () => {
  it("names one of Bring's services, the pick-up point optional", () => {
    expect(shippingChoiceSchema.safeParse({ service: "5800", pickupPointId: "123456" }).success).toBe(true);
    expect(shippingChoiceSchema.safeParse({ service: "1234" }).error?.issues[0]?.message).toBe(
      "errors.carrierServiceInvalid",
    );
  });
});
