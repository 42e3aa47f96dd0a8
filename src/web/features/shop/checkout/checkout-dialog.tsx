import { Dialog as DialogPrimitive } from "radix-ui";
import { useState } from "react";
import type { DeliveryOptionView } from "../../../../shared/delivery";
import { closesOnEscape } from "../../../components/ui/escape-close";
import { useTranslation } from "../../../lib/i18n";
import { cn } from "../../../lib/utils";
import type { PlacedOrder } from "../api";
import { X } from "../components/icons";
import type { CartNotes } from "../components/shop-context";
import { Confirmation } from "./confirmation";
import { OrderForm } from "./order-form";

/**
 * The form opens with focus in the name field (or else its first field), not on the close button (Radix's
 * first focusable), where a shopper starting to type their name with a space would close the dialog, nor
 * in the discount code field above it, which most shoppers leave empty.
 */
function focusFirstField(event: Event) {
  const form = event.currentTarget as HTMLElement | null;
  const field =
    form?.querySelector<HTMLElement>('input[name="shipToName"]') ??
    form?.querySelector<HTMLElement>("input, textarea");
  if (!field) return;
  event.preventDefault();
  field.focus();
}

interface CheckoutDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  notes: CartNotes | null;
  /** After an order placed on a product page, "Continue Shopping" goes back to the store. */
  storePath?: string;
  /** The store whose delivery options are offered and whose terms of sale are linked. */
  storeSlug: string;
  /** The store's terms page on the host that serves the shop (shared/shop-address.ts). */
  termsPath: string;
  /** Read by the frame before opening (decision 0036); "failed" when they could not be. */
  deliveryOptions: DeliveryOptionView[] | "failed";
  /** The store ships with Bring (decision 0079). */
  shipsWithBring?: boolean;
  onCloseAutoFocus: (event: Event) => void;
}

/**
 * "Complete Your Order" (docs/product-spec.md 2.12 and 5): its own chunk, with react-hook-form and the shared zod schema.
 * Mounted afresh for every checkout, so the confirmation of the last order stays until it is closed.
 */
export function CheckoutDialog({
  open,
  onOpenChange,
  notes,
  storePath,
  storeSlug,
  termsPath,
  deliveryOptions: options,
  shipsWithBring = false,
  onCloseAutoFocus,
}: CheckoutDialogProps) {
  const { t } = useTranslation();
  const [placed, setPlaced] = useState<{ order: PlacedOrder; storeName: string | null } | null>(null);

  const finish = () => {
    onOpenChange(false);
    if (storePath && window.location.pathname !== storePath) window.location.assign(storePath);
  };

  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-stone-950/45 backdrop-blur-[2px] data-[state=closed]:animate-fade-out data-[state=open]:animate-fade-in" />
        <DialogPrimitive.Content
          onOpenAutoFocus={focusFirstField}
          onCloseAutoFocus={onCloseAutoFocus}
          className={cn(
            "torg-sheet torg-sheet--center fixed inset-x-0 bottom-0 z-50 flex max-h-[94dvh] flex-col rounded-t-3xl border-t bg-popover text-popover-foreground shadow-2xl outline-none",
            "sm:inset-x-auto sm:top-1/2 sm:bottom-auto sm:left-1/2 sm:max-h-[min(92dvh,54rem)] sm:w-[min(34rem,calc(100vw-2rem))] sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-2xl sm:border",
          )}
        >
          <DialogPrimitive.Close
            {...closesOnEscape}
            className="absolute top-3 right-3 z-10 flex size-11 items-center justify-center rounded-full text-muted-foreground transition-colors hover:bg-accent hover:text-accent-foreground focus-visible:outline-2 focus-visible:outline-ring"
          >
            <X aria-hidden="true" className="size-5" />
            <span className="sr-only">{t("checkout.close")}</span>
          </DialogPrimitive.Close>
          {placed ? (
            <Confirmation order={placed.order} storeName={placed.storeName} onDone={finish} />
          ) : options === "failed" ? (
            <div className="grid min-h-48 place-items-center px-6 py-10 text-center">
              <DialogPrimitive.Title className="sr-only">{t("checkout.title")}</DialogPrimitive.Title>
              <p role="alert" className="text-sm text-pretty text-muted-foreground">
                {t("checkout.deliveryFailed")}
              </p>
            </div>
          ) : (
            <OrderForm
              notes={notes}
              options={options}
              shipsWithBring={shipsWithBring}
              storeSlug={storeSlug}
              termsPath={termsPath}
              onPlaced={(order, storeName) => setPlaced({ order, storeName })}
            />
          )}
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
