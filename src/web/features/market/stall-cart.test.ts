import { describe, expect, it } from "vitest";
import type { MarketCatalogueItem } from "../../../shared/market";
import {
  addFreeAmount,
  addProduct,
  applyStockLeft,
  canIncrement,
  cartTotalOre,
  changeOre,
  decrement,
  EMPTY_STALL_CART,
  increment,
  itemCount,
  keypadOre,
  lineTotalOre,
  onlyCatalogueLines,
  oreToKeypad,
  pressKey,
  productLineKey,
  quickCashAmounts,
  removeLine,
  type StallCart,
  saleItems,
  setQty,
} from "./stall-cart";

function item(id: string, price: string, stockQty: number | null = null): MarketCatalogueItem {
  return {
    productId: id,
    title: `Mug ${id}`,
    price,
    imageUrl: null,
    stockQty,
    variants: [],
    lastSoldAt: null,
  };
}

const scarf: MarketCatalogueItem = {
  ...item("scarf", "300.00"),
  variants: [
    { id: "red", label: "Red", price: "300.00", stockQty: 2 },
    { id: "blue", label: "Blue", price: "349.50", stockQty: 0 },
  ],
};

const added = (cart: StallCart, catalogueItem: MarketCatalogueItem, variantId?: string) => {
  const result = addProduct(cart, catalogueItem, variantId ?? null);
  if (!result.added) throw new Error(`not added: ${result.reason}`);
  return result.cart;
};

let counter = 0;
const key = () => `k${++counter}`;

describe("adding catalogue items", () => {
  it("adds a line, then one more of the same line", () => {
    const cart = added(added(EMPTY_STALL_CART, item("a", "250.00")), item("a", "250.00"));
    expect(cart.lines).toHaveLength(1);
    expect(cart.lines[0]).toMatchObject({ kind: "product", productId: "a", qty: 2, unitPrice: "250.00" });
    expect(itemCount(cart)).toBe(2);
  });

  it("keeps a variant on its own line with the variant's price and stock", () => {
    const cart = added(EMPTY_STALL_CART, scarf, "red");
    expect(cart.lines[0]).toMatchObject({ variantId: "red", variantLabel: "Red", stockQty: 2 });
    expect(cart.lines[0]?.key).toBe(productLineKey("scarf", "red"));
  });

  it("refuses a sold-out item and more than the stock", () => {
    expect(addProduct(EMPTY_STALL_CART, item("a", "10.00", 0))).toMatchObject({
      added: false,
      reason: "soldOut",
    });
    expect(addProduct(EMPTY_STALL_CART, scarf, "blue")).toMatchObject({ added: false, reason: "soldOut" });
    const one = added(EMPTY_STALL_CART, item("a", "10.00", 1));
    const again = addProduct(one, item("a", "10.00", 1));
    expect(again).toMatchObject({ added: false, reason: "noMoreInStock" });
    expect(again.cart).toBe(one);
  });

  it("refuses a variant the item does not have", () => {
    expect(addProduct(EMPTY_STALL_CART, scarf, "green")).toMatchObject({ added: false });
  });

  it("stops at fifty lines", () => {
    let cart = EMPTY_STALL_CART;
    for (let index = 0; index < 50; index++) cart = added(cart, item(`p${index}`, "1.00"));
    expect(addProduct(cart, item("one-more", "1.00"))).toMatchObject({
      added: false,
      reason: "tooManyLines",
    });
    expect(addFreeAmount(cart, "10", "", key)).toBeUndefined();
  });
});

describe("steppers and removing", () => {
  const cart = added(EMPTY_STALL_CART, scarf, "red");
  const lineKey = productLineKey("scarf", "red");

  it("steps up to the stock and no further", () => {
    const two = increment(cart, lineKey);
    expect(two.lines[0]?.qty).toBe(2);
    expect(increment(two, lineKey).lines[0]?.qty).toBe(2);
    expect(canIncrement(two.lines[0] as never)).toBe(false);
    expect(canIncrement(cart.lines[0] as never)).toBe(true);
  });

  it("steps down to one and keeps the line; removing takes it away", () => {
    expect(decrement(cart, lineKey).lines[0]?.qty).toBe(1);
    expect(removeLine(cart, lineKey).lines).toHaveLength(0);
    expect(setQty(cart, lineKey, 0).lines).toHaveLength(0);
  });

  it("caps a quantity at 99 for uncounted items", () => {
    const mug = added(EMPTY_STALL_CART, item("a", "10.00"));
    expect(setQty(mug, productLineKey("a", null), 500).lines[0]?.qty).toBe(99);
  });
});

