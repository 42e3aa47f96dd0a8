import { describe, expect, it } from "vitest";
import type { ProductView } from "../../../../shared/product";
import { chosen, initialChoice, valueAvailable } from "./variant-choice";

const variant = (values: string[], price: string | null, stockQty: number | null = 2) => ({
  id: values.join("-"),
  productId: "p",
  label: values.join(" / "),
  values,
  price,
  priceDelta: "0.00",
  sku: null,
  stockQty,
  available: stockQty !== 0,
});

const mug = (variants: ProductView["variants"]) =>
  ({
    basePrice: "395.00",
    stockQty: 5,
    available: true,
    options: [
      { name: "Size", values: ["Small", "Large"] },
      { name: "Glaze", values: ["Ash", "Iron"] },
    ],
    variants,
  }) as unknown as ProductView;

describe("the product page's choice (item 5)", () => {
  const differing = mug([
    variant(["Small", "Ash"], "345.00"),
    variant(["Large", "Ash"], "425.00"),
    variant(["Large", "Iron"], "425.00", 0),
  ]);

  it("starts with nothing chosen and 'from' the lowest price when the variants cost different amounts", () => {
    const start = initialChoice(differing);
    expect(start).toEqual(["", ""]);
    expect(chosen(differing, start)).toMatchObject({
      variant: null,
      complete: false,
      price: { amount: "345.00", from: true },
      stockQty: 5,
    });
  });

  it("shows the variant's own price once every option has a value", () => {
    expect(chosen(differing, ["Large", "Ash"])).toMatchObject({
      complete: true,
      offered: true,
      price: { amount: "425.00", from: false },
    });
    expect(chosen(differing, ["Small", "Iron"])).toMatchObject({ complete: true, offered: false });
  });

  it("offers a value while any variant with it can be bought, the options not yet chosen being any", () => {
    expect(valueAvailable(differing, ["", ""], 0, "Large")).toBe(true);
    expect(valueAvailable(differing, ["", ""], 1, "Iron")).toBe(false);
    expect(valueAvailable(differing, ["Large", ""], 1, "Iron")).toBe(false);
    expect(valueAvailable(differing, ["Small", ""], 1, "Ash")).toBe(true);
  });

  it("chooses the first variant that can be bought when they all cost the same", () => {
    const same = mug([variant(["Small", "Ash"], null, 0), variant(["Large", "Ash"], null)]);
    expect(initialChoice(same)).toEqual(["Large", "Ash"]);
    expect(chosen(same, ["Large", "Ash"]).price).toEqual({ amount: "395.00", from: false });
  });
});
