import { ChevronDown, TriangleAlert } from "lucide-react";
import { useState } from "react";
import { Button } from "../../../components/ui/button";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { useTranslation } from "../../../lib/i18n";
import { useKr } from "../../../lib/money";
import { clockTime } from "./market-offline-status";
import { type Settlement, saleWithoutRefusedLines } from "./queue";
import type { SaleConflict, SaleLineSummary, SettledSale } from "./storage";
import { settleMarketConflict } from "./sync";
import { useMarketOffline } from "./use-market-offline";

/**
 * The sales made offline that Torg refused when they were sent (a piece sold online meanwhile, a code
 * no longer valid), for the seller to settle one by one (issue 30, item 4): send it again without the
 * sold-out item, record it as refunded or cancelled, or try again. Below them, what was settled today.
 * Nothing shows while there is nothing to settle.
 */
export function MarketConflicts({ storeId }: { storeId: string }) {
  const { t } = useTranslation();
  const { conflicts, settledToday } = useMarketOffline(storeId);
  if (conflicts.length === 0 && settledToday.length === 0) return null;
  return (
    <section aria-labelledby="market-conflicts-title" className="space-y-3">
      {conflicts.length > 0 && (
        <div className="space-y-3 rounded-xl border border-destructive/40 bg-card p-4 shadow-sm">
          <h2 id="market-conflicts-title" className="flex items-center gap-2 font-semibold text-lg">
            <TriangleAlert aria-hidden="true" className="size-5 text-destructive" />
            {t("marketOffline.conflicts.title")}
          </h2>
          <p className="text-muted-foreground text-sm">{t("marketOffline.conflicts.intro")}</p>
          <ul className="space-y-3">
            {conflicts.map((conflict) => (
              <ConflictItem key={conflict.clientSaleId} conflict={conflict} />
            ))}
          </ul>
        </div>
      )}
      {settledToday.length > 0 && <SettledLog settled={settledToday} labelled={conflicts.length === 0} />}
    </section>
  );
}

function LineList({ lines, refused }: { lines: SaleLineSummary[]; refused: ReadonlySet<string> }) {
  const { t } = useTranslation();
  const kr = useKr();
  return (
    <ul className="text-sm">
      {lines.map((line, index) => {
        const soldOut = line.productId !== null && refused.has(line.productId);
        const title = line.title || t("marketOffline.conflicts.freeAmount");
        const named = line.variantLabel ? `${title} (${line.variantLabel})` : title;
        return (
          // Lines have no id of their own; their order is the sale's and never changes.
          // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list, read only.
          <li key={index} className="flex justify-between gap-3">
            <span>
              <span className={soldOut ? "line-through decoration-destructive" : undefined}>
                {t("marketOffline.conflicts.line", { qty: line.qty, title: named })}
              </span>
              {soldOut && (
                <span className="ml-2 font-medium text-destructive">
                  {t("marketOffline.conflicts.soldOutLine")}
                </span>
              )}
            </span>
            {line.unitPrice && <span className="tabular-nums">{kr(Number(line.unitPrice) * line.qty)}</span>}
          </li>
        );
      })}
    </ul>
  );
}

function ConflictItem({ conflict }: { conflict: SaleConflict }) {
  const { t, language } = useTranslation();
  const [pending, setPending] = useState<Settlement | null>(null);
  const [failed, setFailed] = useState(false);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const canResend = saleWithoutRefusedLines(conflict) !== null;
  const refused = new Set(conflict.refusedProductIds);

  const settle = async (how: Settlement) => {
    setPending(how);
    setFailed(false);
    try {
      await settleMarketConflict(conflict, how);
    } catch {
      setFailed(true);
    } finally {
      setPending(null);
      setConfirmCancel(false);
    }
  };

  return (
    <li className="space-y-2 rounded-lg border bg-background p-3">
      <p className="font-medium text-sm">
        {t("marketOffline.conflicts.soldAt", { time: clockTime(conflict.sale.soldAt, language) })}
      </p>
      <LineList lines={conflict.lines} refused={refused} />
      <p className="text-sm">
        {conflict.reason
          ? t("marketOffline.conflicts.refused", { reason: conflict.reason })
          : t("marketOffline.conflicts.refusedNoReason", { status: conflict.status })}
      </p>
      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        {canResend && (
          <Button disabled={pending !== null} onClick={() => void settle("resendWithout")}>
            {t("marketOffline.conflicts.resendWithout")}
          </Button>
        )}
        <Button variant="outline" disabled={pending !== null} onClick={() => setConfirmCancel(true)}>
          {t("marketOffline.conflicts.cancel")}
        </Button>
        <Button variant="ghost" disabled={pending !== null} onClick={() => void settle("retry")}>
          {t("marketOffline.conflicts.retry")}
        </Button>
      </div>
      {failed && (
        <p role="alert" className="text-destructive text-sm">
          {t("marketOffline.conflicts.failed")}
        </p>
      )}
      <ConfirmDialog
        open={confirmCancel}
        onOpenChange={setConfirmCancel}
        title={t("marketOffline.conflicts.cancelTitle")}
        description={t("marketOffline.conflicts.cancelDescription")}
        confirmLabel={t("marketOffline.conflicts.cancelConfirm")}
        pending={pending === "cancel"}
        onConfirm={() => void settle("cancel")}
      />
    </li>
  );
}

/** Today's settled conflicts, folded away: a record to look back at, not something to act on. */
function SettledLog({ settled, labelled }: { settled: SettledSale[]; labelled: boolean }) {
  const { t, language } = useTranslation();
  return (
    <details className="group rounded-xl border bg-card">
      <summary
        id={labelled ? "market-conflicts-title" : undefined}
        className="flex min-h-11 cursor-pointer list-none items-center justify-between gap-2 rounded-xl px-4 py-2 font-semibold focus-visible:outline-2 focus-visible:outline-ring [&::-webkit-details-marker]:hidden"
      >
        <span>
          {t("marketOffline.conflicts.settledTitle")}{" "}
          <span className="font-normal text-muted-foreground">({settled.length})</span>
        </span>
        <ChevronDown aria-hidden="true" className="size-4 transition-transform group-open:rotate-180" />
      </summary>
      <ul className="space-y-2 px-4 pb-3">
        {settled.map((entry) => (
          <li key={entry.clientSaleId} className="space-y-1 text-sm">
            <p className="text-muted-foreground">
              {t("marketOffline.conflicts.settledAt", {
                how: t(
                  entry.how === "resent"
                    ? "marketOffline.conflicts.settledResent"
                    : "marketOffline.conflicts.settledCancelled",
                ),
                time: clockTime(entry.settledAt, language),
              })}
            </p>
            <LineList lines={entry.lines} refused={new Set()} />
          </li>
        ))}
      </ul>
    </details>
  );
}
