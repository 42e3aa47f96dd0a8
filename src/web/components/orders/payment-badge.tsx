import type { OrderStatus } from "../../../shared/order";
import { refundOf, type SellerPaymentView } from "../../../shared/payment";
import { useFormatters } from "../../lib/format";
import { useTranslation } from "../../lib/i18n";

/**
 * "Vipps: Reserved", "Card: Refunded", "Card: Refunded 10 kr of 300 kr" (a part given back, decision
 * 0056): the latest attempt, in lists and the order dialog.
 */
export function usePaymentLabel() {
  const { t } = useTranslation();
  const { kr } = useFormatters();
  return (payment: SellerPaymentView, orderStatus?: OrderStatus) => {
    const refund = refundOf(payment);
    // An attempt that ended unpaid on an order still waiting is not the order's end (decision 0063): the
    // shopper may pay again, so the seller reads "awaiting payment", never "Pending · Cancelled".
    const ended = payment.status === "cancelled" || payment.status === "expired";
    return t("orders.payment.badge", {
      provider: t(`orders.payment.provider.${payment.provider}`),
      status:
        refund && !refund.inFull
          ? t("orders.payment.refundedOf", { refunded: kr(refund.refunded), of: kr(refund.of) })
          : orderStatus === "pending" && ended
            ? t("orders.payment.awaitingAgain")
            : t(`orders.payment.status.${payment.status}`),
    });
  };
}

export function PaymentBadge({
  payment,
  orderStatus,
}: {
  payment: SellerPaymentView | null | undefined;
  orderStatus?: OrderStatus;
}) {
  const label = usePaymentLabel();
  if (!payment) return null;
  return (
    <span
      className="rounded-full border px-2 py-0.5 text-xs text-muted-foreground"
      data-payment-status={payment.status}
    >
      {label(payment, orderStatus)}
    </span>
  );
}
