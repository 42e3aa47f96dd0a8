import { toOre } from "../../../../shared/money";
import { MAX_QTY_PER_LINE } from "../../../../shared/order-limits";
import type { ProductVariantView, ProductView } from "../../../../shared/product";
import { shownLineTotal, shownTotal } from "../../../lib/money";

/** docs/product-spec.md 3: the cart lives in browser local storage under this key and survives reloads. */
export const CART_STORAGE_KEY = "cart";

/** What the cart keeps of a product: enough to draw a row and to link back to it. */
export interface CartProduct {
  id: string;
  storeId: string;
  title: string;
  sku: string | null;
  basePrice: string;
  currencyCode: string;
  primaryImage: string | null;
  store: { id: string; name: string; slug: string };
}

export interface CartItem {
  productId: string;
  product: CartProduct;
  quantity: number;
  variantId: string | null;
  /** The chosen variant's name, "Størrelse: M / Farge: Blå" (decision 0032); null without one. */
  variantLabel: string | null;
  /** The variant's own price; null: the product's. */
  variantPrice: string | null;
  /** What was left when last read (the variant's, or the product's); null: unlimited. */
  stockQty: number | null;
}

/** What one of the line costs: the variant's own price, or the product's. */
export const unitPriceOf = (item: CartItem) => item.variantPrice ?? item.product.basePrice;

/** A line's name: the product, and its variant when it has one. */
export const lineTitle = (item: Pick<CartItem, "product" | "variantLabel">) =>
  item.variantLabel ? `${item.product.title} (${item.variantLabel})` : item.product.title;

/** The most of a line the cart holds: 99, or what is left. */
const maxQuantity = (stockQty: number | null) =>
  stockQty === null ? MAX_QTY_PER_LINE : Math.min(MAX_QTY_PER_LINE, stockQty);

export interface Cart {
  items: CartItem[];
  storeId: string | null;
  storeName: string | null;
}

export const EMPTY_CART: Cart = { items: [], storeId: null, storeName: null };

export function toCartProduct(product: CartProduct | ProductView): CartProduct {
  return {
    id: product.id,
    storeId: product.storeId,
    title: product.title,
    sku: product.sku,
    basePrice: product.basePrice,
    currencyCode: product.currencyCode,
    primaryImage: product.primaryImage,
    store: { id: product.store.id, name: product.store.name, slug: product.store.slug },
  };
}

export const clampQuantity = (quantity: number) =>
  Math.min(MAX_QTY_PER_LINE, Math.max(1, Number.isFinite(quantity) ? Math.trunc(quantity) : 1));

export const isLine = (item: CartItem, productId: string, variantId: string | null) =>
  item.productId === productId && item.variantId === variantId;

/** The variant a line is for, as the cart keeps it. */
export type CartVariant = Pick<ProductVariantView, "id" | "label" | "price" | "stockQty">;

/**
 * docs/product-spec.md 4: a product from another store replaces the cart with that one item; the same product and
 * variant adds up (at most 99, and never past what is left); anything else joins the cart. Nothing
 * sold out is added.
 */
export function addItem(
  cart: Cart,
  product: CartProduct | ProductView,
  quantity = 1,
  variant: CartVariant | null = null,
): Cart {
  const snapshot = toCartProduct(product);
  const stockQty = variant ? variant.stockQty : "stockQty" in product ? product.stockQty : null;
  if (stockQty === 0) return cart;
  const variantId = variant?.id ?? null;
  const line: CartItem = {
    productId: snapshot.id,
    product: snapshot,
    quantity: Math.min(clampQuantity(quantity), maxQuantity(stockQty)),
    variantId,
    variantLabel: variant?.label ?? null,
    variantPrice: variant?.price ?? null,
    stockQty,
  };
  const store = { storeId: snapshot.storeId, storeName: snapshot.store.name };
  if (cart.storeId !== null && cart.storeId !== snapshot.storeId) return { items: [line], ...store };
  const existing = cart.items.find((item) => isLine(item, snapshot.id, variantId));
  if (!existing) return { items: [...cart.items, line], ...store };
  return {
    items: cart.items.map((item) =>
      item === existing
        ? {
            ...line,
            quantity: Math.min(clampQuantity(item.quantity + line.quantity), maxQuantity(stockQty)),
          }
        : item,
    ),
    ...store,
  };
}

/** One more of a line, never past 99 nor past what is left. */
export function incrementItem(cart: Cart, productId: string, variantId: string | null = null): Cart {
  const existing = cart.items.find((item) => isLine(item, productId, variantId));
  if (!existing || existing.quantity >= maxQuantity(existing.stockQty)) return cart;
  return {
    ...cart,
    items: cart.items.map((item) => (item === existing ? { ...item, quantity: item.quantity + 1 } : item)),
  };
}

/** One fewer; at quantity 1 the line goes. */
export function decrementItem(cart: Cart, productId: string, variantId: string | null = null): Cart {
  const existing = cart.items.find((item) => isLine(item, productId, variantId));
  if (!existing) return cart;
  if (existing.quantity <= 1) return removeItem(cart, productId, variantId);
  return {
    ...cart,
    items: cart.items.map((item) => (item === existing ? { ...item, quantity: item.quantity - 1 } : item)),
  };
}

