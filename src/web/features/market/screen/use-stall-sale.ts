import { useCallback, useEffect, useRef, useState } from "react";
import type { CreateSaleInput, SalePaymentInput, SaleView } from "../../../../shared/market";
import { ApiError, apiJson, errorMessage } from "../../../lib/api";
import { useTranslation } from "../../../lib/i18n";
import { sendSale } from "../sale-sender";

/** A product the server said is short (a 409 from the sale): its id, and how many are left. */
export interface StockShortage {
  productId: string;
  variantId: string | null;
  stockQty: number;
  message: string;
}

/** Where a payment stands on the screen. */
export type SaleState =
  | { step: "idle" }
  /** Asking the server; `sale` is the sale being paid again or otherwise, if one was made already. */
  | { step: "sending"; sale?: SaleView }
  /** Vipps: the sale is made and waits for the shopper's approval in the app. */
  | { step: "waiting"; sale: SaleView }
  /** Vipps was refused, cancelled or expired: a new request or another method may still pay it. */
  | { step: "failed"; sale: SaleView }
  /** The seller pays a Vipps sale another way after all (cash or the terminal: POST /api/sales/{id}/pay). */
  | { step: "switching"; sale: SaleView }
  | { step: "paid"; sale: SaleView }
  /** Offline: kept on the phone and sent when the network returns. */
  | { step: "queued"; clientSaleId: string; total: string; change: string | null };

/** How often the screen asks the server whether Vipps has been paid. */
export const VIPPS_POLL_MS = 2000;

const salePath = (id: string) => `/api/sales/${encodeURIComponent(id)}`;

/** The sale a Vipps payment is about, while the screen waits for it or after it failed. */
export const vippsSaleOf = (state: SaleState): SaleView | null =>
  state.step === "waiting" || state.step === "failed" || state.step === "switching"
    ? state.sale
    : state.step === "sending"
      ? (state.sale ?? null)
      : null;

/** The 409's body (the checkout's stock refusal: src/server/modules/checkout/price.ts stockRefusal). */
export function stockShortageOf(error: unknown): StockShortage | undefined {
  if (!(error instanceof ApiError) || error.status !== 409) return undefined;
  try {
    const body = JSON.parse(error.body) as Record<string, unknown>;
    if (typeof body.productId !== "string" || typeof body.stockQty !== "number") return undefined;
    return {
      productId: body.productId,
      variantId: typeof body.variantId === "string" ? body.variantId : null,
      stockQty: body.stockQty,
      message: typeof body.message === "string" ? body.message : "",
    };
  } catch {
    return undefined;
  }
}

/** The sale without its id and time: two confirms of the same cart and payment are one attempt. */
const attemptOf = (sale: Omit<CreateSaleInput, "clientSaleId" | "soldAt">) => JSON.stringify(sale);

/**
 * Taking payment for one sale. The sale's `clientSaleId` is made once, when the seller confirms; a retry
 * of the same cart and payment (after a network error, say) sends the same id and time again, so the server
 * answers with the one sale it made rather than a second. Vipps sales are then read every two seconds until
 * the provider's answer turns them paid or failed: the screen never decides a Vipps payment itself.
 */
