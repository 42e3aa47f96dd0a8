import { Dialog as DialogPrimitive } from "radix-ui";
import { formatKrExact, fromOre, toOre } from "../../../../shared/money";
import { shortOrderId } from "../../../../shared/order";
import { Button } from "../../../components/ui/button";
import { useTranslation } from "../../../lib/i18n";
import { shownLineTotal, shownTotal, useKr } from "../../../lib/money";
import type { PlacedOrder } from "../api";
import { CartNotice } from "../cart/cart-notice";
import { CircleCheck } from "../components/icons";
import type { CartNotes } from "../components/shop-context";
import { isPositive } from "./price-codes";
import { useOrderLineTitle } from "./use-order-line-title";

/** The checkout of a cart that has emptied while it was open, with the notice that says why. */
export function NothingToOrder({ notes }: { notes: CartNotes | null }) {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <header className="px-5 pt-5 pb-3 pr-16 sm:px-6 sm:pt-6">
        <DialogPrimitive.Title className="text-xl font-semibold tracking-tight">
          {t("checkout.title")}
        </DialogPrimitive.Title>
      </header>
      <div className="min-h-0 flex-1 space-y-4 overflow-y-auto px-5 pb-5 sm:px-6">
        <CartNotice notes={notes} />
        <div role="status" className="rounded-2xl bg-muted/70 p-5 text-center">
          <p className="font-medium">{t("cart.empty")}</p>
          <DialogPrimitive.Description className="mt-1 text-sm text-pretty text-muted-foreground">
            {t("checkout.nothingToOrder")}
          </DialogPrimitive.Description>
        </div>
      </div>
      <div className="border-t px-5 pt-3 pb-[max(env(safe-area-inset-bottom),1.25rem)] sm:px-6 sm:pb-6">
        <DialogPrimitive.Close asChild>
          <Button size="lg" className="h-12 w-full text-base">
            {t("cart.continueShopping")}
          </Button>
        </DialogPrimitive.Close>
      </div>
    </div>
  );
}

interface ConfirmationProps {
  order: PlacedOrder;
  storeName: string | null;
  onDone: () => void;
}

