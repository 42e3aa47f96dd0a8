import { lazy, type ReactNode, Suspense, useCallback, useMemo, useState } from "react";
import type { DeliveryOptionView } from "../../../../shared/delivery";
import { type ShopAddress, shopPath } from "../../../../shared/shop-address";
import { dismissToast } from "../../../hooks/use-toast";
import { fetchCartProducts, fetchPublicStore } from "../api";
import { cartStore } from "../cart/cart";
import { CartDrawer } from "../cart/cart-drawer";
import { UnpaidOrderBanner } from "../order/unpaid-order";
import { useFocusReturn } from "./focus-return";
import { type CartNotes, ShopContext } from "./shop-context";

/** The checkout (react-hook-form and zod) is its own chunk, fetched as soon as the cart opens. */
const loadCheckout = () => import("../checkout/checkout-dialog");
const CheckoutDialog = lazy(async () => ({ default: (await loadCheckout()).CheckoutDialog }));

interface ShopFrameProps {
  children: ReactNode;
  /** Where "Continue Shopping" goes after an order placed away from the store page (docs/product-spec.md 2.13). */
  storePath?: string;
  /** The store whose delivery options the checkout offers and whose terms it links (decision 0036). */
  store: ShopAddress;
  origin: string;
}

/**
 * The cart drawer and the checkout dialog shared by the storefront and the product page. The cart's
 * prices are refreshed from the server when the drawer opens and again before checkout (decision 0006).
 */
export function ShopFrame({ children, storePath, store, origin }: ShopFrameProps) {
  const storeSlug = store.slug;
  const [cartOpen, setCartOpen] = useState(false);
  const [checkoutOpen, setCheckoutOpen] = useState(false);
  /** Counts checkouts; 0 until the first, so the checkout chunk is not rendered before it is needed. */
  const [checkoutSession, setCheckoutSession] = useState(0);
  const [preparing, setPreparing] = useState(false);
  const [notes, setNotes] = useState<CartNotes | null>(null);
  /** The store's delivery options, read before the checkout opens so its form is there at once. */
  const [deliveryOptions, setDeliveryOptions] = useState<DeliveryOptionView[] | "failed">([]);
  const [shipsWithBring, setShipsWithBring] = useState(false);
  const focus = useFocusReturn();

  const refresh = useCallback(async () => {
    const { storeId, items } = cartStore.get();
    if (!storeId || items.length === 0) return;
    try {
      // The store's public product list carries each product's and variant's stock (decision 0032).
      const fresh = await fetchCartProducts(
        storeId,
        items.map((item) => item.productId),
      );
      const { cart: _, ...notes } = cartStore.refresh(fresh);
      if (Object.values(notes).some((lines) => lines.length > 0)) setNotes(notes);
    } catch {
      // Offline or the store is gone: the cart keeps its prices, and the server prices the order anyway.
    }
  }, []);

  const openCart = useCallback(() => {
    // "Added to cart" has done its job once the cart is open, and would cover its buttons.
    dismissToast();
    focus.remember();
    setNotes(null);
    setCartOpen(true);
    void loadCheckout();
    void refresh();
  }, [refresh, focus]);

  const startCheckout = useCallback(async () => {
    if (preparing) return;
    setPreparing(true);
    setNotes(null);
    await Promise.all([
      refresh(),
      loadCheckout().catch(() => undefined),
      fetchPublicStore(storeSlug).then(
        (store) => {
          setDeliveryOptions(store.deliveryOptions);
          setShipsWithBring(store.shipsWithBring);
        },
        () => setDeliveryOptions("failed"),
      ),
    ]);
    setPreparing(false);
    if (cartStore.get().items.length === 0) return;
    setCartOpen(false);
    setCheckoutSession((session) => session + 1);
    setCheckoutOpen(true);
  }, [refresh, preparing, storeSlug]);

  const value = useMemo(() => ({ openCart, origin }), [openCart, origin]);

  return (
    <ShopContext value={value}>
      <UnpaidOrderBanner storeSlug={storeSlug} />
      {children}
      <CartDrawer
        open={cartOpen}
        onOpenChange={setCartOpen}
        onCheckout={startCheckout}
        preparing={preparing}
        notes={notes}
        onCloseAutoFocus={(event) => {
          // Going on to the checkout: focus belongs to the checkout dialog, not back on the page.
          if (checkoutOpen) event.preventDefault();
          else focus.onCloseAutoFocus(event);
        }}
      />
      {checkoutSession > 0 && (
        <Suspense fallback={null}>
          <CheckoutDialog
            key={checkoutSession}
            open={checkoutOpen}
            onOpenChange={setCheckoutOpen}
            notes={notes}
            storePath={storePath}
            storeSlug={storeSlug}
            termsPath={shopPath(store, "/terms")}
            deliveryOptions={deliveryOptions}
            shipsWithBring={shipsWithBring}
            onCloseAutoFocus={focus.onCloseAutoFocus}
          />
        </Suspense>
      )}
    </ShopContext>
  );
}
