import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { deliveryPrice } from "./delivery";
import { apportionOre, splitVat, vatIncludedOre } from "./vat";

const rate = fc.constantFrom(25, 15, null);
const line = fc.record({ grossOre: fc.integer({ min: 0, max: 50_000_000 }), rate });

describe("VAT included in prices (decision 0036)", () => {
  it("takes 1/5 of a 25 % price and 15/115 of a 15 % price, to the øre", () => {
    expect(vatIncludedOre(12500, 25)).toBe(2500);
    expect(vatIncludedOre(34900, 25)).toBe(6980);
    expect(vatIncludedOre(11500, 15)).toBe(1500);
    // 199.00 kr at 15 %: 25.956… kr → 25.96.
    expect(vatIncludedOre(19900, 15)).toBe(2596);
    expect(vatIncludedOre(0, 25)).toBe(0);
  });

  it("is what exact arithmetic gives, rounded half up", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000_000_000 }), fc.constantFrom(25, 15), (gross, r) => {
        const exact = (BigInt(gross) * BigInt(r) * 2n + BigInt(100 + r)) / (BigInt(100 + r) * 2n);
        return BigInt(vatIncludedOre(gross, r)) === exact;
      }),
    );
  });

  it("splits any order so the gross per rate sums to the total and each rate's VAT is within it", () => {
    fc.assert(
      fc.property(
        fc.array(line, { maxLength: 30 }),
        fc.integer({ min: 0, max: 100_000 }),
        (lines, delivery) => {
          const split = splitVat(lines, delivery);
          const total = lines.reduce((sum, l) => sum + l.grossOre, 0) + delivery;
          const grossSum = split.grossByRate.reduce((sum, entry) => sum + entry.grossOre, 0);
          expect(grossSum).toBe(total);
          for (const { rate: r, vatOre } of split.vatByRate) {
            const gross = split.grossByRate.find((entry) => entry.rate === r)?.grossOre ?? 0;
            expect(vatOre).toBe(vatIncludedOre(gross, r));
            // VAT and net add up to the rate's gross: net = gross - VAT is never negative.
            expect(vatOre).toBeGreaterThanOrEqual(0);
            expect(vatOre).toBeLessThanOrEqual(gross);
          }
          // One entry per rate, none for "not registered".
          expect(new Set(split.vatByRate.map((entry) => entry.rate)).size).toBe(split.vatByRate.length);
          expect(split.vatByRate.every((entry) => entry.rate > 0)).toBe(true);
        },
      ),
    );
  });

  it("puts the delivery at the goods' rate when they have one", () => {
    expect(splitVat([{ grossOre: 40000, rate: 25 }], 9900)).toEqual({
      grossByRate: [{ rate: 25, grossOre: 49900 }],
      vatByRate: [{ rate: 25, vatOre: 9980 }],
    });
    expect(splitVat([{ grossOre: 40000, rate: null }], 9900).vatByRate).toEqual([]);
  });

  it("shares an amount out in proportion with parts that always add up", () => {
    expect(apportionOre(100, [1, 1, 1])).toEqual([34, 33, 33]);
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.array(fc.integer({ min: 0, max: 10_000_000 }), { minLength: 1, maxLength: 5 }),
        (amount, weights) => {
          const parts = apportionOre(amount, weights);
          return parts.reduce((sum, part) => sum + part, 0) === amount && parts.every((part) => part >= 0);
        },
      ),
    );
  });
});

describe("delivery price", () => {
  const option = { price: "99.00", freeAbove: "1000.00" };
  it("is the option's price below the threshold and free at or above it", () => {
    expect(deliveryPrice(option, "999.00")).toBe("99.00");
    expect(deliveryPrice(option, "1000.00")).toBe("0.00");
    expect(deliveryPrice(option, "2500.50")).toBe("0.00");
    expect(deliveryPrice({ price: "79", freeAbove: null }, "99999.00")).toBe("79.00");
  });
});
