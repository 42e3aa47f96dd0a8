import type { DeliveryOptionView } from "../../../../shared/delivery";
import { useTranslation } from "../../../lib/i18n";
import { useKr } from "../../../lib/money";
import { itemCount, lineTitle, lineTotal, useCart } from "../cart/cart";
import { useDeliveryPriceText } from "./delivery-fields";

interface OrderSummaryProps {
  options: DeliveryOptionView[];
  chosen: DeliveryOptionView | undefined;
  linesTotal: string;
  shippingPrice: string | null;
  total: string;
}

/** What is ordered, with the delivery and the total. */
export function OrderSummary({ options, chosen, linesTotal, shippingPrice, total }: OrderSummaryProps) {
  const { t } = useTranslation();
  const kr = useKr();
  const cart = useCart();
  const priceText = useDeliveryPriceText();
  return (
    <section aria-labelledby="checkout-summary" className="rounded-2xl bg-muted/70 p-4">
      <h3 id="checkout-summary" className="mb-2 flex items-baseline justify-between text-sm font-medium">
        <span>{t("checkout.summary")}</span>
        <span className="font-normal text-muted-foreground">
          {t("checkout.itemCount", { count: itemCount(cart) })}
        </span>
      </h3>
      {/*
        One column that may be narrower than a title's one line (grid-cols-1 is minmax(0, 1fr)): an
        implicit column grew to the whole title, and pushed the line's price off a phone's screen.
      */}
      <ul className="grid grid-cols-1 gap-1.5 text-sm">
        {cart.items.map((item) => (
          <li key={`${item.productId}:${item.variantId ?? ""}`} className="flex min-w-0 gap-3">
            <span className="min-w-0 flex-1 truncate">
              <span className="tabular-nums text-muted-foreground">{item.quantity} × </span>
              {lineTitle(item)}
            </span>
            <span className="shrink-0 tabular-nums">{kr(lineTotal(item))}</span>
          </li>
        ))}
      </ul>
      {options.length > 0 && (
        <dl className="mt-3 grid gap-1 border-t border-foreground/10 pt-3 text-sm">
          <div className="flex justify-between gap-3">
            <dt>{t("checkout.subtotal")}</dt>
            <dd className="tabular-nums">{kr(linesTotal)}</dd>
          </div>
          <div className="flex justify-between gap-3">
            <dt className="min-w-0 break-words">{chosen ? chosen.name : t("checkout.deliveryCost")}</dt>
            <dd className="shrink-0 tabular-nums">
              {shippingPrice === null ? "–" : priceText(shippingPrice)}
            </dd>
          </div>
        </dl>
      )}
      <div className="mt-3 flex items-baseline justify-between border-t border-foreground/10 pt-3">
        <span className="font-medium">{t("cart.total")}</span>
        <span className="text-lg font-semibold tabular-nums">{total}</span>
      </div>
    </section>
  );
}
