import { useCallback, useEffect, useState } from "react";
import { normalizePrice } from "../../../../shared/money";
import { MAX_LINES_PER_ORDER, MAX_QTY_PER_LINE } from "../../../../shared/order-limits";
import { EMPTY_STALL_CART, type StallCart, type StallLine } from "../stall-cart";

/**
 * The stall's running cart for one store, kept on the phone: a cart half rung up survives a reload or the
 * phone locking in the queue. What is read back is checked line by line; anything odd is dropped.
 */
const storageKey = (storeId: string) => `torg.stall-cart.${storeId}`;

const isText = (value: unknown): value is string => typeof value === "string";

function parseLine(raw: unknown): StallLine | undefined {
  if (typeof raw !== "object" || raw === null) return undefined;
  const line = raw as Record<string, unknown>;
  const qty = line.qty;
  if (typeof qty !== "number" || !Number.isInteger(qty) || qty < 1 || qty > MAX_QTY_PER_LINE)
    return undefined;
  if (!isText(line.key) || !isText(line.title) || !isText(line.unitPrice)) return undefined;
  const unitPrice = normalizePrice(line.unitPrice);
  if (!unitPrice) return undefined;
  if (line.kind === "free") return { kind: "free", key: line.key, title: line.title, unitPrice, qty };
  if (line.kind !== "product" || !isText(line.productId)) return undefined;
  const stockQty = typeof line.stockQty === "number" && line.stockQty >= 0 ? line.stockQty : null;
  return {
    kind: "product",
    key: line.key,
    productId: line.productId,
    variantId: isText(line.variantId) ? line.variantId : null,
    title: line.title,
    variantLabel: isText(line.variantLabel) ? line.variantLabel : null,
    unitPrice,
    qty,
    stockQty,
    imageUrl: isText(line.imageUrl) ? line.imageUrl : null,
  };
}

export function parseStallCart(value: unknown): StallCart {
  if (typeof value !== "object" || value === null) return EMPTY_STALL_CART;
  const lines = (value as { lines?: unknown }).lines;
  if (!Array.isArray(lines)) return EMPTY_STALL_CART;
  const parsed: StallLine[] = [];
  for (const raw of lines.slice(0, MAX_LINES_PER_ORDER)) {
    const line = parseLine(raw);
    if (line && !parsed.some((other) => other.key === line.key)) parsed.push(line);
  }
  return { lines: parsed };
}

function readCart(storeId: string): StallCart {
  try {
    const raw = localStorage.getItem(storageKey(storeId));
    return raw ? parseStallCart(JSON.parse(raw)) : EMPTY_STALL_CART;
  } catch {
    return EMPTY_STALL_CART;
  }
}

/** The cart and a way to change it by one of stall-cart.ts's rules; every change is saved at once. */
export function useStallCart(storeId: string) {
  const [cart, setCart] = useState<StallCart>(() => readCart(storeId));

  useEffect(() => {
    try {
      if (cart.lines.length === 0) localStorage.removeItem(storageKey(storeId));
      else localStorage.setItem(storageKey(storeId), JSON.stringify(cart));
    } catch {
      // Storage full or blocked: the cart still works until the page is closed.
    }
  }, [cart, storeId]);

  const update = useCallback((change: (current: StallCart) => StallCart) => setCart(change), []);
  const clear = useCallback(() => setCart(EMPTY_STALL_CART), []);
  return { cart, update, clear };
}
