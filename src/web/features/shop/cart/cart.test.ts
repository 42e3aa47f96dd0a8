import { describe, expect, it } from "vitest";
import { formatKr } from "../../../../shared/money";
import type { ProductView } from "../../../../shared/product";
import {
  addItem,
  applyStockRefusal,
  type Cart,
  type CartProduct,
  cartTotal,
  decrementItem,
  EMPTY_CART,
  incrementItem,
  itemCount,
  lineTotal,
  parseCart,
  refreshCart,
  removeItem,
  removeProduct,
  selectStore,
} from "./cart";

/** A variant as the product page hands it to the cart. */
const variant = (id: string, stockQty: number | null = null, price: string | null = null) => ({
  id,
  label: `Size: ${id}`,
  price,
  stockQty,
});

const storeA = { id: "store-a", name: "Fjord Keramikk", slug: "fjord-keramikk" };
const storeB = { id: "store-b", name: "Lin og Ull", slug: "lin-og-ull" };

function product(id: string, basePrice = "450.00", store = storeA): CartProduct {
  return {
    id,
    storeId: store.id,
    title: `Product ${id}`,
    sku: null,
    basePrice,
    currencyCode: "NOK",
    primaryImage: null,
    store,
  };
}

function view(id: string, basePrice: string, isActive = true): ProductView {
  return {
    ...product(id, basePrice),
    blurb: null,
    seoMetaTitle: null,
    seoMetaDesc: null,
    isActive,
    coordinates: null,
    position: 0,
    stockQty: null,
    available: true,
    options: [],
    variants: [],
    images: [],
    createdAt: "2025-01-01T00:00:00.000Z",
    updatedAt: "2025-01-01T00:00:00.000Z",
    publishedAt: null,
  };
}

const mug = product("mug", "450.00");
const bowl = product("bowl", "199.50");

describe("addItem", () => {
  it("starts a cart for the product's store", () => {
    const cart = addItem(EMPTY_CART, mug, 2);
    expect(cart.storeId).toBe("store-a");
    expect(cart.storeName).toBe("Fjord Keramikk");
    expect(cart.items).toEqual([
      {
        productId: "mug",
        product: mug,
        quantity: 2,
        variantId: null,
        variantLabel: null,
        variantPrice: null,
        stockQty: null,
      },
    ]);
  });

  it("adds up the same product and variant", () => {
    const cart = addItem(addItem(EMPTY_CART, mug, 2), mug, 3);
    expect(cart.items).toHaveLength(1);
    expect(cart.items[0]?.quantity).toBe(5);
  });

  it("keeps other variants of the same product on their own lines", () => {
    const cart = addItem(addItem(EMPTY_CART, mug, 1, variant("blue")), mug, 1, variant("green"));
    expect(cart.items.map((item) => item.variantId)).toEqual(["blue", "green"]);
  });

  it("replaces the cart with the new item when it comes from another store", () => {
    const cart = addItem(addItem(EMPTY_CART, mug, 2), product("scarf", "800.00", storeB));
    expect(cart.storeId).toBe("store-b");
    expect(cart.storeName).toBe("Lin og Ull");
    expect(cart.items.map((item) => item.productId)).toEqual(["scarf"]);
  });

  it("caps a line at 99 and never goes below 1", () => {
    expect(addItem(addItem(EMPTY_CART, mug, 60), mug, 60).items[0]?.quantity).toBe(99);
    expect(addItem(EMPTY_CART, mug, 500).items[0]?.quantity).toBe(99);
    expect(addItem(EMPTY_CART, mug, 0).items[0]?.quantity).toBe(1);
  });
});

