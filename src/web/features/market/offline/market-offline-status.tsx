import { CloudOff, RefreshCw, Wifi } from "lucide-react";
import { Button } from "../../../components/ui/button";
import { Spinner } from "../../../components/ui/spinner";
import { useTranslation } from "../../../lib/i18n";
import { cn } from "../../../lib/utils";
import { flushMarketQueue } from "./sync";
import { useMarketOffline } from "./use-market-offline";

/** "10:42" in the seller's language. */
export function clockTime(iso: string, language: string): string {
  return new Date(iso).toLocaleTimeString(language === "en" ? "en-GB" : language, {
    hour: "2-digit",
    minute: "2-digit",
  });
}

/**
 * The market screen's header indicator (issue 30, item 4): online or offline, the sales waiting to be
 * sent, "Sending…", when the phone last synced, and the sales that need the seller (conflicts). Announced
 * politely to a screen reader as it changes.
 */
export function MarketOfflineStatus({ storeId, className }: { storeId: string; className?: string }) {
  const { t, language } = useTranslation();
  const state = useMarketOffline(storeId);
  const waiting = state.queued.length;

  let detail: string;
  if (state.sending) detail = t("marketOffline.sending");
  else if (waiting > 0) detail = t("marketOffline.waiting", { count: waiting });
  else if (state.lastSyncedAt)
    detail = t("marketOffline.lastSynced", { time: clockTime(state.lastSyncedAt, language) });
  else detail = t("marketOffline.allSent");
  const problem =
    state.online && waiting > 0 && !state.sending && state.problem
      ? t(`marketOffline.${state.problem}`)
      : null;

  return (
    <section
      aria-label={t("marketOffline.statusLabel")}
      className={cn(
        "flex min-h-10 flex-wrap items-center gap-x-3 gap-y-1 rounded-lg border px-3 py-1.5 text-sm",
        state.online ? "border-border bg-card" : "border-amber-600/40 bg-amber-50 dark:bg-amber-950/40",
        className,
      )}
    >
      <span className="inline-flex items-center gap-1.5 font-medium">
        {state.online ? (
          <Wifi aria-hidden="true" className="size-4 text-emerald-700 dark:text-emerald-400" />
        ) : (
          <CloudOff aria-hidden="true" className="size-4 text-amber-700 dark:text-amber-400" />
        )}
        {state.online ? t("marketOffline.online") : t("marketOffline.offline")}
      </span>
      <span role="status" className="inline-flex items-center gap-1.5 text-muted-foreground">
        {state.sending && <Spinner />}
        <span>{detail}</span>
        {problem && <span className="text-foreground">· {problem}</span>}
        {state.conflicts.length > 0 && (
          <span className="font-medium text-destructive">
            · {t("marketOffline.conflictsWaiting", { count: state.conflicts.length })}
          </span>
        )}
      </span>
      {state.online && waiting > 0 && !state.sending && (
        <Button variant="ghost" size="sm" className="ml-auto h-8" onClick={() => void flushMarketQueue(true)}>
          <RefreshCw aria-hidden="true" className="size-4" />
          {t("marketOffline.sendNow")}
        </Button>
      )}
    </section>
  );
}
