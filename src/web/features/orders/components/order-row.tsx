import { ChevronRight, Gift, Tag } from "lucide-react";
import type { ReactNode } from "react";
import { toOre } from "../../../../shared/money";
import type { OrderView } from "../../../../shared/order";
import { shortOrderId } from "../../../../shared/order";
import { PaymentBadge } from "../../../components/orders/payment-badge";
import { StatusBadge } from "../../../components/orders/status-badge";
import { Button } from "../../../components/ui/button";
import { useFormatters } from "../../../lib/format";
import { useTranslation } from "../../../lib/i18n";
import { orderValue } from "./order-amounts";
import { useDateTime } from "./order-format";

export type OrderRowData = Pick<
  OrderView,
  "id" | "status" | "storeName" | "buyerEmail" | "shipToName" | "placedAt" | "totalGross" | "payment"
> &
  Partial<
    Pick<
      OrderView,
      "delivery" | "discountCode" | "discountTotal" | "giftCardTotal" | "giftCardSales" | "shipment"
    >
  >;

interface OrderRowProps {
  order: OrderRowData;
  /** Opens the order dialog (decision 0014). */
  onView: () => void;
  /** A control before the number (a booked order's tick box for printing labels). */
  leading?: ReactNode;
}

const hasAmount = (amount: string | null | undefined) => Boolean(amount) && toOre(amount ?? "0") > 0;

/** Small marks that an order used a discount code or a gift card, or bought one (decision 0076). */
function PriceRuleMarks({ order }: { order: OrderRowData }) {
  const { t } = useTranslation();
  const { kr } = useFormatters();
  const mark = "inline-flex items-center gap-1 rounded-full border px-2 py-0.5 text-xs text-muted-foreground";
  const paid = hasAmount(order.giftCardTotal);
  const sold = hasAmount(order.giftCardSales);
  const giftCardText = paid
    ? t("orders.priceRules.markPaid", { amount: kr(order.giftCardTotal) })
    : t("orders.priceRules.markSold");
  return (
    <>
      {order.discountCode && hasAmount(order.discountTotal) && (
        <span className={mark} data-testid="order-discount-mark">
          <Tag aria-hidden="true" className="size-3" />
          <span className="sr-only">{t("orders.priceRules.discount")}</span>
          <span className="font-mono">{order.discountCode}</span>
        </span>
      )}
      {(paid || sold) && (
        <span className={mark} data-testid="order-gift-card-mark">
          <Gift aria-hidden="true" className="size-3" />
          {giftCardText}
        </span>
      )}
    </>
  );
}

/**
 * docs/product-spec.md 2.5, one <li> of an order list. The "View order details" button stretches over the whole row, so
 * a click anywhere opens the order while keyboard users meet one control per row.
 */
export function OrderRow({ order, onView, leading }: OrderRowProps) {
  const { t } = useTranslation();
  const { kr, relative } = useFormatters();
  const dateTime = useDateTime();
  const store = order.storeName || t("orders.defaultStore");
  const buyer = order.buyerEmail || order.shipToName || t("orders.defaultCustomer");
  const number = shortOrderId(order.id);

  return (
    <li className="relative grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-4 gap-y-1 px-4 py-3.5 transition-colors hover:bg-muted/60 sm:grid-cols-[minmax(0,1fr)_auto_auto] sm:px-5">
      <div className="flex min-w-0 flex-wrap items-center gap-x-2.5 gap-y-1">
        {leading}
        <span className="text-sm font-semibold tabular-nums">#{number}</span>
        <StatusBadge status={order.status} deliveryKind={order.delivery?.kind} />
        <PaymentBadge payment={order.payment} orderStatus={order.status} />
        <PriceRuleMarks order={order} />
      </div>
      <p className="text-right font-semibold tabular-nums">{kr(orderValue(order))}</p>
      <p className="col-span-2 flex min-w-0 items-center gap-1.5 text-sm text-muted-foreground sm:col-span-1 sm:col-start-1 sm:row-start-2">
        <span className="max-w-[60%] shrink-0 truncate font-medium text-foreground/85">{store}</span>
        <span aria-hidden="true">·</span>
        <span className="truncate">{buyer}</span>
        {order.delivery && (
          <>
            <span aria-hidden="true">·</span>
            <span className="truncate">{order.delivery.name}</span>
          </>
        )}
      </p>
      {/* One line under the details on phones; two grid cells (time, button) from sm up. */}
      <div className="col-span-2 flex items-center justify-between gap-4 sm:contents">
        <p className="text-xs whitespace-nowrap text-muted-foreground sm:col-start-2 sm:row-start-2 sm:text-right">
          <time dateTime={order.placedAt} title={dateTime(order.placedAt)}>
            {relative(order.placedAt)}
          </time>
        </p>
        <div className="sm:col-start-3 sm:row-span-2 sm:row-start-1">
          <Button
            variant="ghost"
            size="sm"
            onClick={onView}
            aria-label={t("orders.viewDetailsOf", { number })}
            className="-my-1.5 -mr-2 text-primary after:absolute after:inset-0 after:content-[''] hover:bg-transparent hover:text-primary sm:my-0 sm:mr-0"
          >
            {t("orders.viewDetails")}
            <ChevronRight aria-hidden="true" />
          </Button>
        </div>
      </div>
    </li>
  );
}
