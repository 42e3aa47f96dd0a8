import { useState } from "react";
import { formatKrExact, lineTotal } from "../../../../shared/money";
import { statusWord } from "../../../../shared/order";
import type { PublicOrder } from "../../../../shared/order-page";
import { formatOrgNumber } from "../../../../shared/org-number";
import { formatPhone } from "../../../../shared/phone-format";
import { shipToLines } from "../../../../shared/ship-to";
import { shopPath } from "../../../../shared/shop-address";
import type { PublicStore } from "../../../../shared/storefront";
import { Badge, type BadgeProps } from "../../../components/ui/badge";
import { useTranslation } from "../../../lib/i18n";
import { cn } from "../../../lib/utils";
import { isPositive } from "../checkout/price-codes";
import { useOrderLineTitle } from "../checkout/use-order-line-title";
import { Mail, Phone, Store } from "../components/icons";
import { ShopFooter } from "../components/shop-footer";
import { hasOwnLook } from "../components/shop-look";
import { StoreMark } from "../components/store-logo";
import { useOrderDate } from "./order-date";
import { PaymentPanel } from "./payment-panel";
import { ShipmentTracking } from "./shipment-tracking";
import { Withdrawal } from "./withdrawal";

const STATUS_BADGE: Record<PublicOrder["status"], BadgeProps["variant"]> = {
  pending: "warning",
  paid: "success",
  fulfilled: "info",
  cancelled: "danger",
};

/**
 * The shopper's own order page, /s/{slug}/order/{token} (decisions 0026, 0037): status, what they
 * ordered with exact amounts (the receipt), where it goes, the seller's contact, and the withdrawal.
 * Server-rendered like the other shop pages; the browser takes it over for the withdrawal button.
 */
