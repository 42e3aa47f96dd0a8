import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { applyDiscount, type DiscountRule, discountCodeKey, discountRuleOf, discountValue } from "./discount";

const rule = (fields: Partial<DiscountRule> = {}): DiscountRule => ({
  kind: "percent",
  value: 10,
  minOrderOre: null,
  startsAt: null,
  endsAt: null,
  maxUses: null,
  uses: 0,
  onePerShopper: false,
  state: "active",
  productIds: null,
  ...fields,
});
const now = Date.parse("2026-12-10T12:00:00+01:00");
const lines = [
  { productId: "mug", grossOre: 34_900 },
  { productId: "vase", grossOre: 50_000 },
];

describe("applyDiscount (decision 0076)", () => {
  it("takes a percentage off, rounded half up to the øre", () => {
    expect(applyDiscount(rule({ value: 10 }), { lines, now })).toEqual({
      ok: true,
      goodsOffOre: 8_490,
      freeDelivery: false,
    });
    // 15 % of 0.10 kr is 1.5 øre: 2 øre.
    expect(
      applyDiscount(rule({ value: 15 }), { lines: [{ productId: "x", grossOre: 10 }], now }),
    ).toMatchObject({
      goodsOffOre: 2,
    });
  });

  it("takes an amount off only the products it is for, never more than them", () => {
    expect(
      applyDiscount(rule({ kind: "amount", value: 10_000, productIds: ["mug"] }), { lines, now }),
    ).toMatchObject({ goodsOffOre: 10_000 });
    expect(
      applyDiscount(rule({ kind: "amount", value: 99_999, productIds: ["mug"] }), { lines, now }),
    ).toMatchObject({ goodsOffOre: 34_900 });
    expect(applyDiscount(rule({ productIds: ["bowl"] }), { lines, now })).toEqual({
      ok: false,
      refusal: "discountNotForProducts",
    });
  });

  it("takes the minimum from all products before the discount, the minimum itself included", () => {
    expect(applyDiscount(rule({ minOrderOre: 84_900 }), { lines, now }).ok).toBe(true);
    expect(applyDiscount(rule({ minOrderOre: 84_901 }), { lines, now })).toEqual({
      ok: false,
      refusal: "discountBelowMinimum",
    });
  });

  it("refuses a code paused, ended, outside its window, used up or already used by the shopper", () => {
    const refusal = (fields: Partial<DiscountRule>, usedByShopper = false) => {
      const effect = applyDiscount(rule(fields), { lines, now, usedByShopper });
      return effect.ok ? "ok" : effect.refusal;
    };
    expect(refusal({ state: "paused" })).toBe("discountPaused");
    expect(refusal({ state: "ended" })).toBe("discountEnded");
    expect(refusal({ startsAt: now + 1 })).toBe("discountNotStarted");
    expect(refusal({ startsAt: now })).toBe("ok");
    expect(refusal({ endsAt: now })).toBe("discountEnded");
    expect(refusal({ endsAt: now + 1 })).toBe("ok");
    expect(refusal({ maxUses: 3, uses: 3 })).toBe("discountUsedUp");
    expect(refusal({ maxUses: 3, uses: 2 })).toBe("ok");
    expect(refusal({ onePerShopper: true }, true)).toBe("discountAlreadyUsed");
    expect(refusal({ onePerShopper: false }, true)).toBe("ok");
  });

  it("never takes off more than the lines, nor less than nothing (fast-check)", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 10_000_000 }), { minLength: 1, maxLength: 5 }),
        fc.constantFrom("percent" as const, "amount" as const, "free_delivery" as const),
        fc.integer({ min: 1, max: 10_000_000 }),
        (grosses, kind, value) => {
          const order = { lines: grosses.map((grossOre, n) => ({ productId: `p${n}`, grossOre })), now };
          const effect = applyDiscount(
            rule({ kind, value: kind === "percent" ? (value % 100) + 1 : value }),
            order,
          );
          if (!effect.ok) return;
          const total = grosses.reduce((sum, gross) => sum + gross, 0);
          expect(effect.goodsOffOre).toBeGreaterThanOrEqual(0);
          expect(effect.goodsOffOre).toBeLessThanOrEqual(total);
          expect(effect.freeDelivery).toBe(kind === "free_delivery");
        },
      ),
    );
  });
});

describe("a code as it is typed and read", () => {
  it("matches in any case without surrounding spaces", () => {
    expect(discountCodeKey("  Sommer-25 ")).toBe("sommer-25");
  });

  it("keeps a percentage whole and an amount in kroner", () => {
    expect(discountValue("percent", "10")).toBe("10.00");
    expect(discountValue("percent", "101")).toBeUndefined();
    expect(discountValue("amount", "49,50")).toBe("49.50");
    expect(discountValue("free_delivery", undefined)).toBe("0.00");
  });

  it("reads a row's rule: øre for amounts, instants for times", () => {
    const read = discountRuleOf({
      kind: "amount",
      value: "49.50",
      min_order_total: "300.00",
      starts_at: "2026-12-01T00:00:00+01:00",
      ends_at: null,
      max_uses: 5,
      uses: 1,
      one_per_shopper: true,
      state: "active",
      product_ids: [],
    });
    expect(read).toMatchObject({
      value: 4_950,
      minOrderOre: 30_000,
      startsAt: Date.parse("2026-11-30T23:00:00Z"),
      productIds: null,
    });
  });
});
