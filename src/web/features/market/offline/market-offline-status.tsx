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

  // A phone's header has room for the icon and a few words: the whole sentence is read out, and shown
  // from the sm breakpoint up.
  const short = state.sending
    ? t("marketOffline.sending")
    : waiting > 0
      ? t("marketOffline.waitingShort", { count: waiting })
      : null;

  return (
    <section
      aria-label={t("marketOffline.statusLabel")}
      className={cn(
        "flex min-h-9 shrink-0 items-center gap-x-2 rounded-full border px-2.5 py-1 text-xs sm:min-h-10 sm:gap-x-3 sm:rounded-lg sm:px-3 sm:text-sm",
        state.online
          ? "border-border bg-card"
          : "border-amber-600/50 bg-amber-50 text-amber-950 dark:bg-amber-950/50 dark:text-amber-100",
        className,
      )}
    >
      <span className="inline-flex items-center gap-1.5 font-medium">
        {state.online ? (
          <Wifi aria-hidden="true" className="size-4 text-emerald-700 dark:text-emerald-400" />
        ) : (
          <CloudOff aria-hidden="true" className="size-4 text-amber-700 dark:text-amber-300" />
        )}
        <span className="sr-only sm:not-sr-only">
          {state.online ? t("marketOffline.online") : t("marketOffline.offline")}
        </span>
      </span>
      <span role="status" className="inline-flex items-center gap-1.5">
        {state.sending && <Spinner />}
        {short && (
          <span aria-hidden="true" className="font-medium sm:hidden">
            {short}
          </span>
        )}
        <span className="sr-only text-muted-foreground sm:not-sr-only">
          {detail}
          {problem && <span className="text-foreground"> · {problem}</span>}
        </span>
        {state.conflicts.length > 0 && (
          <span className="font-semibold text-destructive">
            <span aria-hidden="true" className="sm:hidden">
              {short && "· "}
              {t("marketOffline.conflictsShort", { count: state.conflicts.length })}
            </span>
            <span className="sr-only sm:not-sr-only">
              · {t("marketOffline.conflictsWaiting", { count: state.conflicts.length })}
            </span>
          </span>
        )}
      </span>
      {state.online && waiting > 0 && !state.sending && (
        <Button
          variant="ghost"
          size="sm"
          className="-my-1 -mr-1.5 h-8 px-2"
          onClick={() => void flushMarketQueue(true)}
        >
          <RefreshCw aria-hidden="true" className="size-4" />
          <span className="sr-only sm:not-sr-only">{t("marketOffline.sendNow")}</span>
        </Button>
      )}
    </section>
  );
}
