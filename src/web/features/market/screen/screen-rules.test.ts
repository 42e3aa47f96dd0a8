import { describe, expect, it } from "vitest";
import { ApiError } from "../../../lib/api";
import { shownPhone } from "./pay-forms";
import { parseStallCart } from "./use-stall-cart";
import { stockShortageOf } from "./use-stall-sale";

describe("the stored stall cart", () => {
  const mug = {
    kind: "product",
    key: "p:a:",
    productId: "a",
    variantId: null,
    title: "Mug",
    variantLabel: null,
    unitPrice: "349.00",
    qty: 2,
    stockQty: 5,
    imageUrl: null,
  };

  it("reads back product and free lines", () => {
    const cart = parseStallCart({
      lines: [mug, { kind: "free", key: "f:1", title: "", unitPrice: "49,5", qty: 1 }],
    });
    expect(cart.lines).toEqual([mug, { kind: "free", key: "f:1", title: "", unitPrice: "49.50", qty: 1 }]);
  });

  it("drops what it cannot trust", () => {
    const cart = parseStallCart({
      lines: [
        { ...mug, qty: 0 },
        { ...mug, qty: 1.5 },
        { ...mug, unitPrice: "lots" },
        { ...mug, productId: 7 },
        { kind: "gift", key: "g", title: "x", unitPrice: "1", qty: 1 },
        mug,
        { ...mug, qty: 3 },
        null,
      ],
    });
    expect(cart.lines).toEqual([mug]);
    expect(parseStallCart("nonsense").lines).toEqual([]);
    expect(parseStallCart({ lines: "x" }).lines).toEqual([]);
  });
});

describe("a refused sale", () => {
  it("names the product a 409 says is short", () => {
    const body = JSON.stringify({ message: "Mug is sold out", productId: "a", variantId: null, stockQty: 0 });
    expect(stockShortageOf(new ApiError(409, body))).toEqual({
      productId: "a",
      variantId: null,
      stockQty: 0,
      message: "Mug is sold out",
    });
  });

  it("is no shortage when the answer is another refusal", () => {
    expect(
      stockShortageOf(new ApiError(400, JSON.stringify({ message: "x", productId: "a", stockQty: 0 }))),
    ).toBe(undefined);
    expect(stockShortageOf(new ApiError(409, "<html>"))).toBeUndefined();
    expect(stockShortageOf(new ApiError(409, JSON.stringify({ message: "Already" })))).toBeUndefined();
    expect(stockShortageOf(new TypeError("fetch failed"))).toBeUndefined();
  });
});

describe("a Vipps number on screen", () => {
  it("groups a Norwegian number as Vipps shows it", () => {
    expect(shownPhone("41234567")).toBe("+47 412 34 567");
    expect(shownPhone("+47 412 34 567")).toBe("+47 412 34 567");
    expect(shownPhone("0047 41234567")).toBe("+47 412 34 567");
    expect(shownPhone(" +46 70 123 45 67 ")).toBe("+46 70 123 45 67");
  });
});
