import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { discountShares, planRefund, type RefundableSale } from "./sale-refund";
import { vatIncludedOre } from "./vat";

const saleArb = fc
  .record({
    lines: fc.array(
      fc.record({
        unitPriceOre: fc.integer({ min: 0, max: 500_000 }),
        qty: fc.integer({ min: 1, max: 9 }),
        discounted: fc.boolean(),
      }),
      { minLength: 1, maxLength: 6 },
    ),
    discountPermille: fc.integer({ min: 0, max: 1000 }),
    giftCardPermille: fc.integer({ min: 0, max: 1000 }),
    rate: fc.constantFrom(25, 15, null),
  })
  .map(({ lines, discountPermille, giftCardPermille, rate }): RefundableSale => {
    const withIds = lines.map((line, index) => ({ ...line, id: `l${index}`, refundedQty: 0 }));
    const discountable = withIds.filter((line) => line.discounted);
    const base = discountable.reduce((sum, line) => sum + line.unitPriceOre * line.qty, 0);
    const discountOre = Math.floor((base * discountPermille) / 1000);
    const gross = withIds.reduce((sum, line) => sum + line.unitPriceOre * line.qty, 0);
    const soldOre = gross - discountOre;
    const giftCardOre = Math.floor((soldOre * giftCardPermille) / 1000);
    return {
      lines: withIds,
      discountOre,
      giftCardOre,
      paidOre: soldOre - giftCardOre,
      refundedOre: 0,
      refundedGiftCardOre: 0,
      vat: rate === null ? [] : [{ rate, amountOre: vatIncludedOre(soldOre, rate) }],
    };
  });

/** Gives the sale back in random steps until nothing is left, applying each plan as the server does. */
function refundInSteps(sale: RefundableSale, picks: number[]) {
  let current = sale;
  const plans = [];
  let pick = 0;
  for (let guard = 0; guard < 100; guard++) {
    const open = current.lines.filter((line) => line.qty > line.refundedQty);
    if (open.length === 0) break;
    const line = open[(picks[pick++ % picks.length] ?? 0) % open.length];
    if (!line) break;
    const qty = 1 + ((picks[pick++ % picks.length] ?? 0) % (line.qty - line.refundedQty));
    const plan = planRefund(current, [{ id: line.id, qty }]);
    if ("refused" in plan) throw new Error(`refused: ${plan.refused}`);
    plans.push(plan);
    current = {
      ...current,
      lines: current.lines.map((l) => (l.id === line.id ? { ...l, refundedQty: l.refundedQty + qty } : l)),
      refundedOre: current.refundedOre + plan.amountOre,
      refundedGiftCardOre: current.refundedGiftCardOre + plan.giftCardOre,
    };
  }
  return { plans, current };
}

describe("refunds at the stall (decision 0077)", () => {
  it("shares a discount over the lines it was for, adding up exactly", () => {
    fc.assert(
      fc.property(saleArb, (sale) => {
        const shares = discountShares(sale.lines, sale.discountOre);
        expect(shares.reduce((a, b) => a + b, 0)).toBe(
          sale.lines.some((line) => line.discounted && line.unitPriceOre > 0) ? sale.discountOre : 0,
        );
        sale.lines.forEach((line, index) => {
          if (!line.discounted) expect(shares[index]).toBe(0);
          expect(shares[index]).toBeLessThanOrEqual(line.unitPriceOre * line.qty);
        });
      }),
    );
  });

  it("gives back exactly what was paid, card and method apart, however the sale is given back", () => {
    fc.assert(
      fc.property(saleArb, fc.array(fc.nat(), { minLength: 1, maxLength: 20 }), (sale, picks) => {
        const { plans, current } = refundInSteps(sale, picks);
        const total = plans.reduce((sum, plan) => sum + plan.amountOre, 0);
        const card = plans.reduce((sum, plan) => sum + plan.giftCardOre, 0);
        expect(total).toBe(sale.giftCardOre + sale.paidOre);
        expect(card).toBe(sale.giftCardOre);
        expect(plans.at(-1)?.whole).toBe(true);
        for (const plan of plans) {
          expect(plan.amountOre).toBeGreaterThanOrEqual(0);
          expect(plan.giftCardOre).toBeGreaterThanOrEqual(0);
          expect(plan.methodOre).toBe(plan.amountOre - plan.giftCardOre);
          expect(plan.lines.reduce((sum, line) => sum + line.amountOre, 0)).toBe(plan.amountOre);
          const rate = sale.vat[0]?.rate;
          expect(plan.vat).toEqual(rate ? [{ rate, amountOre: vatIncludedOre(plan.amountOre, rate) }] : []);
        }
        expect(planRefund(current, undefined)).toEqual({ refused: "nothingLeft" });
      }),
    );
  });

  it("refuses more than is left of a line, and a line that is not the sale's", () => {
    const sale: RefundableSale = {
      lines: [{ id: "a", unitPriceOre: 10_000, qty: 2, refundedQty: 1, discounted: true }],
      discountOre: 2_000,
      giftCardOre: 0,
      paidOre: 18_000,
      refundedOre: 9_000,
      refundedGiftCardOre: 0,
      vat: [{ rate: 25, amountOre: 3_600 }],
    };
    expect(planRefund(sale, [{ id: "a", qty: 2 }])).toEqual({ refused: "tooMany", id: "a", left: 1 });
    expect(planRefund(sale, [{ id: "b", qty: 1 }])).toEqual({ refused: "lineNotFound", id: "b" });
    expect(planRefund(sale, undefined)).toMatchObject({
      lines: [{ id: "a", qty: 1, amountOre: 9_000 }],
      amountOre: 9_000,
      vat: [{ rate: 25, amountOre: 1_800 }],
      whole: true,
    });
  });

  it("sends the gift card's share back onto the card, the rest the way it was paid", () => {
    const sale: RefundableSale = {
      lines: [
        { id: "a", unitPriceOre: 30_000, qty: 1, refundedQty: 0, discounted: true },
        { id: "b", unitPriceOre: 20_000, qty: 1, refundedQty: 0, discounted: true },
      ],
      discountOre: 0,
      giftCardOre: 20_000,
      paidOre: 30_000,
      refundedOre: 0,
      refundedGiftCardOre: 0,
      vat: [],
    };
    expect(planRefund(sale, [{ id: "b", qty: 1 }])).toMatchObject({
      amountOre: 20_000,
      giftCardOre: 8_000,
      methodOre: 12_000,
      whole: false,
    });
  });
});
