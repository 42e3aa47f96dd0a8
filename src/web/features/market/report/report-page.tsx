import { useQuery } from "@tanstack/react-query";
import { Download, FileText, Printer } from "lucide-react";
import { useId } from "react";
import { useParams, useSearchParams } from "react-router";
import { type DayReport, osloToday } from "../../../../shared/day-report";
import { PageHeader } from "../../../components/page-header";
import { BackLink } from "../../../components/ui/back-link";
import { Button } from "../../../components/ui/button";
import { Input } from "../../../components/ui/input";
import { Label } from "../../../components/ui/label";
import { ListSpinner } from "../../../components/ui/list-state";
import { LoadFailed } from "../../../components/ui/load-failed";
import { NativeSelect } from "../../../components/ui/native-select";
import { useTranslation } from "../../../lib/i18n";
import { useMarketSessions } from "../sales/api";
import { osloTime } from "../sales/sale-text";
import { ReportFigures } from "./report-figures";

const isDay = (value: string | null): value is string => Boolean(value && /^\d{4}-\d{2}-\d{2}$/.test(value));

/**
 * Printing shows the report only: everything else on the page (the app's bars, the controls) is hidden,
 * and the report laid out on white paper whatever the screen's theme.
 */
const PRINT_CSS = `@media print {
  body * { visibility: hidden !important; }
  #day-report, #day-report * { visibility: visible !important; }
  #day-report { position: absolute; inset: 0 auto auto 0; width: 100%; color: #000; background: #fff; }
  #day-report .print\\:hidden { display: none !important; }
}`;

/**
 * /stores/{id}/market/report (issue 30): the day's report, or one market's, as figures the seller reads
 * at a glance (sales, by method, VAT, refunds, the cash against the count) and the sales under them; to
 * print, or to download as PDF or CSV. The day or market lives in the address (?day= or ?market=).
 */
export function MarketReportPage() {
  const { t } = useTranslation();
  const { id: storeId = "" } = useParams();
  const [searchParams, setSearchParams] = useSearchParams();
  const sessions = useMarketSessions(storeId);
  const market = searchParams.get("market");
  const dayParam = searchParams.get("day");
  const day = isDay(dayParam) ? dayParam : osloToday();
  const query = market ? `sessionId=${encodeURIComponent(market)}` : `date=${day}`;
  const base = `/api/stores/${encodeURIComponent(storeId)}/day-report?${query}`;
  const report = useQuery<DayReport>({ queryKey: [base], staleTime: 0 });
  const dayId = useId();
  const marketId = useId();

  return (
    <div className="mx-auto w-full max-w-4xl space-y-6">
      <style>{PRINT_CSS}</style>
      <BackLink to={`/stores/${storeId}/market/sales`}>{t("marketSales.report.back")}</BackLink>
      <PageHeader
        title={t("marketSales.report.title")}
        description={t("marketSales.report.description")}
        actions={
          <>
            <Button variant="outline" onClick={() => window.print()} disabled={!report.data}>
              <Printer aria-hidden="true" />
              {t("marketSales.report.print")}
            </Button>
            <Button variant="outline" asChild>
              <a href={`${base}&format=pdf`} download>
                <FileText aria-hidden="true" />
                {t("marketSales.report.pdf")}
              </a>
            </Button>
            <Button variant="outline" asChild>
              <a href={`${base}&format=csv`} download>
                <Download aria-hidden="true" />
                {t("marketSales.report.csv")}
              </a>
            </Button>
          </>
        }
      />
      <div className="grid gap-4 rounded-xl border bg-card p-4 sm:grid-cols-2">
        <div className="grid gap-1.5">
          <Label htmlFor={dayId}>{t("marketSales.report.day")}</Label>
          <Input
            id={dayId}
            type="date"
            value={market ? "" : day}
            max={osloToday()}
            onChange={(event) => {
              if (isDay(event.target.value)) setSearchParams({ day: event.target.value }, { replace: true });
            }}
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={marketId}>{t("marketSales.report.market")}</Label>
          <NativeSelect
            id={marketId}
            value={market ?? ""}
            onChange={(event) =>
              setSearchParams(event.target.value ? { market: event.target.value } : { day }, {
                replace: true,
              })
            }
          >
            <option value="">{t("marketSales.report.wholeDay")}</option>
            {sessions.data?.map((session) => (
              <option key={session.id} value={session.id}>
                {session.name} · {session.openedAt.slice(0, 10)} {osloTime(session.openedAt)}
                {session.closedAt === null ? ` · ${t("marketSales.report.open")}` : ""}
              </option>
            ))}
          </NativeSelect>
        </div>
      </div>
      {report.isPending ? (
        <ListSpinner label={t("marketSales.report.loading")} />
      ) : report.isError ? (
        <LoadFailed onRetry={() => report.refetch()} />
      ) : (
        <ReportFigures report={report.data} />
      )}
    </div>
  );
}
