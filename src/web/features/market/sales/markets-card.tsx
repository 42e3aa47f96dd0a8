import { useQuery } from "@tanstack/react-query";
import { DoorClosed, DoorOpen, Store } from "lucide-react";
import { type FormEvent, useState } from "react";
import type { DayReport } from "../../../../shared/day-report";
import type { MarketSessionView } from "../../../../shared/market";
import { formatKrExact, fromOre, normalizePrice, toOre } from "../../../../shared/money";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../../../components/ui/dialog";
import { FormField } from "../../../components/ui/form-field";
import { Input } from "../../../components/ui/input";
import { errorMessage } from "../../../lib/api";
import { useTranslation } from "../../../lib/i18n";
import { useCloseMarket, useMarketSessions, useOpenMarket } from "./api";
import { osloTime } from "./sale-text";

/** The open market, or a button to open one: a market is a named session with the till's opening cash. */
export function MarketsCard({ storeId }: { storeId: string }) {
  const { t, language } = useTranslation();
  const sessions = useMarketSessions(storeId);
  // The market being closed is kept here: once closed, the list no longer has it open, and the dialog
  // must still be able to finish (and close itself) after the list has been read again.
  const [dialog, setDialog] = useState<
    { kind: "open" } | { kind: "close"; session: MarketSessionView } | null
  >(null);
  const open = sessions.data?.find((session) => session.closedAt === null);
  return (
    <Card>
      <CardHeader className="flex-row items-start justify-between gap-3 space-y-0">
        <div className="space-y-1">
          <CardTitle className="flex items-center gap-2">
            <Store aria-hidden="true" className="size-5 text-muted-foreground" />
            {open ? open.name : t("marketSales.markets.none")}
          </CardTitle>
          <CardDescription>
            {open
              ? t("marketSales.markets.openSince", {
                  time: osloTime(open.openedAt),
                  cash: formatKrExact(open.openingCash, language),
                })
              : t("marketSales.markets.noneHint")}
          </CardDescription>
        </div>
      </CardHeader>
      <CardContent>
        {open ? (
          <Button variant="outline" onClick={() => setDialog({ kind: "close", session: open })}>
            <DoorClosed aria-hidden="true" />
            {t("marketSales.markets.close")}
          </Button>
        ) : (
          <Button onClick={() => setDialog({ kind: "open" })} disabled={sessions.isPending}>
            <DoorOpen aria-hidden="true" />
            {t("marketSales.markets.open")}
          </Button>
        )}
      </CardContent>
      <Dialog open={dialog !== null} onOpenChange={(next) => !next && setDialog(null)}>
        <DialogContent className="max-w-sm">
          {dialog?.kind === "open" && <OpenMarketForm storeId={storeId} onDone={() => setDialog(null)} />}
          {dialog?.kind === "close" && (
            <CloseMarketForm storeId={storeId} session={dialog.session} onDone={() => setDialog(null)} />
          )}
        </DialogContent>
      </Dialog>
    </Card>
  );
}

