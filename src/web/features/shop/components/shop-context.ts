import { createContext, useContext } from "react";
import type { CartRefresh } from "../cart/cart";

/**
 * What every shop page's parts ask the frame for. Kept apart from ShopFrame, which renders the cart and
 * the checkout: those ask for it too, and would otherwise import the file that imports them (decision 0027).
 */
export interface ShopContextValue {
  openCart: () => void;
  /** The site's public address: uploaded pictures are addressed from it, the same on server and browser. */
  origin: string;
}

/** What a refresh found: shown as a short note in the cart or the checkout. */
export type CartNotes = Pick<CartRefresh, "repriced" | "removed" | "soldOut" | "reduced">;

export const ShopContext = createContext<ShopContextValue | null>(null);

export function useShop(): ShopContextValue {
  const context = useContext(ShopContext);
  if (!context) throw new Error("useShop must be used inside ShopFrame");
  return context;
}
