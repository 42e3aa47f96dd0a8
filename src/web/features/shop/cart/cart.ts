import { useSyncExternalStore } from "react";
import { toOre } from "../../../../shared/money";
import type { ProductView } from "../../../../shared/product";
import {
  addItem,
  applyStockRefusal,
  CART_STORAGE_KEY,
  type Cart,
  type CartItem,
  type CartProduct,
  type CartRefresh,
  type CartVariant,
  clampQuantity,
  decrementItem,
  EMPTY_CART,
  incrementItem,
  isLine,
  refreshCart,
  removeItem,
  removeProduct,
  type StockRefusal,
  selectStore,
} from "./cart-model";

/**
 * The cart as the shop uses it: its lines and their rules (cart-model.ts), read back from local storage
 * and kept in one store that components subscribe to.
 */
export * from "./cart-model";

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null;
const isText = (value: unknown): value is string => typeof value === "string";
const isTextOrNull = (value: unknown): value is string | null => value === null || typeof value === "string";

function isPrice(value: string) {
  try {
    toOre(value);
    return true;
  } catch {
    return false;
  }
}

function parseProduct(value: unknown): CartProduct | undefined {
  if (!isRecord(value) || !isRecord(value.store)) return undefined;
  const { id, storeId, title, sku, basePrice, currencyCode, primaryImage, store } = value;
  if (!isText(id) || !isText(storeId) || !isText(title) || !isText(basePrice)) return undefined;
  if (!isText(store.id) || !isText(store.name) || !isText(store.slug)) return undefined;
  try {
    toOre(basePrice);
  } catch {
    return undefined;
  }
  return {
    id,
    storeId,
    title,
    sku: isTextOrNull(sku) ? sku : null,
    basePrice,
    currencyCode: isText(currencyCode) ? currencyCode : "NOK",
    primaryImage: isTextOrNull(primaryImage) ? primaryImage : null,
    store: { id: store.id, name: store.name, slug: store.slug },
  };
}

/** A stored cart, checked line by line: anything unreadable is dropped rather than trusted. */
export function parseCart(value: unknown): Cart {
  if (!isRecord(value) || !Array.isArray(value.items)) return EMPTY_CART;
  const storeId = isText(value.storeId) ? value.storeId : null;
  const items: CartItem[] = [];
  for (const raw of value.items) {
    if (!isRecord(raw)) continue;
    const product = parseProduct(raw.product);
    if (!product || product.id !== raw.productId || product.storeId !== storeId) continue;
    if (typeof raw.quantity !== "number" || !Number.isInteger(raw.quantity) || raw.quantity < 1) continue;
    const variantId = isText(raw.variantId) ? raw.variantId : null;
    if (items.some((item) => isLine(item, product.id, variantId))) continue;
    const stockQty =
      typeof raw.stockQty === "number" && Number.isInteger(raw.stockQty) && raw.stockQty >= 0
        ? raw.stockQty
        : null;
    const variantPrice = isText(raw.variantPrice) && isPrice(raw.variantPrice) ? raw.variantPrice : null;
    items.push({
      productId: product.id,
      product,
      quantity: clampQuantity(raw.quantity),
      variantId,
      // A cart saved before variants had these: the next refresh fills them from the store.
      variantLabel: variantId && isText(raw.variantLabel) ? raw.variantLabel : null,
      variantPrice: variantId ? variantPrice : null,
      stockQty,
    });
  }
  return { items, storeId, storeName: isText(value.storeName) ? value.storeName : null };
}

function readStoredCart(): Cart {
  try {
    if (typeof localStorage === "undefined") return EMPTY_CART;
    const raw = localStorage.getItem(CART_STORAGE_KEY);
    return raw ? parseCart(JSON.parse(raw)) : EMPTY_CART;
  } catch (err) {
    console.warn(`Ignoring the stored "${CART_STORAGE_KEY}": it could not be read.`, err);
    return EMPTY_CART;
  }
}

function writeStoredCart(cart: Cart): void {
  try {
    if (typeof localStorage === "undefined") return;
    localStorage.setItem(CART_STORAGE_KEY, JSON.stringify(cart));
  } catch {
    // Storage full or blocked: the cart still works until the page is closed.
  }
}

let current: Cart = readStoredCart();
const listeners = new Set<() => void>();

function commit(next: Cart): void {
  if (next === current) return;
  current = next;
  writeStoredCart(next);
  for (const listener of listeners) listener();
}

// Another tab changed the cart: follow it, so two open tabs never overwrite each other's lines.
if (typeof window !== "undefined") {
  window.addEventListener("storage", (event) => {
    if (event.key !== CART_STORAGE_KEY) return;
    current = readStoredCart();
    for (const listener of listeners) listener();
  });
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

const snapshot = () => current;
/** The server renders every shop page with an empty cart; the browser shows the stored one right after. */
const serverSnapshot = () => EMPTY_CART;

/** The shopper's cart; every change is saved and shown everywhere at once. */
export function useCart(): Cart {
  return useSyncExternalStore(subscribe, snapshot, serverSnapshot);
}

/** Changes to the cart from anywhere (event handlers, mutations). */
export const cartStore = {
  get: snapshot,
  add: (product: CartProduct | ProductView, quantity = 1, variant: CartVariant | null = null) =>
    commit(addItem(current, product, quantity, variant)),
  increment: (productId: string, variantId: string | null = null) =>
    commit(incrementItem(current, productId, variantId)),
  decrement: (productId: string, variantId: string | null = null) =>
    commit(decrementItem(current, productId, variantId)),
  remove: (productId: string, variantId: string | null = null) =>
    commit(removeItem(current, productId, variantId)),
  removeProduct: (productId: string) => commit(removeProduct(current, productId)),
  applyStockRefusal: (refusal: StockRefusal) => commit(applyStockRefusal(current, refusal)),
  selectStore: (store: { id: string; name: string }) => commit(selectStore(current, store)),
  refresh: (products: readonly ProductView[]): CartRefresh => {
    const result = refreshCart(current, products);
    commit(result.cart);
    return result;
  },
  clear: () => commit(EMPTY_CART),
};
