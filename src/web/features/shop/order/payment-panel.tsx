import { useCallback, useEffect, useRef, useState } from "react";
import { formatKr } from "../../../../shared/money";
import type { OrderPaymentState } from "../../../../shared/payment";
import { Button } from "../../../components/ui/button";
import { Spinner } from "../../../components/ui/spinner";
import { errorMessage } from "../../../lib/api";
import { useTranslation } from "../../../lib/i18n";
import { cancelOrderByToken, fetchOrderPayment, retryOrderPayment } from "../api";
import { CircleCheck, CircleX, Clock } from "../components/icons";
import { forgetUnpaidOrder } from "./unpaid-order";

/**
 * While a payment waits, the page asks again this often; the server asks the provider less often and
 * answers from the database in between (decision 0056).
 */
const POLL_MS = 2000;
/** And gives up asking by itself after this long; reloading the page asks again. */
const POLL_FOR_MS = 10 * 60_000;

/**
 * The payment on the shopper's order page (decision 0034): "Waiting for payment…" until the provider
 * says otherwise (never because the shopper came back to this page), then paid, or not paid with
 * "Pay now" (and "Cancel order", decision 0063). Orders the seller collects for by hand say so.
 */
export function PaymentPanel({
  token,
  onOrderStatus,
}: {
  token: string;
  /** The order's status as the payment left it, for the page's own badge. */
  onOrderStatus?: (status: OrderPaymentState["orderStatus"]) => void;
}) {
  const { t, language } = useTranslation();
  const [state, setState] = useState<OrderPaymentState | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [retrying, setRetrying] = useState(false);

  // Kept in a ref: a new callback each render must not restart the polling.
  const reportStatus = useRef(onOrderStatus);
  reportStatus.current = onOrderStatus;

  const load = useCallback(async () => {
    try {
      const next = await fetchOrderPayment(token);
      setState(next);
      reportStatus.current?.(next.orderStatus);
      if (next.orderStatus !== "pending") forgetUnpaidOrder(window.location.pathname);
      setProblem(null);
    } catch (error) {
      setProblem(errorMessage(error, t("payment.error")));
    }
  }, [token, t]);

  useEffect(() => {
    void load();
  }, [load]);

  const waiting = state?.orderStatus === "pending" && state.payment?.status === "created";
  useEffect(() => {
    if (!waiting) return;
    const started = Date.now();
    const timer = setInterval(() => {
      if (Date.now() - started > POLL_FOR_MS) clearInterval(timer);
      else void load();
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [waiting, load]);

  const retry = async () => {
    setRetrying(true);
    try {
      const payment = await retryOrderPayment(token);
      if (payment.redirectUrl) {
        window.location.assign(payment.redirectUrl);
        return;
      }
      setProblem(payment.message ?? t("payment.error"));
      await load();
    } catch (error) {
      setProblem(errorMessage(error, t("payment.error")));
    }
    setRetrying(false);
  };

  const cancel = async () => {
    if (!window.confirm(t("payment.cancelConfirm"))) return;
    setRetrying(true);
    try {
      const next = await cancelOrderByToken(token);
      setState(next);
      reportStatus.current?.(next.orderStatus);
      forgetUnpaidOrder(window.location.pathname);
      setProblem(null);
    } catch (error) {
      setProblem(errorMessage(error, t("payment.error")));
    }
    setRetrying(false);
  };

  if (!state) {
    return (
      <section
        aria-labelledby="payment-title"
        aria-busy={!problem}
        className="rounded-2xl border bg-card p-5"
      >
        <h2 id="payment-title" className="text-lg font-semibold">
          {t("payment.title")}
        </h2>
        <p role={problem ? "alert" : undefined} className="mt-2 text-sm text-muted-foreground">
          {problem ?? <Spinner />}
        </p>
      </section>
    );
  }

  const { orderStatus, payment, refund } = state;
  const paid = orderStatus === "paid" || orderStatus === "fulfilled";
  // Refunded only when all of it went back; a part refunded leaves the order paid, and says how much.
  const refunded = payment?.status === "refunded";
  const refundLine =
    refund &&
    t("payment.refundedOf", {
      refunded: formatKr(refund.refunded, language),
      of: formatKr(refund.of, language),
    });
  let icon = <Clock aria-hidden="true" className="size-6 text-muted-foreground" />;
  let heading = t("payment.waiting");
  let text = t("payment.waitingText");
  if (refunded) {
    icon = <CircleCheck aria-hidden="true" className="size-6 text-muted-foreground" />;
    heading = t("payment.refunded");
    text = orderStatus === "cancelled" ? t("payment.orderCancelled") : "";
  } else if (paid) {
    icon = <CircleCheck aria-hidden="true" className="size-6 text-primary" />;
    heading = t("payment.paid");
    text = t("payment.paidText");
  } else if (orderStatus === "cancelled") {
    icon = <CircleX aria-hidden="true" className="size-6 text-error" />;
    heading = t("payment.orderCancelled");
    text = "";
  } else if (!payment) {
    heading = t("payment.title");
    text = t("payment.manual");
  } else if (state.canRetry) {
    icon = <CircleX aria-hidden="true" className="size-6 text-error" />;
    heading = t("payment.notPaid");
    text = state.holdsStock ? t("payment.notPaidText") : t("payment.released");
  } else if (payment.status !== "created") {
    // Not paid, and the time to pay (from when the order was placed) has run out: no new attempt.
    icon = <CircleX aria-hidden="true" className="size-6 text-error" />;
    heading = t("payment.notPaid");
    text = t("payment.timeUp");
  }

  return (
    <section
      aria-labelledby="payment-title"
      className="rounded-2xl border bg-card p-5"
      data-payment-status={payment?.status ?? "none"}
    >
      <div className="flex items-start gap-3">
        {icon}
        <div className="min-w-0 flex-1">
          {/* Announced when it changes: a screen reader hears "Paid" without looking for it. */}
          <h2 id="payment-title" aria-live="polite" className="text-lg font-semibold">
            {heading}
          </h2>
          {refundLine && (
            <p data-testid="payment-refund" className="mt-1 text-sm tabular-nums">
              {refundLine}
            </p>
          )}
          {text && <p className="mt-1 text-sm text-muted-foreground">{text}</p>}
          {problem && (
            <p role="alert" className="mt-2 text-sm text-error">
              {problem}
            </p>
          )}
          {waiting && payment?.redirectUrl && (
            <a
              href={payment.redirectUrl}
              className="mt-3 inline-block text-sm font-medium text-primary underline underline-offset-4 focus-visible:outline-2 focus-visible:outline-ring"
            >
              {t("payment.continue")}
            </a>
          )}
          <div className="mt-4 flex flex-wrap gap-2">
            {state.canRetry && (
              <Button onClick={() => void retry()} aria-disabled={retrying}>
                {retrying && <Spinner />}
                {t("payment.payNow")}
              </Button>
            )}
            {state.canCancel && (
              <Button variant="outline" onClick={() => void cancel()} aria-disabled={retrying}>
                {t("payment.cancelOrder")}
              </Button>
            )}
          </div>
        </div>
      </div>
    </section>
  );
}