export function OrderPage({
  order: initial,
  token,
  store,
}: {
  order: PublicOrder;
  token: string;
  store: PublicStore;
}) {
  const { t, language } = useTranslation();
  const [order, setOrder] = useState(initial);
  const date = useOrderDate();
  const kr = (amount: string) => formatKrExact(amount, language);
  const address = shipToLines(order.shipToAddr);
  const storePath = shopPath(store);
  const legalName = order.store.legalName || null;
  const lineTitle = useOrderLineTitle({ withVariant: false });
  const giftCardPaid = isPositive(order.giftCardTotal);

  return (
    <div className="flex min-h-dvh flex-col">
      <header className={cn("border-b", hasOwnLook(store.brand) && "border-t-4 border-t-brand")}>
        <div className="mx-auto flex h-16 max-w-3xl items-center gap-3 px-4 sm:px-6">
          <a
            href={storePath}
            className="flex min-w-0 items-center gap-2.5 rounded-md font-semibold focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
          >
            <StoreMark store={store} />
          </a>
        </div>
      </header>

      <main
        id="main"
        tabIndex={-1}
        className="mx-auto w-full max-w-3xl flex-1 px-4 py-8 outline-none sm:px-6"
      >
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">
            {t("orderPage.title", { number: order.number })}
          </h1>
          <Badge variant={STATUS_BADGE[order.status]} data-testid="order-status">
            {t(`orderPage.status.${statusWord(order.status, order.delivery?.kind)}`)}
          </Badge>
          {order.withdrawal.withdrawnAt && (
            <Badge variant="neutral" data-testid="order-withdrawn">
              {t("orderPage.status.withdrawn")}
            </Badge>
          )}
        </div>
        <p className="mt-1 text-muted-foreground">
          {t("orderPage.from", { store: order.store.name })} ·{" "}
          {t("orderPage.placedOn", { date: date(order.placedAt) })}
        </p>

        {/* The payment (decision 0034): read from the provider, never from having come back here. */}
        <div className="mt-6">
          <PaymentPanel
            token={token}
            onOrderStatus={(status) =>
              setOrder((current) => (current.status === status ? current : { ...current, status }))
            }
          />
        </div>

        {/* The parcel first once it is on its way (decision 0079): what a shopper comes back here for. */}
        <ShipmentTracking order={order} />

        <section aria-labelledby="items-heading" className="mt-8">
          <h2 id="items-heading" className="text-lg font-semibold">
            {t("orderPage.items")}
          </h2>
          <ul className="mt-3 divide-y rounded-lg border">
            {order.items.map((item) => (
              <li key={item.id} className="flex items-start justify-between gap-4 px-4 py-3">
                <div className="min-w-0">
                  <p className="font-medium break-words">{lineTitle(item)}</p>
                  {item.variantLabel && <p className="text-sm text-muted-foreground">{item.variantLabel}</p>}
                  {item.giftCard && <p className="text-sm text-muted-foreground">{t("priceCodes.noVat")}</p>}
                  <p className="text-sm text-muted-foreground">
                    {t("orderPage.qtyTimes", { qty: item.qty, price: kr(item.unitPrice) })}
                  </p>
                </div>
                <p className="shrink-0 tabular-nums">{kr(lineTotal(item.unitPrice, item.qty))}</p>
              </li>
            ))}
            {isPositive(order.discountTotal) && (
              <li className="flex items-start justify-between gap-4 px-4 py-3" data-testid="order-discount">
                <p className="min-w-0 font-medium break-words">
                  {t("priceCodes.discount", { code: order.discountCode ?? "" })}
                </p>
                <p className="shrink-0 tabular-nums">−{kr(order.discountTotal)}</p>
              </li>
            )}
            {order.delivery && (
              <li className="flex items-start justify-between gap-4 px-4 py-3">
                <div className="min-w-0">
                  <p className="font-medium">{t("orderPage.delivery")}</p>
                  <p className="text-sm break-words text-muted-foreground">{order.delivery.name}</p>
                </div>
                <p className="shrink-0 tabular-nums" data-testid="order-delivery-price">
                  {Number(order.delivery.price) === 0
                    ? t("orderPage.deliveryFree")
                    : kr(order.delivery.price)}
                </p>
              </li>
            )}
            {giftCardPaid && (
              <li className="flex items-start justify-between gap-4 px-4 py-3" data-testid="order-gift-card">
                <p className="min-w-0 font-medium">{t("priceCodes.paidByGiftCard")}</p>
                <p className="shrink-0 tabular-nums">−{kr(order.giftCardTotal)}</p>
              </li>
            )}
            <li className="px-4 py-3">
              <p className="flex justify-between gap-4 font-semibold">
                <span>
                  {giftCardPaid && order.status === "pending" ? t("priceCodes.toPay") : t("orderPage.total")}
                </span>
                <span className="tabular-nums" data-testid="order-total">
                  {kr(order.totalGross)}
                </span>
              </p>
              {order.vat.map((vat) => (
                <p
                  key={vat.rate}
                  className="mt-1 flex justify-between gap-4 text-sm text-muted-foreground"
                  data-testid="order-vat"
                >
                  <span>{t("orderPage.vatIncluded", { rate: vat.rate })}</span>
                  <span className="tabular-nums">{kr(vat.amount)}</span>
                </p>
              ))}
            </li>
          </ul>
        </section>

        <div className="mt-8 grid gap-6 sm:grid-cols-2">
          <section aria-labelledby="delivery-heading">
            <h2 id="delivery-heading" className="text-lg font-semibold">
              {order.delivery ? t("orderPage.delivery") : t("orderPage.deliveryTo")}
            </h2>
            {order.delivery && (
              <p className="mt-2 font-medium break-words" data-testid="order-delivery">
                {t(order.delivery.kind === "pickup" ? "orderPage.pickup" : "orderPage.parcel", {
                  name: order.delivery.name,
                })}
              </p>
            )}
            {order.delivery?.kind === "pickup" && order.delivery.note && (
              <p className="mt-1 break-words whitespace-pre-line text-muted-foreground">
                {order.delivery.note}
              </p>
            )}
            <address className="mt-2 not-italic">
              <span className="block">{order.shipToName}</span>
              {address.map((line) => (
                <span key={line} className="block text-muted-foreground">
                  {line}
                </span>
              ))}
            </address>
            {order.delivery?.kind !== "pickup" && !order.shipment && (
              <p className="mt-3 text-sm" data-testid="order-tracking">
                {order.trackingNumber ? (
                  <>
                    <span className="text-muted-foreground">{t("orderPage.tracking")}: </span>
                    <span className="font-mono break-all">{order.trackingNumber}</span>
                  </>
                ) : (
                  <span className="text-muted-foreground">{t("orderPage.noTrackingYet")}</span>
                )}
              </p>
            )}
          </section>
          <section aria-labelledby="seller-heading">
            <h2 id="seller-heading" className="text-lg font-semibold">
              {t("orderPage.sellerContact")}
            </h2>
            {(legalName || order.store.orgNumber || order.store.address) && (
              <address className="mt-2 not-italic" data-testid="order-seller">
                <span className="block">{legalName ?? order.store.name}</span>
                {order.store.orgNumber && (
                  <span className="block text-sm text-muted-foreground">
                    {t(order.store.vatRegistered ? "orderPage.orgNumberVat" : "orderPage.orgNumber", {
                      number: formatOrgNumber(order.store.orgNumber),
                    })}
                  </span>
                )}
                {order.store.address && (
                  <span className="block text-sm whitespace-pre-line text-muted-foreground">
                    {order.store.address}
                  </span>
                )}
              </address>
            )}
            <ul className="mt-2 space-y-1">
              {order.store.phone && (
                <li>
                  <a
                    href={`tel:${order.store.phone}`}
                    className="inline-flex items-center gap-2 underline-offset-4 hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                  >
                    <Phone aria-hidden className="size-4" />
                    {t("orderPage.callSeller", { phone: formatPhone(order.store.phone) })}
                  </a>
                </li>
              )}
              {order.store.contactEmail && (
                <li>
                  <a
                    href={`mailto:${order.store.contactEmail}`}
                    className="inline-flex items-center gap-2 break-all underline-offset-4 hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                  >
                    <Mail aria-hidden className="size-4 shrink-0" />
                    {t("orderPage.emailSeller", { email: order.store.contactEmail })}
                  </a>
                </li>
              )}
              <li>
                <a
                  href={storePath}
                  className="inline-flex items-center gap-2 underline-offset-4 hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                >
                  <Store aria-hidden className="size-4" />
                  {t("orderPage.visitStore", { store: order.store.name })}
                </a>
              </li>
            </ul>
          </section>
        </div>

        <Withdrawal order={order} token={token} onWithdrawn={setOrder} />
      </main>
      <ShopFooter store={store} />
    </div>
  );
}