function OpenMarketForm({ storeId, onDone }: { storeId: string; onDone: () => void }) {
  const { t } = useTranslation();
  const openMarket = useOpenMarket(storeId);
  const [name, setName] = useState("");
  const [cash, setCash] = useState("");
  const [error, setError] = useState<{ name?: string; cash?: string }>({});
  function submit(event: FormEvent) {
    event.preventDefault();
    const openingCash = cash.trim() === "" ? "0.00" : normalizePrice(cash);
    const problems = {
      name: name.trim() ? undefined : "errors.marketNameRequired",
      cash: openingCash ? undefined : "errors.cashAmountInvalid",
    };
    setError(problems);
    if (problems.name || problems.cash || !openingCash) return;
    openMarket.mutate({ name: name.trim(), openingCash }, { onSuccess: onDone });
  }
  return (
    <form onSubmit={submit} className="grid gap-4" noValidate>
      <DialogHeader>
        <DialogTitle>{t("marketSales.markets.openTitle")}</DialogTitle>
        <DialogDescription>{t("marketSales.markets.openDescription")}</DialogDescription>
      </DialogHeader>
      <FormField label={t("marketSales.markets.name")} error={error.name}>
        {(control) => (
          <Input
            {...control}
            value={name}
            maxLength={80}
            placeholder={t("marketSales.markets.namePlaceholder")}
            onChange={(event) => setName(event.target.value)}
          />
        )}
      </FormField>
      <FormField
        label={t("marketSales.markets.openingCash")}
        error={error.cash}
        hint={t("marketSales.markets.openingCashHint")}
      >
        {(control) => (
          <Input
            {...control}
            inputMode="decimal"
            value={cash}
            onChange={(event) => setCash(event.target.value)}
          />
        )}
      </FormField>
      {openMarket.isError && (
        <p role="alert" className="text-sm font-medium text-error">
          {errorMessage(openMarket.error, t("marketSales.markets.failed"))}
        </p>
      )}
      <DialogFooter>
        <Button type="submit" disabled={openMarket.isPending}>
          {t("marketSales.markets.open")}
        </Button>
      </DialogFooter>
    </form>
  );
}

function CloseMarketForm({
  storeId,
  session,
  onDone,
}: {
  storeId: string;
  session: MarketSessionView;
  onDone: () => void;
}) {
  const { t, language } = useTranslation();
  const closeMarket = useCloseMarket(storeId);
  // The till's expected cash, from the market's own report: opening cash + cash sales − cash paid out.
  const report = useQuery<DayReport>({
    queryKey: [`/api/stores/${encodeURIComponent(storeId)}/day-report?sessionId=${session.id}`],
    staleTime: 0,
  });
  const [counted, setCounted] = useState("");
  const [error, setError] = useState<string>();
  const countedAmount = normalizePrice(counted);
  const expected = report.data?.cash.expected;
  const difference =
    countedAmount && expected !== undefined ? toOre(countedAmount) - toOre(expected) : undefined;
  const kr = (amount: string) => formatKrExact(amount, language);
  function submit(event: FormEvent) {
    event.preventDefault();
    if (!countedAmount) return setError("errors.cashAmountInvalid");
    setError(undefined);
    closeMarket.mutate({ id: session.id, countedCash: countedAmount }, { onSuccess: onDone });
  }
  return (
    <form onSubmit={submit} className="grid gap-4" noValidate>
      <DialogHeader>
        <DialogTitle>{t("marketSales.markets.closeTitle", { name: session.name })}</DialogTitle>
        <DialogDescription>{t("marketSales.markets.closeDescription")}</DialogDescription>
      </DialogHeader>
      <dl className="grid grid-cols-2 gap-2 rounded-lg bg-muted p-3 text-sm">
        <dt className="text-muted-foreground">{t("marketSales.markets.expected")}</dt>
        <dd className="text-right font-semibold tabular-nums">
          {expected === undefined ? "…" : kr(expected)}
        </dd>
        {difference !== undefined && (
          <>
            <dt className="text-muted-foreground">{t("marketSales.markets.difference")}</dt>
            <dd
              className={`text-right font-semibold tabular-nums ${difference === 0 ? "text-emerald-700 dark:text-emerald-400" : "text-error"}`}
            >
              {difference === 0
                ? t("marketSales.markets.even")
                : `${difference > 0 ? "+" : "−"}${kr(fromOre(Math.abs(difference)))}`}
            </dd>
          </>
        )}
      </dl>
      <FormField label={t("marketSales.markets.countedCash")} error={error}>
        {(control) => (
          <Input
            {...control}
            inputMode="decimal"
            value={counted}
            autoFocus
            onChange={(event) => setCounted(event.target.value)}
          />
        )}
      </FormField>
      {closeMarket.isError && (
        <p role="alert" className="text-sm font-medium text-error">
          {errorMessage(closeMarket.error, t("marketSales.markets.failed"))}
        </p>
      )}
      <DialogFooter>
        <Button type="submit" disabled={closeMarket.isPending}>
          {t("marketSales.markets.close")}
        </Button>
      </DialogFooter>
    </form>
  );
}