describe("free amounts", () => {
  it("adds an amount as typed, with or without a title", () => {
    const cart = addFreeAmount(EMPTY_STALL_CART, "49,5", "  Gift wrap ", key);
    expect(cart?.lines[0]).toMatchObject({ kind: "free", unitPrice: "49.50", title: "Gift wrap", qty: 1 });
    expect(addFreeAmount(EMPTY_STALL_CART, "250", "", key)?.lines[0]?.title).toBe("");
  });

  it("refuses zero and what is not an amount", () => {
    expect(addFreeAmount(EMPTY_STALL_CART, "0", "", key)).toBeUndefined();
    expect(addFreeAmount(EMPTY_STALL_CART, "abc", "", key)).toBeUndefined();
    expect(addFreeAmount(EMPTY_STALL_CART, "-5", "", key)).toBeUndefined();
  });

  it("gives two free amounts their own lines", () => {
    const cart = addFreeAmount(
      addFreeAmount(EMPTY_STALL_CART, "10", "", key) ?? EMPTY_STALL_CART,
      "10",
      "",
      key,
    );
    expect(cart?.lines).toHaveLength(2);
  });
});

describe("totals in øre", () => {
  const cart = (() => {
    let next = added(added(EMPTY_STALL_CART, item("a", "199.50")), item("a", "199.50"));
    next = addFreeAmount(next, "0,10", "Bag", key) ?? next;
    return next;
  })();

  it("adds lines exactly", () => {
    expect(lineTotalOre(cart.lines[0] as never)).toBe(39900);
    expect(cartTotalOre(cart)).toBe(39910);
    expect(cartTotalOre(EMPTY_STALL_CART)).toBe(0);
  });

  it("sends products by id and free amounts with their price and title", () => {
    expect(saleItems(cart, "Other")).toEqual([
      { productId: "a", variantId: null, qty: 2 },
      { title: "Bag", unitPrice: "0.10", qty: 1 },
    ]);
    const untitled = addFreeAmount(EMPTY_STALL_CART, "5", "", key) ?? EMPTY_STALL_CART;
    expect(saleItems(untitled, "Other")[0]).toMatchObject({ title: "Other" });
  });

  it("lets the quote price a cart of catalogue lines only", () => {
    expect(onlyCatalogueLines(cart)).toBe(false);
    expect(onlyCatalogueLines(added(EMPTY_STALL_CART, item("a", "1.00")))).toBe(true);
    expect(onlyCatalogueLines(EMPTY_STALL_CART)).toBe(false);
  });
});

describe("a stock refusal from the server", () => {
  const cart = increment(added(EMPTY_STALL_CART, scarf, "red"), productLineKey("scarf", "red"));

  it("holds what is left", () => {
    const next = applyStockLeft(cart, { productId: "scarf", variantId: "red", stockQty: 1 });
    expect(next.lines[0]).toMatchObject({ qty: 1, stockQty: 1 });
  });

  it("drops a line that sold out", () => {
    expect(applyStockLeft(cart, { productId: "scarf", variantId: "red", stockQty: 0 }).lines).toHaveLength(0);
  });
});

describe("cash", () => {
  it("offers the exact amount, the next 50 and 100 up, and the notes that cover it", () => {
    expect(quickCashAmounts(26700)).toEqual([26700, 30000, 50000, 100000]);
    expect(quickCashAmounts(12000)).toEqual([12000, 15000, 20000, 50000, 100000]);
    expect(quickCashAmounts(20000)).toEqual([20000, 50000, 100000]);
    expect(quickCashAmounts(4950)).toEqual([4950, 5000, 10000, 20000, 50000, 100000]);
    expect(quickCashAmounts(150000)).toEqual([150000, 200000]);
    expect(quickCashAmounts(140700)).toEqual([140700, 145000, 150000, 200000]);
    expect(quickCashAmounts(0)).toEqual([]);
  });

  it("gives change, negative when short", () => {
    expect(changeOre(26700, 50000)).toBe(23300);
    expect(changeOre(26700, 20000)).toBe(-6700);
  });
});

describe("the amount keypad", () => {
  const type = (keys: string[]) => keys.reduce((text, k) => pressKey(text, k as never), "");

  it("types kroner and øre", () => {
    expect(type(["2", "5", "0"])).toBe("250");
    expect(type(["4", "9", ",", "5"])).toBe("49,5");
    expect(type([",", "5"])).toBe("0,5");
    expect(type(["1", "00"])).toBe("100");
  });

  it("ignores what would break the amount", () => {
    expect(type(["0", "0", "7"])).toBe("7");
    expect(type(["00"])).toBe("0");
    expect(type(["1", ",", "2", "3", "4"])).toBe("1,23");
    expect(type(["1", ",", ","])).toBe("1,");
    expect(type(["1", "2", "3", "4", "5", "6", "7", "8", "9"])).toBe("12345678");
  });

  it("deletes the last key", () => {
    expect(type(["2", "5", "back"])).toBe("2");
    expect(type(["back"])).toBe("");
  });

  it("reads as øre and back", () => {
    expect(keypadOre("49,5")).toBe(4950);
    expect(keypadOre("1,")).toBe(100);
    expect(keypadOre("")).toBe(0);
    expect(oreToKeypad(25000)).toBe("250");
    expect(oreToKeypad(4950)).toBe("49,50");
  });
});
