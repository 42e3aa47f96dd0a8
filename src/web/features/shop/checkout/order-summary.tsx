import type { DeliveryOptionView } from "../../../../shared/delivery";
import { formatKrExact } from "../../../../shared/money";
import type { OrderQuote } from "../../../../shared/order";
import { useTranslation } from "../../../lib/i18n";
import { useKr } from "../../../lib/money";
import { itemCount, lineTitle, lineTotal, useCart } from "../cart/cart";
import { useDeliveryPriceText } from "./delivery-fields";
import { isPositive } from "./price-codes";

interface OrderSummaryProps {
  options: DeliveryOptionView[];
  chosen: DeliveryOptionView | undefined;
  linesTotal: string;
  shippingPrice: string | null;
  total: string;
  /** The server's price with the codes applied (issue 29); null: the cart's own totals. */
  quote: OrderQuote | null;
  /** A new quote is on its way: the figures dim until it comes. */
  checking: boolean;
}

/** What is ordered, with the delivery, the codes' discount and gift card, and the total. */
export function OrderSummary({
  options,
  chosen,
  linesTotal,
  shippingPrice,
  total,
  quote,
  checking,
}: OrderSummaryProps) {
  const { t, language } = useTranslation();
  const kr = useKr();
  const cart = useCart();
  const priceText = useDeliveryPriceText();
  // A free-delivery code takes the delivery's price off (decision 0076): shown as a free delivery, not
  // as a discount line beside a priced one.
  const freeDelivery = Boolean(quote?.freeDelivery && chosen && isPositive(quote.delivery));
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
      {(options.length > 0 || quote) && (
        <dl
          className="mt-3 grid gap-1 border-t border-foreground/10 pt-3 text-sm aria-busy:opacity-60"
          aria-busy={checking}
        >
          <div className="flex justify-between gap-3">
            <dt>{t("checkout.subtotal")}</dt>
            <dd className="tabular-nums">{kr(quote ? quote.subtotal : linesTotal)}</dd>
          </div>
          {quote && isPositive(quote.discount) && !freeDelivery && (
            <div
              className="flex justify-between gap-3 font-medium text-primary"
              data-testid="summary-discount"
            >
              <dt className="min-w-0 break-words">
                {t("priceCodes.discount", { code: quote.discountCode ?? "" })}
              </dt>
              <dd className="shrink-0 tabular-nums">−{kr(quote.discount)}</dd>
            </div>
          )}
          {options.length > 0 && (
            <div className="flex justify-between gap-3">
              <dt className="min-w-0 break-words">{chosen ? chosen.name : t("checkout.deliveryCost")}</dt>
              <dd className="shrink-0 tabular-nums">
                {quote && chosen && freeDelivery ? (
                  <span data-testid="summary-free-delivery">
                    <s className="mr-1.5 text-muted-foreground">{kr(quote.delivery)}</s>
                    {t("checkout.free")}
                  </span>
                ) : quote && chosen ? (
                  priceText(quote.delivery)
                ) : shippingPrice === null ? (
                  "–"
                ) : (
                  priceText(shippingPrice)
                )}
              </dd>
            </div>
          )}
          {quote && isPositive(quote.giftCard) && (
            <div className="flex flex-wrap justify-between gap-x-3" data-testid="summary-gift-card">
              <dt>{t("priceCodes.giftCard")}</dt>
              <dd className="shrink-0 tabular-nums">−{kr(quote.giftCard)}</dd>
              {quote.giftCardBalance !== null && (
                <dd className="basis-full text-xs text-muted-foreground">
                  {t("priceCodes.giftCardLeft", { amount: kr(quote.giftCardBalance) })}
                </dd>
              )}
            </div>
          )}
        </dl>
      )}
      <div className="mt-3 flex items-baseline justify-between border-t border-foreground/10 pt-3">
        <span className="font-medium">{quote ? t("priceCodes.toPay") : t("cart.total")}</span>
        <span className="text-lg font-semibold tabular-nums" data-testid="summary-total">
          {total}
        </span>
      </div>
      {quote?.vat.map((vat) => (
        <p key={vat.rate} className="mt-1 text-right text-xs text-muted-foreground">
          {t("checkout.vatIncluded", { amount: `${formatKrExact(vat.amount, language)} (${vat.rate} %)` })}
        </p>
      ))}
    </section>
  );
}
