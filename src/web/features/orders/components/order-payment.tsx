import { Info } from "lucide-react";
import { type OrderStatus, type OrderView, statusWord, staysCancelled } from "../../../../shared/order";
import { awaitsOnlinePayment, PROVIDER_ONLY_ORDER_STATUSES, refundOf } from "../../../../shared/payment";
import { usePaymentLabel } from "../../../components/orders/payment-badge";
import { useFormatters } from "../../../lib/format";
import { useTranslation } from "../../../lib/i18n";

/** The order's payment for the seller: provider and status, amount, what was captured and refunded. */
export function OrderPayment({ order }: { order: OrderView }) {
  const { t } = useTranslation();
  const { kr } = useFormatters();
  const label = usePaymentLabel();
  const payment = order.payment;
  if (!payment) return <p className="text-sm text-muted-foreground">{t("orders.payment.manual")}</p>;
  return (
    <div className="grid gap-3">
      <dl
        className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm"
        data-payment-status={payment.status}
      >
        <dt className="text-muted-foreground">{t("orders.payment.title")}</dt>
        <dd className="font-medium">{label(payment, order.status)}</dd>
        <dt className="text-muted-foreground">{t("orders.payment.amount")}</dt>
        <dd className="tabular-nums">{kr(payment.amount)}</dd>
        <dt className="text-muted-foreground">{t("orders.payment.captured")}</dt>
        <dd className="tabular-nums">{kr(payment.capturedAmount)}</dd>
        <dt className="text-muted-foreground">{t("orders.payment.refunded")}</dt>
        <dd className="tabular-nums">{kr(payment.refundedAmount)}</dd>
      </dl>
      {order.status === "pending" && awaitsOnlinePayment(payment) && (
        <p
          data-testid="payment-awaited"
          className="flex items-start gap-1.5 rounded-md bg-muted px-3 py-2 text-sm"
        >
          <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {t("orders.payment.awaited")}
        </p>
      )}
    </div>
  );
}

/**
 * Paid and fulfilled are the provider's to give while the order's online payment is unpaid (decision
 * 0034): the status form does not offer them, and OrderPayment says why. The server refuses them too.
 */
export function statusLocked(order: OrderView, next: OrderStatus): boolean {
  if (next === order.status) return false;
  // A cancelled order whose money went back stays cancelled (D18, decision 0067); the server refuses too.
  if (staysCancelled(order.status, next, refundedBack(order))) return true;
  return (
    (PROVIDER_ONLY_ORDER_STATUSES as readonly OrderStatus[]).includes(next) &&
    awaitsOnlinePayment(order.payment)
  );
}

/** Whether the order's online payment gave money back, in part or all (the server's reopen guard). */
export function refundedBack(order: OrderView): boolean {
  return order.payment ? refundOf(order.payment) !== null : false;
}

/**
 * What a refund on cancelling gives back, for the seller's confirmation (decision 0067): the rest of a
 * captured payment, a part refunded at the provider already deducted; undefined when nothing is refunded.
 */
export function refundOnCancel(order: OrderView): string | undefined {
  const payment = order.payment;
  if (!payment || order.status === "cancelled" || payment.status !== "captured") return undefined;
  return refundOf(payment)?.rest ?? payment.capturedAmount;
}

/**
 * Cancelling an order whose piece may be away (sent, or withdrawn and perhaps still in the post) asks
 * whether it is back; only then does it go into stock again (decision 0067, the server's rule).
 */
export function asksPieceBack(order: OrderView, next: OrderStatus): boolean {
  return (
    next === "cancelled" &&
    order.status !== "cancelled" &&
    order.holdsStock !== false &&
    (order.status === "fulfilled" || Boolean(order.withdrawnAt))
  );
}

/**
 * What changing the status does to the stock, said before the seller confirms it (decision 0067):
 * cancelling puts the items back (a piece that is away only when the seller says it is back), reopening
 * a cancelled order takes them again (or the order stays cancelled when one has sold out meanwhile).
 */
export function useStockConsequence() {
  const { t } = useTranslation();
  return (order: OrderView, next: OrderStatus, pieceBack: boolean | undefined): string | undefined => {
    if (next === order.status) return undefined;
    if (next === "cancelled") {
      if (order.holdsStock === false) return undefined;
      if (!asksPieceBack(order, next) || pieceBack === true) return t("orders.stock.willRestock");
      return pieceBack === false ? t("orders.stock.notBack") : undefined;
    }
    if (order.status !== "cancelled" || statusLocked(order, next)) return undefined;
    return order.holdsStock === false ? t("orders.stock.willTakeAgain") : t("orders.stock.nothingToTake");
  };
}

/**
 * What changing the status will do to the money, said before the seller confirms it (decision 0034):
 * the server captures on fulfil, and cancels, stops or refunds on cancel; reopening a cancelled order
 * moves none, and is refused once its payment was refunded (decision 0067).
 */
export function useMoneyConsequence() {
  const { t } = useTranslation();
  const { kr } = useFormatters();
  return (order: OrderView, next: OrderStatus): string | undefined => {
    const payment = order.payment;
    if (!payment) return undefined;
    // Reopening (D18): refused once money went back, else it moves none (the cancel stopped the payment).
    if (order.status === "cancelled") {
      if (refundedBack(order)) return t("orders.payment.cannotReopen");
      return next === order.status ? undefined : t("orders.payment.willReopen");
    }
    if (next === order.status) return undefined;
    if (next === "fulfilled" && payment.status === "authorized") {
      // The hint names the option the seller picks: "Ready for pick-up" for a pick-up order.
      const key =
        statusWord(next, order.delivery?.kind) === "readyForPickup" ? "willCapturePickup" : "willCapture";
      return t(`orders.payment.${key}`, { amount: kr(payment.amount) });
    }
    if (next !== "cancelled") return undefined;
    if (payment.status === "authorized")
      return t("orders.payment.willRelease", { amount: kr(payment.amount) });
    // What is still the seller's: a part refunded at the provider is not refunded twice.
    const refund = refundOnCancel(order);
    if (refund !== undefined) return t("orders.payment.willRefund", { amount: kr(refund) });
    if (payment.status === "created") return t("orders.payment.willStop");
    return undefined;
  };
}
