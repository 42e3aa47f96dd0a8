import type { MarketCatalogueItem, SaleLineInput } from "../../../shared/market";
import { fromOre, normalizePrice, toOre } from "../../../shared/money";
import { MAX_LINES_PER_ORDER, MAX_QTY_PER_LINE } from "../../../shared/order-limits";

/**
 * The stall's running cart and its rules, pure (decision 0077): lines from the catalogue and free
 * amounts, quantities within the stock the catalogue showed, totals in integer øre, and the change for
 * cash. The screen keeps one of these per store (screen/use-stall-cart.ts); the server prices the sale
 * itself, so these totals are what the seller sees before paying, never what is charged.
 */

export interface ProductLine {
  kind: "product";
  /** The line's identity in the cart: one line per product and variant. */
  key: string;
  productId: string;
  variantId: string | null;
  title: string;
  variantLabel: string | null;
  unitPrice: string;
  qty: number;
  /** What the catalogue (or the server's refusal) says is left; null: not counted. */
  stockQty: number | null;
  imageUrl: string | null;
}

export interface FreeLine {
  kind: "free";
  key: string;
  /** The seller's words for it ("Other" when none were given). */
  title: string;
  unitPrice: string;
  qty: number;
}

export type StallLine = ProductLine | FreeLine;

export interface StallCart {
  lines: StallLine[];
}

export const EMPTY_STALL_CART: StallCart = { lines: [] };

export const productLineKey = (productId: string, variantId: string | null) =>
  `p:${productId}:${variantId ?? ""}`;

/** How many more of an item the stock allows (Infinity when not counted). */
export function roomFor(stockQty: number | null, inCart: number): number {
  if (stockQty === null) return MAX_QTY_PER_LINE - inCart;
  return Math.max(0, Math.min(stockQty, MAX_QTY_PER_LINE) - inCart);
}

/** How many of a product (and variant) the cart holds. */
export function qtyInCart(cart: StallCart, productId: string, variantId: string | null): number {
  const key = productLineKey(productId, variantId);
  return cart.lines.find((line) => line.key === key)?.qty ?? 0;
}

export type AddResult =
  | { cart: StallCart; added: true }
  | { cart: StallCart; added: false; reason: AddRefusal };
export type AddRefusal = "soldOut" | "noMoreInStock" | "tooManyLines";

/**
 * One more of a catalogue item (its variant, when it has variants), or a new line for it. Refused when
 * the stock the catalogue showed is all in the cart already, or the sale would have too many lines.
 */
export function addProduct(
  cart: StallCart,
  item: MarketCatalogueItem,
  variantId: string | null = null,
): AddResult {
  const variant = variantId ? item.variants.find((candidate) => candidate.id === variantId) : undefined;
  if (variantId && !variant) return { cart, added: false, reason: "soldOut" };
  const stockQty = variant ? variant.stockQty : item.stockQty;
  const key = productLineKey(item.productId, variant?.id ?? null);
  const existing = cart.lines.find((line) => line.key === key);
  if (stockQty !== null && stockQty <= 0) return { cart, added: false, reason: "soldOut" };
  if (roomFor(stockQty, existing?.qty ?? 0) <= 0) return { cart, added: false, reason: "noMoreInStock" };
  if (existing) {
    return { cart: setQty(cart, key, existing.qty + 1), added: true };
  }
  if (cart.lines.length >= MAX_LINES_PER_ORDER) return { cart, added: false, reason: "tooManyLines" };
  const line: ProductLine = {
    kind: "product",
    key,
    productId: item.productId,
    variantId: variant?.id ?? null,
    title: item.title,
    variantLabel: variant?.label ?? null,
    unitPrice: variant?.price ?? item.price,
    qty: 1,
    stockQty,
    imageUrl: item.imageUrl,
  };
  return { cart: { lines: [...cart.lines, line] }, added: true };
}

/**
 * A free amount ("Other, 250 kr"): amount in kroner as typed ("250", "49,50"). Undefined when the
 * amount is not a price above zero or the sale is full.
 */
export function addFreeAmount(
  cart: StallCart,
  amount: string,
  title: string,
  makeKey: () => string,
): StallCart | undefined {
  const unitPrice = normalizePrice(amount);
  if (!unitPrice || toOre(unitPrice) <= 0) return undefined;
  if (cart.lines.length >= MAX_LINES_PER_ORDER) return undefined;
  const line: FreeLine = { kind: "free", key: `f:${makeKey()}`, title: title.trim(), unitPrice, qty: 1 };
  return { lines: [...cart.lines, line] };
}

/** A line's quantity set, within 1 and what its stock allows; 0 or less removes it. */
export function setQty(cart: StallCart, key: string, qty: number): StallCart {
  if (qty <= 0) return removeLine(cart, key);
  return {
    lines: cart.lines.map((line) => {
      if (line.key !== key) return line;
      const limit = line.kind === "product" && line.stockQty !== null ? line.stockQty : MAX_QTY_PER_LINE;
      return { ...line, qty: Math.max(1, Math.min(qty, limit, MAX_QTY_PER_LINE)) };
    }),
  };
}