export function Confirmation({ order, storeName, onDone }: ConfirmationProps) {
  const { t, language } = useTranslation();
  const kr = useKr();
  const lineTitle = useOrderLineTitle();
  const discounted = isPositive(order.discountTotal);
  const giftCardPaid = isPositive(order.giftCardTotal);
  // A gift card that paid it all (issue 29): the order is paid, nothing is left to collect.
  const paidByGiftCard = giftCardPaid && !isPositive(order.totalGross);
  // Without codes the total is the shown lines' sum, as the cart showed it; with them, the server's.
  const total =
    discounted || giftCardPaid
      ? order.totalGross
      : fromOre(toOre(shownTotal(order.items)) + toOre(order.delivery?.price ?? "0"));
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div className="min-h-0 flex-1 overflow-y-auto px-5 pt-8 pb-5 text-center sm:px-8">
        <span className="mx-auto flex size-16 items-center justify-center rounded-full bg-accent text-primary">
          <CircleCheck aria-hidden="true" className="size-9" />
        </span>
        <DialogPrimitive.Title className="mt-4 text-2xl font-semibold tracking-tight">
          {order.payment ? t("checkout.savedTitle") : t("checkout.confirmedTitle")}
        </DialogPrimitive.Title>
        <DialogPrimitive.Description className="mx-auto mt-2 max-w-sm text-balance text-muted-foreground">
          {order.payment?.message ??
            (order.smsConfirmation === false
              ? storeName
                ? t("checkout.confirmedTextEmail", { store: storeName })
                : t("checkout.successTextEmail")
              : storeName
                ? t("checkout.confirmedText", { store: storeName })
                : t("checkout.successText"))}
        </DialogPrimitive.Description>
        {paidByGiftCard && (
          <p className="mx-auto mt-3 max-w-sm font-medium text-balance" data-testid="paid-by-gift-card">
            {t("priceCodes.paidByGiftCardText")}
          </p>
        )}
        {order.payment && order.publicUrl && (
          <p className="mt-4">
            <a
              href={order.publicUrl}
              className="font-medium text-primary underline underline-offset-4 focus-visible:outline-2 focus-visible:outline-ring"
            >
              {t("checkout.openOrderPage")}
            </a>
          </p>
        )}
        <p className="mt-4 inline-flex items-center gap-2 rounded-full border bg-card px-4 py-1.5 text-sm">
          {t("checkout.orderNumber")}
          <span className="font-mono font-semibold tracking-wide">{shortOrderId(order.id)}</span>
        </p>
        <ul className="mt-6 grid gap-2 rounded-2xl bg-muted/70 p-4 text-left text-sm">
          {order.items.map((item) => (
            <li key={`${item.title}:${item.unitPrice}:${item.qty}`} className="flex gap-3">
              <span className="min-w-0 flex-1">
                <span className="tabular-nums text-muted-foreground">{item.qty} × </span>
                {lineTitle(item)}
                {item.giftCard && (
                  <span className="ml-1.5 text-xs text-muted-foreground">({t("priceCodes.noVat")})</span>
                )}
              </span>
              <span className="tabular-nums">{kr(shownLineTotal(item.unitPrice, item.qty))}</span>
            </li>
          ))}
          {discounted && (
            <li className="flex gap-3 font-medium text-primary" data-testid="confirmation-discount">
              <span className="min-w-0 flex-1">
                {t("priceCodes.discount", { code: order.discountCode ?? "" })}
              </span>
              <span className="tabular-nums">−{kr(order.discountTotal)}</span>
            </li>
          )}
          {order.delivery && (
            <li className="flex gap-3">
              <span className="min-w-0 flex-1">
                {order.delivery.name}
                {/* The pick-up point chosen with Bring (decision 0079): where she fetches the parcel. */}
                {order.shipping?.pickupPoint && (
                  <span
                    className="block text-xs font-normal text-muted-foreground"
                    data-testid="confirmation-pickup-point"
                  >
                    {order.shipping.pickupPoint.name}, {order.shipping.pickupPoint.address}
                  </span>
                )}
              </span>
              <span className="tabular-nums">
                {Number(order.delivery.price) === 0 ? t("checkout.free") : kr(order.delivery.price)}
              </span>
            </li>
          )}
          {giftCardPaid && (
            <li className="flex gap-3" data-testid="confirmation-gift-card">
              <span className="min-w-0 flex-1">{t("priceCodes.paidByGiftCard")}</span>
              <span className="tabular-nums">−{kr(order.giftCardTotal)}</span>
            </li>
          )}
          <li className="mt-1 flex items-baseline justify-between border-t border-foreground/10 pt-3">
            <span className="font-medium">{giftCardPaid ? t("priceCodes.toPay") : t("cart.total")}</span>
            <span className="text-lg font-semibold tabular-nums" data-testid="confirmation-total">
              {kr(total)}
            </span>
          </li>
          {order.vat.map((vat) => (
            <li key={vat.rate} className="text-right text-xs text-muted-foreground">
              {t("checkout.vatIncluded", {
                amount: `${formatKrExact(vat.amount, language)} (${vat.rate} %)`,
              })}
            </li>
          ))}
        </ul>
      </div>
      <div className="grid gap-2 border-t px-5 pt-4 pb-[max(env(safe-area-inset-bottom),1.25rem)] sm:px-8 sm:pb-6">
        {order.publicUrl && (
          // The shopper's own order page (decision 0026): status, receipt and the withdrawal.
          <Button asChild size="lg" variant="outline" className="h-12 w-full text-base">
            <a href={new URL(order.publicUrl, window.location.href).pathname}>{t("checkout.viewOrder")}</a>
          </Button>
        )}
        <Button size="lg" className="h-12 w-full text-base" onClick={onDone}>
          {t("cart.continueShopping")}
        </Button>
      </div>
    </div>
  );
}