describe("quantity changes", () => {
  const cart = addItem(addItem(EMPTY_CART, mug, 1), bowl, 2);

  it("increments up to 99 and no further", () => {
    expect(incrementItem(cart, "bowl").items[1]?.quantity).toBe(3);
    const full = addItem(EMPTY_CART, mug, 99);
    expect(incrementItem(full, "mug")).toBe(full);
  });

  it("decrements, and removes the line at quantity 1", () => {
    expect(decrementItem(cart, "bowl").items[1]?.quantity).toBe(1);
    expect(decrementItem(cart, "mug").items.map((item) => item.productId)).toEqual(["bowl"]);
  });

  it("removes a line, or every line of a product", () => {
    expect(removeItem(cart, "bowl").items.map((item) => item.productId)).toEqual(["mug"]);
    const twoVariants = addItem(addItem(EMPTY_CART, mug, 1, variant("blue")), mug, 1, variant("green"));
    expect(removeProduct(twoVariants, "mug").items).toEqual([]);
  });

  it("leaves the cart untouched for a line it does not hold", () => {
    expect(incrementItem(cart, "vase")).toBe(cart);
    expect(decrementItem(cart, "vase")).toBe(cart);
    expect(removeItem(cart, "vase")).toBe(cart);
  });
});

describe("selectStore", () => {
  const cart = addItem(EMPTY_CART, mug, 2);

  it("keeps the cart for the same store", () => {
    expect(selectStore(cart, { id: "store-a", name: "Fjord Keramikk" })).toBe(cart);
  });

  it("empties the cart for a different store", () => {
    expect(selectStore(cart, { id: "store-b", name: "Lin og Ull" })).toEqual({
      items: [],
      storeId: "store-b",
      storeName: "Lin og Ull",
    });
  });
});

describe("totals", () => {
  it("counts items and sums the lines as shown, from whole-kroner unit prices", () => {
    const cart = addItem(addItem(EMPTY_CART, mug, 2), bowl, 3);
    expect(itemCount(cart)).toBe(5);
    // The bowl (199.50) shows as "200 kr each": its line is 600 kr, not a rounded 598.50.
    expect(lineTotal(cart.items[1] as Cart["items"][number])).toBe("600.00");
    expect(cartTotal(cart)).toBe("1500.00");
    expect(cartTotal(EMPTY_CART)).toBe("0.00");
  });

  it("shows a line and a total that agree with the unit price shown: 2 × 13 kr is 26 kr", () => {
    const cart = addItem(EMPTY_CART, product("a", "12.50"), 2);
    const line = cart.items[0] as Cart["items"][number];
    expect(formatKr(line.product.basePrice)).toBe("13 kr");
    expect(formatKr(lineTotal(line))).toBe("26 kr");
    expect(formatKr(cartTotal(cart))).toBe("26 kr");
  });

  it("adds lines without floating-point drift", () => {
    const cart = addItem(addItem(EMPTY_CART, product("a", "0.10"), 3), product("b", "1.20"), 7);
    expect(cartTotal(cart)).toBe("7.00");
  });
});

describe("refreshCart", () => {
  const cart = addItem(addItem(EMPTY_CART, mug, 2), bowl, 1);

  it("takes new prices and reports them", () => {
    const result = refreshCart(cart, [view("mug", "500.00"), view("bowl", "199.50")]);
    expect(result.cart.items[0]?.product.basePrice).toBe("500.00");
    expect(result.repriced).toEqual([{ title: "Product mug", price: "500.00" }]);
    expect(result.removed).toEqual([]);
  });

  it("drops products that are gone or inactive", () => {
    const result = refreshCart(cart, [view("mug", "450.00"), view("bowl", "199.50", false)]);
    expect(result.cart.items.map((item) => item.productId)).toEqual(["mug"]);
    expect(result.removed).toEqual([{ title: "Product bowl" }]);
  });

  it("returns the same cart when nothing changed", () => {
    expect(refreshCart(cart, [view("mug", "450.00"), view("bowl", "199.50")]).cart).toBe(cart);
  });
});

