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
  | { step: "sending" }
  /** Vipps: the sale is made and waits for the shopper's approval in the app. */
  | { step: "waiting"; sale: SaleView }
  /** Vipps was refused, cancelled or expired: a new request or another method may still pay it. */
  | { step: "failed"; sale: SaleView }
  | { step: "paid"; sale: SaleView }
  /** Offline: kept on the phone and sent when the network returns. */
  | { step: "queued"; clientSaleId: string; total: string; change: string | null };

/** How often the screen asks the server whether Vipps has been paid. */
export const VIPPS_POLL_MS = 2000;

const salePath = (id: string) => `/api/sales/${encodeURIComponent(id)}`;

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

  const confirm = useCallback(
    async (
      sale: Omit<CreateSaleInput, "clientSaleId" | "soldAt" | "payment">,
      payment: SalePaymentInput,
      expected: { total: string; change: string | null },
    ) => {
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
        const answered = outcome.sale;
        if (answered.status === "awaiting_payment") setState({ step: "waiting", sale: answered });
        else if (answered.status === "payment_failed") {
          attempt.current = null;
          setState({ step: "failed", sale: answered });
        } else {
          attempt.current = null;
          setState({ step: "paid", sale: answered });
          handlersRef.current.onSettled();
        }
      } catch (err) {
        // A refused sale (4xx) was not made: the next confirm is a new attempt. After a network error or a
        // 5xx the server may have made it: the retry keeps the id, and is answered with that sale.
        if (err instanceof ApiError && err.status < 500) attempt.current = null;
        failWith(err);
        setState({ step: "idle" });
      }
    },
    [storeId, failWith],
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
        if (sale.status === "paid") {
          attempt.current = null;
          setState({ step: "paid", sale });
          handlersRef.current.onSettled();
        } else {
          // Vipps said no: paying again is a new sale (the failed one gave its stock back).
          attempt.current = null;
          setState({ step: "failed", sale });
        }
      } catch {
        // A missed read in a hall with poor coverage: the next one asks again.
      }
    }, VIPPS_POLL_MS);
    return () => {
      stopped = true;
      window.clearInterval(timer);
    };
  }, [waitingId]);

  const reset = useCallback(() => {
    attempt.current = null;
    setError(null);
    setState({ step: "idle" });
  }, []);

  return { state, error, setError, confirm, reset };
}
