import { describe, expect, it } from "vitest";
import { shownLineTotal, shownTotal, wholeKroner } from "./money";

describe("amounts as shown", () => {
  it("rounds to whole kroner half up, at any size, without floating point", () => {
    expect(wholeKroner("12.49")).toBe(12);
    expect(wholeKroner("12.50")).toBe(13);
    expect(wholeKroner("12,5")).toBe(13);
    expect(wholeKroner("0.10")).toBe(0);
    expect(wholeKroner("123456789.50")).toBe(123456790);
  });

  it("makes lines and totals from the shown unit prices", () => {
    expect(shownLineTotal("12.50", 2)).toBe("26.00");
    expect(
      shownTotal([
        { unitPrice: "12.50", qty: 2 },
        { unitPrice: "199.50", qty: 1 },
      ]),
    ).toBe("226.00");
  });
});
