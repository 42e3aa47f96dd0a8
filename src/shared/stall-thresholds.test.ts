import { describe, expect, it } from "vitest";
import {
  CASH_SALES_EXEMPTION_ORE,
  GRUNNBELOP,
  highestTwelveMonths,
  measureThreshold,
  monthsBefore,
  occasionalSalesLimitOre,
  storeThresholds,
  thresholdLevel,
  thresholdsToWarn,
} from "./stall-thresholds";

describe("stall thresholds", () => {
  it("is ok below 80 %, approaching from 80 % up to the limit itself, passed above it", () => {
    expect(thresholdLevel(3_999_999, CASH_SALES_EXEMPTION_ORE)).toBe("ok");
    expect(thresholdLevel(4_000_000, CASH_SALES_EXEMPTION_ORE)).toBe("approaching");
    expect(thresholdLevel(5_000_000, CASH_SALES_EXEMPTION_ORE)).toBe("approaching");
    expect(thresholdLevel(5_000_001, CASH_SALES_EXEMPTION_ORE)).toBe("passed");
  });

  it("takes 3 G from the dated grunnbeløp", () => {
    expect(occasionalSalesLimitOre()).toBe(3 * GRUNNBELOP.amount * 100);
    expect(occasionalSalesLimitOre({ amount: 100_000, since: "2030-05-01", source: "x" })).toBe(30_000_000);
    expect(GRUNNBELOP.since).toMatch(/^\d{4}-05-01$/);
  });

  it("counts calendar months back, clamping the day", () => {
    expect(monthsBefore("2026-11-29", 12)).toBe("2025-11-29");
    expect(monthsBefore("2024-02-29", 12)).toBe("2023-02-28");
    expect(monthsBefore("2026-03-31", 1)).toBe("2026-02-28");
    expect(monthsBefore("2026-01-15", 1)).toBe("2025-12-15");
  });

  it("finds the worst 12 months, not only the last", () => {
    const days = new Map([
      ["2024-12-01", 3_000_000],
      ["2025-06-01", 2_500_000],
      ["2026-01-10", 100_000],
    ]);
    // Windows ending 2025-11-29 … 2026-11-29: the one ending before 2025-12-01 holds 12-01 and 06-01.
    const worst = highestTwelveMonths(days, "2025-11-29", "2026-11-29");
    expect(worst).toEqual({ amountOre: 5_500_000, from: "2024-12-01", to: "2025-11-30" });
    // Today's window alone (from 2025-11-30) holds only the last.
    expect(highestTwelveMonths(days, "2026-11-29", "2026-11-29").amountOre).toBe(100_000);
  });

  it("answers the cash rules always and the MVA threshold only for a store without MVA", () => {
    const sums = {
      year: 2026,
      today: "2026-11-29",
      fullDocuments: false,
      stallSalesExVatOre: 4_500_000,
      dailySalesOre: new Map([["2026-10-01", 6_000_000]]),
    };
    const unregistered = storeThresholds({ ...sums, vatRegistered: false });
    expect(unregistered.map((t) => [t.kind, t.level])).toEqual([
      ["cashSalesExemption", "approaching"],
      ["occasionalSalesExemption", "ok"],
      ["vatRegistration", "passed"],
    ]);
    expect(unregistered[0]).toMatchObject({
      amount: "45000.00",
      limit: "50000.00",
      share: 0.9,
      from: "2026-01-01",
      to: "2026-12-31",
      textKey: "marketReceipts.thresholds.cashSalesExemption.approaching",
    });
    expect(unregistered[2]).toMatchObject({ amount: "60000.00", share: 1.2, to: "2026-11-29" });
    expect(storeThresholds({ ...sums, vatRegistered: true })).toHaveLength(2);
  });
});

describe("which thresholds warn", () => {
  it("leaves out those far off and puts the passed first", () => {
    const period = { from: "2026-01-01", to: "2026-12-31" };
    const list = [
      measureThreshold("cashSalesExemption", 4_100_000, 5_000_000, period),
      measureThreshold("occasionalSalesExemption", 100, 39_048_000, period),
      measureThreshold("vatRegistration", 6_000_000, 5_000_000, period),
    ];
    expect(thresholdsToWarn(list).map((t) => t.kind)).toEqual(["vatRegistration", "cashSalesExemption"]);
  });
});
