import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { buildDayReport, type DayReportRefundFacts, type DayReportSaleFacts } from "./day-report";
import { refundMethodFor, SALE_PAYMENT_METHODS } from "./market";
import { toOre as unsignedOre } from "./money";
import { planRefund } from "./sale-refund";
import { vatIncludedOre } from "./vat";

/** Differences may be negative (a till short of cash). */
const toOre = (amount: string) =>
  amount.startsWith("-") ? -unsignedOre(amount.slice(1)) : unsignedOre(amount);
const sumOre = (amounts: readonly string[]) => amounts.reduce((total, amount) => total + toOre(amount), 0);

/** A random paid sale and the refunds made of it, the refunds planned by the one refund rule. */
const saleArb = fc.record({
  method: fc.constantFrom(...SALE_PAYMENT_METHODS),
  lines: fc.array(
    fc.record({ price: fc.integer({ min: 1, max: 200_000 }), qty: fc.integer({ min: 1, max: 5 }) }),
    {
      minLength: 1,
      maxLength: 4,
    },
  ),
  discountPermille: fc.integer({ min: 0, max: 500 }),
  giftCardPermille: fc.integer({ min: 0, max: 1000 }),
  refundSteps: fc.array(fc.record({ line: fc.nat(), qty: fc.nat() }), { maxLength: 4 }),
  minute: fc.integer({ min: 0, max: 24 * 60 - 1 }),
});
type SaleInput = typeof saleArb extends fc.Arbitrary<infer T> ? T : never;

function factsOf(inputs: readonly SaleInput[]) {
  const sales: DayReportSaleFacts[] = [];
  const refunds: DayReportRefundFacts[] = [];
  inputs.forEach((input, index) => {
    const lines = input.lines.map((line, n) => ({
      id: `s${index}l${n}`,
      unitPriceOre: line.price,
      qty: line.qty,
      refundedQty: 0,
      discounted: true,
    }));
    const subtotalOre = lines.reduce((sum, line) => sum + line.unitPriceOre * line.qty, 0);
    const discountOre = Math.floor((subtotalOre * input.discountPermille) / 1000);
    const soldOre = subtotalOre - discountOre;
    const giftCardOre = Math.floor((soldOre * input.giftCardPermille) / 1000);
    const vat = [{ rate: 25, amountOre: vatIncludedOre(soldOre, 25) }];
    let state = {
      lines,
      discountOre,
      giftCardOre,
      paidOre: soldOre - giftCardOre,
      refundedOre: 0,
      refundedGiftCardOre: 0,
      vat,
    };
    input.refundSteps.forEach((step, n) => {
      const open = state.lines.filter((line) => line.qty > line.refundedQty);
      const line = open[step.line % Math.max(open.length, 1)];
      if (!line) return;
      const qty = 1 + (step.qty % (line.qty - line.refundedQty));
      const plan = planRefund(state, [{ id: line.id, qty }]);
      if ("refused" in plan || plan.amountOre === 0) return;
      refunds.push({
        id: `s${index}r${n}`,
        orderId: `s${index}`,
        method: refundMethodFor(input.method),
        amountOre: plan.amountOre,
        giftCardOre: plan.giftCardOre,
        vat: plan.vat,
      });
      state = {
        ...state,
        lines: state.lines.map((l) => (l.id === line.id ? { ...l, refundedQty: l.refundedQty + qty } : l)),
        refundedOre: state.refundedOre + plan.amountOre,
        refundedGiftCardOre: state.refundedGiftCardOre + plan.giftCardOre,
      };
    });
    sales.push({
      id: `s${index}`,
      receiptNumber: index + 1,
      soldAt: new Date(Date.UTC(2026, 11, 5, 0, input.minute)).toISOString(),
      method: input.method,
      subtotalOre,
      discountOre,
      giftCardSpentOre: giftCardOre,
      giftCardSoldOre: 0,
      paidOre: soldOre - giftCardOre,
      vat,
      refundedOre: state.refundedOre,
      lines: `${lines.length}`,
    });
  });
  return { sales, refunds };
}

