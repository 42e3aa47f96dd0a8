import { Dialog as DialogPrimitive } from "radix-ui";
import { Button } from "../../../components/ui/button";
import { closesOnEscape } from "../../../components/ui/escape-close";
import { Spinner } from "../../../components/ui/spinner";
import { toast } from "../../../hooks/use-toast";
import { useTranslation } from "../../../lib/i18n";
import { useKr } from "../../../lib/money";
import { cn } from "../../../lib/utils";
import { ShoppingBag, Trash2, X } from "../components/icons";
import { useOpenedOnce } from "../components/opened-once";
import { ProductPhoto } from "../components/product-photo";
import type { CartNotes } from "../components/shop-context";
import { StockLabel } from "../components/stock-label";
import {
  type CartItem,
  cartStore,
  cartTotal,
  itemCount,
  lineTitle,
  lineTotal,
  unitPriceOf,
  useCart,
} from "./cart";
import { CartNotice } from "./cart-notice";
import { QuantityStepper } from "./quantity-stepper";

interface CartDrawerProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCheckout: () => void;
  /** Prices are being checked before the checkout opens. */
  preparing: boolean;
  notes: CartNotes | null;
  onCloseAutoFocus: (event: Event) => void;
}

/**
 * The cart as a sheet: from the bottom on phones, from the right on wider screens (docs/product-spec.md 2.12).
 * Nothing of it is rendered until it first opens (useOpenedOnce).
 */
export function CartDrawer(props: CartDrawerProps) {
  return useOpenedOnce(props.open) ? <CartSheet {...props} /> : null;
}

function CartSheet({ open, onOpenChange, onCheckout, preparing, notes, onCloseAutoFocus }: CartDrawerProps) {
  const { t } = useTranslation();
  const kr = useKr();
  const cart = useCart();
  const count = itemCount(cart);
  const empty = cart.items.length === 0;

  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-stone-950/45 backdrop-blur-[2px] data-[state=closed]:animate-fade-out data-[state=open]:animate-fade-in" />
        <DialogPrimitive.Content
          aria-describedby={undefined}
          onCloseAutoFocus={onCloseAutoFocus}
          className={cn(
            "torg-sheet torg-sheet--side fixed inset-x-0 bottom-0 z-50 flex max-h-[88dvh] flex-col rounded-t-3xl border-t bg-popover text-popover-foreground shadow-2xl outline-none",
            "sm:inset-y-0 sm:right-0 sm:left-auto sm:max-h-none sm:w-[26rem] sm:rounded-none sm:border-t-0 sm:border-l",
          )}
        >
          <div
            aria-hidden="true"
            className="mx-auto mt-2.5 h-1.5 w-10 shrink-0 rounded-full bg-border sm:hidden"
          />
          <header className="flex items-start gap-3 px-5 pt-3 pb-4 sm:pt-5">
            <div className="min-w-0 flex-1">
              <DialogPrimitive.Title className="text-xl font-semibold tracking-tight">
                {t("cart.title", { count })}
              </DialogPrimitive.Title>
              {!empty && cart.storeName && (
                <p className="mt-0.5 truncate text-sm text-muted-foreground">
                  {t("cart.shoppingAt", { store: cart.storeName })}
                </p>
              )}
            </div>
            <DialogPrimitive.Close
              {...closesOnEscape}
              className="-mt-1 -mr-2 flex size-11 shrink-0 items-center justify-center rounded-full text-muted-foreground transition-colors hover:bg-accent hover:text-accent-foreground focus-visible:outline-2 focus-visible:outline-ring"
            >
              <X aria-hidden="true" className="size-5" />
              <span className="sr-only">{t("cart.close")}</span>
            </DialogPrimitive.Close>
          </header>

          {empty ? (
            <div className="flex flex-1 flex-col items-center justify-center gap-3 px-6 pt-6 pb-[max(env(safe-area-inset-bottom),2rem)] text-center">
              <span className="flex size-16 items-center justify-center rounded-full bg-accent text-accent-foreground">
                <ShoppingBag aria-hidden="true" className="size-7" />
              </span>
              <p className="text-lg font-semibold">{t("cart.empty")}</p>
              <p className="max-w-64 text-sm text-balance text-muted-foreground">{t("cart.emptyText")}</p>
              {notes && <CartNotice notes={notes} className="mt-2 text-left" />}
              <DialogPrimitive.Close asChild>
                <Button variant="outline" size="lg" className="mt-3 h-12 w-full max-w-64">
                  {t("cart.continueShopping")}
                </Button>
              </DialogPrimitive.Close>
            </div>
          ) : (
            <>
              <div className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-5">
                <CartNotice notes={notes} className="mb-3" />
                <ul className="divide-y">
                  {cart.items.map((item) => (
                    <CartRow key={`${item.productId}:${item.variantId ?? ""}`} item={item} />
                  ))}
                </ul>
              </div>
              <footer className="grid gap-2 border-t bg-popover px-5 pt-4 pb-[max(env(safe-area-inset-bottom),1.25rem)]">
                <div className="mb-2 flex items-baseline justify-between">
                  <span className="text-base font-medium">{t("cart.total")}</span>
                  <span className="text-xl font-semibold tabular-nums">{kr(cartTotal(cart))}</span>
                </div>
                <Button
                  size="lg"
                  className="h-12 w-full text-base aria-disabled:opacity-75"
                  onClick={onCheckout}
                  aria-disabled={preparing}
                >
                  {preparing && <Spinner />}
                  {t("cart.checkout")}
                </Button>
                <DialogPrimitive.Close asChild>
                  <Button variant="ghost" size="lg" className="h-11 w-full">
                    {t("cart.continueShopping")}
                  </Button>
                </DialogPrimitive.Close>
              </footer>
            </>
          )}
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}

