import { describe, expect, it } from "vitest";
import { displayPrice } from "./display-price";

const sizes = { options: [{ name: "Size", values: ["S", "M", "L"] }] };
const variant = (price: string | null, available = true) => ({ price, available });

describe("displayPrice (item 5: never a price no variant has)", () => {
  it("is the product's own price without options", () => {
    expect(displayPrice({ basePrice: "395.00", options: [], variants: [] })).toEqual({
      amount: "395.00",
      high: "395.00",
      from: false,
    });
  });

  it("is 'from' the lowest variant price when the variants differ, never the product's 395", () => {
    expect(
      displayPrice({ basePrice: "395.00", ...sizes, variants: [variant("345.00"), variant("425.00")] }),
    ).toEqual({ amount: "345.00", high: "425.00", from: true });
  });

  it("is the one price every variant has, even when that is not the product's", () => {
    expect(
      displayPrice({ basePrice: "395.00", ...sizes, variants: [variant("425.00"), variant("425.00")] }),
    ).toEqual({ amount: "425.00", high: "425.00", from: false });
  });

  it("counts a variant without a price of its own at the product's price", () => {
    expect(
      displayPrice({ basePrice: "395.00", ...sizes, variants: [variant(null), variant("425.00")] }),
    ).toEqual({ amount: "395.00", high: "425.00", from: true });
    expect(
      displayPrice({ basePrice: "395.00", ...sizes, variants: [variant(null), variant("395.00")] }),
    ).toEqual({ amount: "395.00", high: "395.00", from: false });
  });

  it("leaves out sold-out variants while any can be bought, and counts them all when none can", () => {
    const cheapSoldOut = [variant("345.00", false), variant("425.00"), variant("455.00")];
    expect(displayPrice({ basePrice: "395.00", ...sizes, variants: cheapSoldOut })).toEqual({
      amount: "425.00",
      high: "455.00",
      from: true,
    });
    const onlyOneLeft = [variant("345.00", false), variant("425.00")];
    expect(displayPrice({ basePrice: "395.00", ...sizes, variants: onlyOneLeft }).from).toBe(false);
    const allSoldOut = [variant("345.00", false), variant("425.00", false)];
    expect(displayPrice({ basePrice: "395.00", ...sizes, variants: allSoldOut })).toEqual({
      amount: "345.00",
      high: "425.00",
      from: true,
    });
  });
});