describe("the day report (issue 30)", () => {
  it("adds up: its parts to its totals, and its totals to the sum of the sales and refunds", () => {
    fc.assert(
      fc.property(
        fc.array(saleArb, { maxLength: 12 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.option(fc.integer({ min: 0, max: 5_000_000 }), { nil: null }),
        (inputs, openingCashOre, countedCashOre) => {
          const { sales, refunds } = factsOf(inputs);
          const report = buildDayReport({
            store: { id: "st", name: "Vev", legalName: "Vev AS", orgNumber: "999999999" },
            date: null,
            session: {
              id: "m",
              name: "Julemarked",
              openedAt: "2026-12-05T08:00:00Z",
              closedAt: null,
              openingCashOre,
              countedCashOre,
            },
            sales,
            refunds,
          });
          expect(report.salesCount).toBe(sales.length);
          expect(report.byMethod.reduce((n, entry) => n + entry.count, 0)).toBe(sales.length);
          // What was sold after the discount = paid by the methods + paid by gift cards.
          const afterDiscount = toOre(report.subtotal) - toOre(report.discounts);
          expect(sumOre(report.byMethod.map((entry) => entry.amount)) + toOre(report.giftCardsSpent)).toBe(
            afterDiscount,
          );
          expect(toOre(report.sold) + toOre(report.giftCardsSold)).toBe(afterDiscount);
          // The rows add up to the totals.
          expect(sumOre(report.sales.map((row) => row.subtotal))).toBe(toOre(report.subtotal));
          expect(sumOre(report.sales.map((row) => row.discount))).toBe(toOre(report.discounts));
          expect(sumOre(report.sales.map((row) => row.paid))).toBe(
            sumOre(report.byMethod.map((e) => e.amount)),
          );
          expect(sumOre(report.sales.map((row) => row.refunded))).toBe(toOre(report.refunds.amount));
          // Refunds: by method + onto gift cards = all given back; net = sold − given back.
          expect(sumOre(report.refunds.byMethod.map((e) => e.amount)) + toOre(report.refunds.giftCard)).toBe(
            toOre(report.refunds.amount),
          );
          expect(report.refunds.count).toBe(refunds.length);
          expect(toOre(report.net)).toBe(toOre(report.sold) - toOre(report.refunds.amount));
          // VAT: the sales' VAT less the refunds' per rate.
          const vatOf = (lines: { rate: number; amount: string }[]) => sumOre(lines.map((l) => l.amount));
          expect(vatOf(report.netVat)).toBe(vatOf(report.vat) - vatOf(report.refunds.vat));
          expect(vatOf(report.vat)).toBe(sales.reduce((n, s) => n + (s.vat[0]?.amountOre ?? 0), 0));
          // Cash: opening + cash sales − cash paid out; the difference against the count.
          const cashSales = sales.filter((s) => s.method === "cash").reduce((n, s) => n + s.paidOre, 0);
          const cashOut = refunds
            .filter((r) => r.method === "cash")
            .reduce((n, r) => n + r.amountOre - r.giftCardOre, 0);
          expect(toOre(report.cash.expected)).toBe(openingCashOre + cashSales - cashOut);
          expect(report.cash.difference === null ? null : toOre(report.cash.difference)).toBe(
            countedCashOre === null ? null : countedCashOre - (openingCashOre + cashSales - cashOut),
          );
        },
      ),
    );
  });

  it("lists the sales oldest first, and says nothing of methods nobody used", () => {
    const report = buildDayReport({
      store: { id: "st", name: "Vev", legalName: null, orgNumber: null },
      date: "2026-12-05",
      session: null,
      sales: [],
      refunds: [],
    });
    expect(report).toMatchObject({
      salesCount: 0,
      byMethod: [],
      vat: [],
      cash: { opening: null, expected: "0.00", counted: null, difference: null },
    });
  });
});
