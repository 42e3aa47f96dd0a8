import { useRef, useState } from "react";
import type { PublicOrder } from "../../../../shared/order-page";
import { Button } from "../../../components/ui/button";
import { errorMessage } from "../../../lib/api";
import { useTranslation } from "../../../lib/i18n";
import { withdrawOrder } from "../api";
import { useOrderDate } from "./order-date";

/**
 * The angrerett on the order page (decision 0037): while the period is open, a button that asks once
 * more and then records the withdrawal (the seller is told by e-mail and sees it on the order); after
 * that, what happened or why it is no longer possible.
 */
export function Withdrawal({
  order,
  token,
  onWithdrawn,
}: {
  order: PublicOrder;
  token: string;
  onWithdrawn: (order: PublicOrder) => void;
}) {
  const { t } = useTranslation();
  const date = useOrderDate();
  const [confirming, setConfirming] = useState(false);
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const statusRef = useRef<HTMLParagraphElement>(null);
  const { withdrawal } = order;

  const withdraw = async () => {
    setSending(true);
    setProblem(null);
    try {
      onWithdrawn(await withdrawOrder(token));
      setConfirming(false);
      // The button is gone: the outcome takes the focus, so a screen reader hears it.
      requestAnimationFrame(() => statusRef.current?.focus());
    } catch (error) {
      setProblem(errorMessage(error, t("orderPage.withdrawFailed")));
    } finally {
      setSending(false);
    }
  };

  let state: string;
  if (withdrawal.withdrawnAt) state = t("orderPage.withdrawn", { date: date(withdrawal.withdrawnAt) });
  else if (order.status === "cancelled") state = t("orderPage.withdrawalCancelled");
  // Nothing delivered yet: the period has not started, so no date (angrerettloven § 21, decision 0068).
  else if (withdrawal.open && !withdrawal.deliveredAt) state = t("orderPage.withdrawalBeforeDelivery");
  else if (withdrawal.open) state = t("orderPage.withdrawalOpen", { date: date(withdrawal.deadline) });
  else state = t("orderPage.withdrawalClosed", { date: date(withdrawal.deadline) });

  return (
    <section aria-labelledby="withdrawal-heading" className="mt-10 rounded-lg border p-4 sm:p-6">
      <h2 id="withdrawal-heading" className="text-lg font-semibold">
        {t("orderPage.withdrawalTitle")}
      </h2>
      <p ref={statusRef} tabIndex={-1} className="mt-2 outline-none" data-testid="withdrawal-state">
        {state}
      </p>
      {withdrawal.open && !withdrawal.withdrawnAt && (
        <div className="mt-4">
          {confirming ? (
            <div className="space-y-3">
              <p id="withdraw-confirm" className="font-medium">
                {t("orderPage.withdrawConfirm")}
              </p>
              <div className="flex flex-wrap gap-3">
                <Button variant="destructive" onClick={withdraw} disabled={sending}>
                  {t("orderPage.withdrawYes")}
                </Button>
                <Button variant="outline" onClick={() => setConfirming(false)} disabled={sending}>
                  {t("orderPage.withdrawCancel")}
                </Button>
              </div>
            </div>
          ) : (
            <Button variant="outline" onClick={() => setConfirming(true)}>
              {t("orderPage.withdrawButton")}
            </Button>
          )}
          {problem && (
            <p role="alert" className="mt-3 text-sm text-destructive">
              {problem}
            </p>
          )}
        </div>
      )}
    </section>
  );
}