function CartRow({ item }: { item: CartItem }) {
  const { t } = useTranslation();
  const kr = useKr();
  const { product, variantId } = item;

  const remove = () => {
    cartStore.remove(item.productId, variantId);
    toast({
      title: t("cart.itemRemoved"),
      description: t("cart.itemRemovedText", { title: lineTitle(item) }),
    });
  };

  return (
    <li className="flex gap-3 py-4">
      <DialogPrimitive.Close asChild>
        {/* biome-ignore lint/a11y/useAnchorContent: a second way to the product for pointers only; the title next to it is the link assistive technology gets. */}
        <a href={`/products/${product.id}`} tabIndex={-1} aria-hidden="true" className="shrink-0">
          <ProductPhoto src={product.primaryImage} alt="" sizes="80px" className="size-18 rounded-xl" />
        </a>
      </DialogPrimitive.Close>
      <div className="flex min-w-0 flex-1 flex-col">
        <div className="flex items-start gap-2">
          <div className="min-w-0 flex-1">
            <DialogPrimitive.Close asChild>
              <a
                href={`/products/${product.id}`}
                className="line-clamp-2 leading-snug font-medium underline-offset-4 hover:underline"
              >
                {product.title}
              </a>
            </DialogPrimitive.Close>
            {item.variantLabel && <p className="mt-0.5 text-sm">{item.variantLabel}</p>}
            <p className="mt-0.5 text-sm text-muted-foreground tabular-nums">
              {t("cart.each", { price: kr(unitPriceOf(item)) })}
            </p>
            <StockLabel stockQty={item.stockQty} className="mt-1" />
          </div>
          <button
            type="button"
            onClick={remove}
            aria-label={t("cart.removeItem", { title: lineTitle(item) })}
            className="-mt-2.5 -mr-2.5 flex size-11 shrink-0 items-center justify-center rounded-full text-muted-foreground transition-colors hover:bg-accent hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
          >
            <Trash2 aria-hidden="true" className="size-4" />
          </button>
        </div>
        <div className="mt-2 flex items-center justify-between gap-2">
          <QuantityStepper
            value={item.quantity}
            title={lineTitle(item)}
            max={item.stockQty ?? undefined}
            minusRemoves
            onDecrement={() =>
              item.quantity <= 1 ? remove() : cartStore.decrement(item.productId, variantId)
            }
            onIncrement={() => cartStore.increment(item.productId, variantId)}
          />
          <span className="font-semibold tabular-nums">{kr(lineTotal(item))}</span>
        </div>
      </div>
    </li>
  );
}
