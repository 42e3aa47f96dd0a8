import { useQuery } from "@tanstack/react-query";
import { ExternalLink, TriangleAlert } from "lucide-react";
import { formatKr } from "../../../../shared/money";
import {
  SKATTEETATEN_PAGES,
  type Threshold,
  type ThresholdsView,
  thresholdsToWarn,
} from "../../../../shared/stall-thresholds";
import { useTranslation } from "../../../lib/i18n";
import { storePath } from "../../../lib/queries/stores";
import { cn } from "../../../lib/utils";

export const thresholdsKey = (storeId: string) => [`${storePath(storeId)}/thresholds`] as const;

/** One rule: how far the store's sales have come, and what that means and what to do. */
function ThresholdRow({ threshold, year }: { threshold: Threshold; year: number }) {
  const { t, language } = useTranslation();
  const passed = threshold.level === "passed";
  const percent = Math.round(threshold.share * 100);
  const base = `marketReceipts.thresholds.${threshold.kind}`;
  const period =
    threshold.kind === "vatRegistration"
      ? t("marketReceipts.thresholds.windowPeriod", { from: threshold.from, to: threshold.to })
      : t("marketReceipts.thresholds.yearPeriod", { year });
  return (
    <li className="grid gap-2" data-testid={`threshold-${threshold.kind}`} data-level={threshold.level}>
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <p className="font-semibold">{t(`${base}.name`)}</p>
        <p className="text-sm tabular-nums">
          {t("marketReceipts.thresholds.progress", {
            amount: formatKr(threshold.amount, language),
            limit: formatKr(threshold.limit, language),
            percent,
          })}
        </p>
      </div>
      <div
        role="progressbar"
        aria-label={t(`${base}.name`)}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.min(percent, 100)}
        aria-valuetext={`${percent} %`}
        className="h-2 overflow-hidden rounded-full bg-muted"
      >
        <div
          className={cn("h-full rounded-full", passed ? "bg-error" : "bg-amber-500")}
          style={{ width: `${Math.min(percent, 100)}%` }}
        />
      </div>
      <p className="text-xs text-muted-foreground">{period}</p>
      <p className="text-sm">{t(threshold.textKey)}</p>
      <a
        href={SKATTEETATEN_PAGES[threshold.kind]}
        target="_blank"
        rel="noopener noreferrer"
        className="inline-flex w-fit items-center gap-1.5 text-sm font-medium text-primary underline underline-offset-4"
      >
        {t("marketReceipts.thresholds.readMore")}
        <ExternalLink aria-hidden className="size-3.5" />
      </a>
    </li>
  );
}

/**
 * The cash-register rules and the MVA threshold on a store's sales (decision 0078), as a banner for the
 * market screen and the store page: nothing while every limit is far off; the limits the store is
 * approaching (80 %) or has passed, each with what it means and a link to Skatteetaten's page; and,
 * always with them, the plain statement that Torg is not a declared cash register system.
 */
export function ThresholdsNotice({ storeId, className }: { storeId: string; className?: string }) {
  const { t } = useTranslation();
  const query = useQuery<ThresholdsView>({ queryKey: thresholdsKey(storeId), staleTime: 5 * 60_000 });
  if (!query.data) return null;
  const warned = thresholdsToWarn(query.data.thresholds);
  if (warned.length === 0) return null;
  const passed = warned.some((threshold) => threshold.level === "passed");
  return (
    <section
      aria-labelledby="thresholds-title"
      data-testid="thresholds-notice"
      className={cn(
        "grid gap-4 rounded-xl border p-4 sm:p-5",
        passed
          ? "border-red-300 bg-red-50 dark:border-red-900 dark:bg-red-950/40"
          : "border-amber-300 bg-amber-50 dark:border-amber-900 dark:bg-amber-950/40",
        className,
      )}
    >
      <div className="flex items-start gap-3">
        <TriangleAlert
          aria-hidden
          className={cn(
            "mt-0.5 size-5 shrink-0",
            passed ? "text-error" : "text-amber-600 dark:text-amber-400",
          )}
        />
        <div className="grid gap-1">
          <h2 id="thresholds-title" className="font-semibold">
            {t("marketReceipts.thresholds.title")}
          </h2>
          <p className="text-sm text-muted-foreground">{t("marketReceipts.thresholds.notCashRegister")}</p>
          {query.data.fullDocuments && (
            <p className="text-sm text-muted-foreground">{t("marketReceipts.thresholds.fullDocumentsOn")}</p>
          )}
        </div>
      </div>
      <ul className="grid gap-5">
        {warned.map((threshold) => (
          <ThresholdRow key={threshold.kind} threshold={threshold} year={query.data.year} />
        ))}
      </ul>
    </section>
  );
}