export const increment = (cart: StallCart, key: string) =>
  setQty(cart, key, (cart.lines.find((line) => line.key === key)?.qty ?? 0) + 1);

/** One fewer; the last one stays (the bin removes a line, so a stepper never drops one by surprise). */
export const decrement = (cart: StallCart, key: string) =>
  setQty(cart, key, Math.max(1, (cart.lines.find((line) => line.key === key)?.qty ?? 1) - 1));

export function removeLine(cart: StallCart, key: string): StallCart {
  return { lines: cart.lines.filter((line) => line.key !== key) };
}

/** Whether the stepper's plus may add one more of the line. */
export function canIncrement(line: StallLine): boolean {
  if (line.qty >= MAX_QTY_PER_LINE) return false;
  return line.kind === "free" || line.stockQty === null || line.qty < line.stockQty;
}

/** A line's total in øre. */
export const lineTotalOre = (line: StallLine) => toOre(line.unitPrice) * line.qty;

/** The cart's total in øre, before any code the server applies. */
export const cartTotalOre = (cart: StallCart) =>
  cart.lines.reduce((sum, line) => sum + lineTotalOre(line), 0);

export const itemCount = (cart: StallCart) => cart.lines.reduce((sum, line) => sum + line.qty, 0);

/** The cart has only catalogue lines: the public quote can price it with a code (it knows no free amounts). */
export const onlyCatalogueLines = (cart: StallCart) =>
  cart.lines.length > 0 && cart.lines.every((line) => line.kind === "product");

/** The lines as the sale sends them: products by id (the server prices them), free amounts with their own. */
export function saleItems(cart: StallCart, otherTitle: string): SaleLineInput[] {
  return cart.lines.map((line) =>
    line.kind === "product"
      ? { productId: line.productId, variantId: line.variantId, qty: line.qty }
      : { title: line.title || otherTitle, unitPrice: line.unitPrice, qty: line.qty },
  );
}

/**
 * The server said only `stockQty` is left of a product (a 409 from the sale): the line holds that much, or
 * goes when none is left. The tile is marked by the caller from the same refusal.
 */
export function applyStockLeft(
  cart: StallCart,
  refusal: { productId: string; variantId: string | null; stockQty: number },
): StallCart {
  const key = productLineKey(refusal.productId, refusal.variantId);
  if (refusal.stockQty <= 0) return removeLine(cart, key);
  return {
    lines: cart.lines.map((line) =>
      line.key === key && line.kind === "product"
        ? { ...line, stockQty: refusal.stockQty, qty: Math.min(line.qty, refusal.stockQty) }
        : line,
    ),
  };
}

/** Cash: the change for what was handed over, in øre; negative when it is not enough. */
export const changeOre = (totalOre: number, givenOre: number) => givenOre - totalOre;

const roundUpTo = (ore: number, step: number) => Math.ceil(ore / step) * step;

/**
 * The notes a shopper is likely to hand over, smallest first: the exact amount, the next 50 and 100
 * kroner up, 200, 500 and 1000 kr when they cover it, and for a larger sale the next 500 and 1000 up.
 * Each at most once.
 */
export function quickCashAmounts(totalOre: number): number[] {
  if (totalOre <= 0) return [];
  const candidates = [
    totalOre,
    roundUpTo(totalOre, 5000),
    roundUpTo(totalOre, 10000),
    20000,
    50000,
    100000,
    roundUpTo(totalOre, 50000),
    roundUpTo(totalOre, 100000),
  ];
  return [...new Set(candidates.filter((amount) => amount >= totalOre))].sort((a, b) => a - b);
}

/** The keys of the amount keypad. */
export type KeypadKey = "0" | "1" | "2" | "3" | "4" | "5" | "6" | "7" | "8" | "9" | "00" | "," | "back";

/** Eight digits of kroner, as the price pattern allows. */
const MAX_KRONER_DIGITS = 8;

/**
 * An amount typed on the keypad, as text ("250", "49,5"): digits, one decimal comma with two digits after
 * it at most, no leading zeros, at most eight digits of kroner. A key that would break that is ignored.
 */
export function pressKey(text: string, key: KeypadKey): string {
  if (key === "back") return text.slice(0, -1);
  const [whole = "", fraction] = text.split(",");
  if (key === ",") {
    if (fraction !== undefined) return text;
    return `${whole || "0"},`;
  }
  if (fraction !== undefined) {
    const next = fraction + key;
    return next.length > 2 ? text : `${whole},${next}`;
  }
  if (whole === "0" || whole === "") {
    const digits = key === "00" ? "0" : key;
    return digits;
  }
  const next = whole + key;
  return next.length > MAX_KRONER_DIGITS ? text : next;
}

/** The keypad's text as øre (0 when empty or just a comma). */
export function keypadOre(text: string): number {
  const normalized = normalizePrice(text.endsWith(",") ? text.slice(0, -1) || "0" : text || "0");
  return normalized ? toOre(normalized) : 0;
}

/** Øre as the keypad's text: 25000 → "250", 4950 → "49,50". */
export function oreToKeypad(ore: number): string {
  const [whole, fraction] = fromOre(ore).split(".");
  return fraction === "00" ? `${whole}` : `${whole},${fraction}`;
}