export function removeItem(cart: Cart, productId: string, variantId: string | null = null): Cart {
  const items = cart.items.filter((item) => !isLine(item, productId, variantId));
  return items.length === cart.items.length ? cart : { ...cart, items };
}

/** Every line of a product, whatever its variant: what the server names when it refuses one. */
export function removeProduct(cart: Cart, productId: string): Cart {
  const items = cart.items.filter((item) => item.productId !== productId);
  return items.length === cart.items.length ? cart : { ...cart, items };
}

/** docs/product-spec.md 4: opening another store's storefront empties the cart. */
export function selectStore(cart: Cart, store: { id: string; name: string }): Cart {
  if (cart.storeId !== store.id) return { items: [], storeId: store.id, storeName: store.name };
  return cart.storeName === store.name ? cart : { ...cart, storeName: store.name };
}

export function itemCount(cart: Cart): number {
  return cart.items.reduce((sum, item) => sum + item.quantity, 0);
}

const shownLine = (item: CartItem) => ({ unitPrice: unitPriceOf(item), qty: item.quantity });

/** A line's shown (whole-kroner) price times its quantity, so it matches the unit price beside it. */
export function lineTotal(item: CartItem): string {
  return shownLineTotal(unitPriceOf(item), item.quantity);
}

/** The sum of the lines as shown. */
export function cartTotal(cart: Cart): string {
  return shownTotal(cart.items.map(shownLine));
}

export interface CartRefresh {
  cart: Cart;
  /** Lines whose price changed, with the new price. */
  repriced: { title: string; price: string }[];
  /** Lines whose product (or variant) the store no longer sells. */
  removed: { title: string }[];
  /** Lines that sold out while they sat in the cart: they leave it (decision 0032). */
  soldOut: { title: string }[];
  /** Lines that asked for more than is left: the cart now holds what is left. */
  reduced: { title: string; left: number }[];
}

/** The refresh of one line: the line as it is now, or why it left. */
type LineRefresh = { item: CartItem } | { gone: "removed" | "soldOut" };

function refreshLine(item: CartItem, fresh: ProductView | undefined): LineRefresh {
  if (!fresh) return { gone: "removed" };
  const variant = item.variantId ? fresh.variants.find((v) => v.id === item.variantId) : undefined;
  // A variant the seller removed, or a product that now has options and so needs one chosen.
  if (item.variantId ? !variant : fresh.options.length > 0) return { gone: "removed" };
  const stockQty = variant ? variant.stockQty : fresh.stockQty;
  if (stockQty === 0) return { gone: "soldOut" };
  return {
    item: {
      ...item,
      product: toCartProduct(fresh),
      variantLabel: variant?.label ?? null,
      variantPrice: variant?.price ?? null,
      stockQty,
      quantity: Math.min(item.quantity, maxQuantity(stockQty)),
    },
  };
}

/**
 * decision 0006: the server prices the order, so the cart takes fresh prices (and titles, images and stock) from
 * the store's current product list; products missing from it, inactive or sold out leave the cart, and
 * a line larger than what is left shrinks to it.
 */
export function refreshCart(cart: Cart, products: readonly ProductView[]): CartRefresh {
  const live = new Map(
    products
      .filter((product) => product.isActive !== false && product.storeId === cart.storeId)
      .map((product) => [product.id, product]),
  );
  const result: Omit<CartRefresh, "cart"> = { repriced: [], removed: [], soldOut: [], reduced: [] };
  const items: CartItem[] = [];
  for (const item of cart.items) {
    const refreshed = refreshLine(item, live.get(item.productId));
    if ("gone" in refreshed) {
      result[refreshed.gone].push({ title: lineTitle(item) });
      continue;
    }
    const fresh = refreshed.item;
    if (toOre(unitPriceOf(fresh)) !== toOre(unitPriceOf(item))) {
      result.repriced.push({ title: lineTitle(fresh), price: unitPriceOf(fresh) });
    }
    if (fresh.quantity < item.quantity)
      result.reduced.push({ title: lineTitle(fresh), left: fresh.quantity });
    items.push(JSON.stringify(fresh) === JSON.stringify(item) ? item : fresh);
  }
  const changed = items.length !== cart.items.length || items.some((item, n) => item !== cart.items[n]);
  return { cart: changed ? { ...cart, items } : cart, ...result };
}

/** What a 409 from the checkout says is left of a line (decision 0032). */
export interface StockRefusal {
  productId: string;
  variantId: string | null;
  stockQty: number;
}

/** The server said only `stockQty` is left of a line: the cart holds that much, or drops the line. */
export function applyStockRefusal(cart: Cart, refusal: StockRefusal): Cart {
  const existing = cart.items.find((item) => isLine(item, refusal.productId, refusal.variantId));
  if (!existing) return cart;
  if (refusal.stockQty <= 0) return removeItem(cart, refusal.productId, refusal.variantId);
  return {
    ...cart,
    items: cart.items.map((item) =>
      item === existing
        ? { ...item, stockQty: refusal.stockQty, quantity: Math.min(item.quantity, refusal.stockQty) }
        : item,
    ),
  };
}