describe("parseCart (what survives a reload)", () => {
  it("reads back a stored cart", () => {
    const cart = addItem(addItem(EMPTY_CART, mug, 2), bowl, 1, variant("small"));
    expect(parseCart(JSON.parse(JSON.stringify(cart)))).toEqual(cart);
  });

  it("drops anything unreadable", () => {
    expect(parseCart(null)).toEqual(EMPTY_CART);
    expect(parseCart({ items: "nope" })).toEqual(EMPTY_CART);
    const stored = {
      storeId: "store-a",
      storeName: "Fjord Keramikk",
      items: [
        { productId: "mug", product: mug, quantity: 2, variantId: null },
        { productId: "bowl", product: bowl, quantity: -1, variantId: null },
        { productId: "vase", product: { ...mug, basePrice: "free" }, quantity: 1, variantId: null },
        { productId: "scarf", product: product("scarf", "800.00", storeB), quantity: 1, variantId: null },
      ],
    };
    expect(parseCart(stored).items.map((item) => item.productId)).toEqual(["mug"]);
  });

  it("caps stored quantities at 99", () => {
    const stored = {
      ...addItem(EMPTY_CART, mug, 1),
      items: [{ productId: "mug", product: mug, quantity: 400 }],
    };
    expect(parseCart(stored).items[0]?.quantity).toBe(99);
  });
});

describe("stock and variants in the cart (decision 0032)", () => {
  const limited = (id: string, stockQty: number | null): ProductView => ({ ...view(id, "300.00"), stockQty });

  it("adds nothing sold out, and never more than is left", () => {
    expect(addItem(EMPTY_CART, limited("vase", 0))).toBe(EMPTY_CART);
    expect(addItem(EMPTY_CART, mug, 1, variant("M", 0))).toBe(EMPTY_CART);
    const two = addItem(addItem(EMPTY_CART, limited("vase", 2), 1), limited("vase", 2), 5);
    expect(two.items[0]?.quantity).toBe(2);
    expect(incrementItem(two, "vase")).toBe(two);
  });

  it("prices a variant at its own price, or the product's, and names it", () => {
    const cart = addItem(addItem(EMPTY_CART, mug, 2, variant("L", null, "500.00")), mug, 1, variant("S"));
    expect(cart.items.map(lineTotal)).toEqual(["1000.00", "450.00"]);
    expect(cartTotal(cart)).toBe("1450.00");
    expect(cart.items[0]?.variantLabel).toBe("Size: L");
  });

  it("a refresh drops what sold out, shrinks what is short, and names the variant", () => {
    const sweater: ProductView = {
      ...view("mug", "450.00"),
      options: [{ name: "Size", values: ["S", "M"] }],
      variants: [
        {
          ...variant("S", 0),
          label: "Size: S",
          productId: "mug",
          values: ["S"],
          priceDelta: "0.00",
          sku: null,
          available: false,
        },
        {
          ...variant("M", 1),
          label: "Size: M",
          productId: "mug",
          values: ["M"],
          priceDelta: "0.00",
          sku: null,
          available: true,
        },
      ],
    };
    const cart = addItem(addItem(EMPTY_CART, mug, 1, variant("S", 5)), mug, 3, variant("M", 5));
    const refreshed = refreshCart(cart, [sweater]);
    expect(refreshed.soldOut).toEqual([{ title: "Product mug (Size: S)" }]);
    expect(refreshed.reduced).toEqual([{ title: "Product mug (Size: M)", left: 1 }]);
    expect(refreshed.cart.items.map((item) => [item.variantId, item.quantity])).toEqual([["M", 1]]);
  });

  it("a line without a variant leaves when its product now has options", () => {
    const cart = addItem(EMPTY_CART, mug, 1);
    const withOptions = { ...view("mug", "450.00"), options: [{ name: "Size", values: ["S"] }] };
    expect(refreshCart(cart, [withOptions]).removed).toEqual([{ title: "Product mug" }]);
  });

  it("a checkout refusal leaves what is left, or drops the line", () => {
    const cart = addItem(addItem(EMPTY_CART, mug, 4, variant("M", 9)), mug, 1, variant("S", 9));
    const short = applyStockRefusal(cart, { productId: "mug", variantId: "M", stockQty: 2 });
    expect(short.items.map((item) => item.quantity)).toEqual([2, 1]);
    const gone = applyStockRefusal(cart, { productId: "mug", variantId: "S", stockQty: 0 });
    expect(gone.items.map((item) => item.variantId)).toEqual(["M"]);
  });

  it("reads back a stored cart with its variant and stock", () => {
    const cart = addItem(EMPTY_CART, mug, 2, variant("L", 3, "500.00"));
    expect(parseCart(JSON.parse(JSON.stringify(cart)))).toEqual(cart);
  });
});