export function useStallSale(
  storeId: string,
  handlers: { onShortage: (shortage: StockShortage) => void; onSettled: () => void },
) {
  const { t } = useTranslation();
  const [state, setState] = useState<SaleState>({ step: "idle" });
  const [error, setError] = useState<string | null>(null);
  const attempt = useRef<{ key: string; clientSaleId: string; soldAt: string } | null>(null);
  const handlersRef = useRef(handlers);
  handlersRef.current = handlers;

  const failWith = useCallback(
    (err: unknown) => {
      const shortage = stockShortageOf(err);
      if (shortage) {
        handlersRef.current.onShortage(shortage);
        setError(shortage.message || t("market.pay.soldOutFallback"));
      } else if (err instanceof ApiError) {
        setError(errorMessage(err, t("market.pay.refused")));
      } else {
        setError(t("market.pay.networkError"));
      }
    },
    [t],
  );

  /** Shows the sale as the server answered it. */
  const settle = useCallback((answered: SaleView) => {
    if (answered.status === "awaiting_payment") return setState({ step: "waiting", sale: answered });
    attempt.current = null;
    if (answered.status === "paid") {
      setState({ step: "paid", sale: answered });
      handlersRef.current.onSettled();
    } else if (answered.status === "cancelled") {
      // Given up: the cart is still there, for another go or to be cleared.
      setState({ step: "idle" });
    } else {
      // Vipps said no: paying it again is a new request on the same sale (retryVipps) or another way.
      setState({ step: "failed", sale: answered });
    }
  }, []);

  /**
   * A follow-up on a sale already made (a new Vipps request, paying otherwise, giving up). When it is
   * refused because Vipps had the sale paid meanwhile (409), the sale is read again and shown as it is.
   */
  const followUp = useCallback(
    async (sale: SaleView, path: string, body?: unknown) => {
      setError(null);
      setState({ step: "sending", sale });
      try {
        settle(await apiJson<SaleView>("POST", `${salePath(sale.id)}/${path}`, body));
      } catch (err) {
        if (err instanceof ApiError && err.status === 409 && !stockShortageOf(err)) {
          try {
            const current = await apiJson<SaleView>("GET", salePath(sale.id));
            if (current.status === "paid") return settle(current);
          } catch {
            // Shown as the refusal below.
          }
        }
        failWith(err);
        setState(path === "pay" ? { step: "switching", sale } : { step: "failed", sale });
      }
    },
    [settle, failWith],
  );

  const retryVipps = useCallback(
    (sale: SaleView, method: "vipps_qr" | "vipps_phone") => followUp(sale, "vipps", { method }),
    [followUp],
  );
  const cancelPayment = useCallback((sale: SaleView) => followUp(sale, "cancel-payment"), [followUp]);
  const switchMethod = useCallback((sale: SaleView) => {
    setError(null);
    setState({ step: "switching", sale });
  }, []);

  const confirm = useCallback(
    async (
      sale: Omit<CreateSaleInput, "clientSaleId" | "soldAt" | "payment">,
      payment: SalePaymentInput,
      expected: { total: string; change: string | null },
    ) => {
      // A Vipps sale the seller takes another way (cash, the terminal): that sale is paid, no new one made.
      if (state.step === "switching") {
        if (payment.method === "cash" || payment.method === "card_terminal") {
          const { method, amountGiven, terminalRef } = payment;
          return followUp(state.sale, "pay", { method, amountGiven, terminalRef });
        }
        return;
      }
      const body = { ...sale, payment };
      const key = attemptOf(body);
      if (attempt.current?.key !== key) {
        attempt.current = { key, clientSaleId: crypto.randomUUID(), soldAt: new Date().toISOString() };
      }
      const { clientSaleId, soldAt } = attempt.current;
      setError(null);
      setState({ step: "sending" });
      try {
        const outcome = await sendSale(storeId, { ...body, clientSaleId, soldAt });
        if (outcome.kind === "queued") {
          attempt.current = null;
          setState({ step: "queued", clientSaleId: outcome.clientSaleId, ...expected });
          handlersRef.current.onSettled();
          return;
        }
        settle(outcome.sale);
      } catch (err) {
        // A refused sale (4xx) was not made: the next confirm is a new attempt. After a network error or a
        // 5xx the server may have made it: the retry keeps the id, and is answered with that sale.
        if (err instanceof ApiError && err.status < 500) attempt.current = null;
        failWith(err);
        setState({ step: "idle" });
      }
    },
    [storeId, failWith, settle, followUp, state],
  );

  // Vipps: read the sale until the provider has answered.
  const waitingId = state.step === "waiting" ? state.sale.id : null;
  useEffect(() => {
    if (!waitingId) return;
    let stopped = false;
    const timer = window.setInterval(async () => {
      try {
        const sale = await apiJson<SaleView>("GET", salePath(waitingId));
        if (stopped || sale.status === "awaiting_payment") return;
        settle(sale);
      } catch {
        // A missed read in a hall with poor coverage: the next one asks again.
      }
    }, VIPPS_POLL_MS);
    return () => {
      stopped = true;
      window.clearInterval(timer);
    };
  }, [waitingId, settle]);

  const reset = useCallback(() => {
    attempt.current = null;
    setError(null);
    setState({ step: "idle" });
  }, []);

  return { state, error, setError, confirm, reset, retryVipps, cancelPayment, switchMethod };
}
