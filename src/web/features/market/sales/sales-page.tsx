import { ChartColumn, ReceiptText } from "lucide-react";
import { useId, useState } from "react";
import { Link, useParams, useSearchParams } from "react-router";
import { osloToday } from "../../../../shared/day-report";
import type { SaleView } from "../../../../shared/market";
import { formatKrExact } from "../../../../shared/money";
import { PageHeader } from "../../../components/page-header";
import { BackLink } from "../../../components/ui/back-link";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { Card } from "../../../components/ui/card";
import { Input } from "../../../components/ui/input";
import { Label } from "../../../components/ui/label";
import { ListSpinner, ListState } from "../../../components/ui/list-state";
import { LoadFailed } from "../../../components/ui/load-failed";
import { useTranslation } from "../../../lib/i18n";
import { SALES_PER_DAY_SHOWN, useDaySales } from "./api";
import { MarketsCard } from "./markets-card";
import { SaleDetailDialog } from "./sale-detail-dialog";
import { osloTime, SALE_STATUS_BADGE, saleLinesText } from "./sale-text";

const DAY_PARAM = "day";
const isDay = (value: string | null): value is string => Boolean(value && /^\d{4}-\d{2}-\d{2}$/.test(value));

/**
 * /stores/{id}/market/sales (issue 30): the stall's day, newest sale first (receipt number, time, lines,
 * total, method, status), a sale's detail with Refund, and the market (open with opening cash, close with
 * the cash counted). The day lives in the address (?day=YYYY-MM-DD) so a reload keeps it.
 */
export function MarketSalesPage() {
  const { t, language } = useTranslation();
  const { id: storeId = "" } = useParams();
  const [searchParams, setSearchParams] = useSearchParams();
  const dayParam = searchParams.get(DAY_PARAM);
  const day = isDay(dayParam) ? dayParam : osloToday();
  const sales = useDaySales(storeId, day);
  const [openSaleId, setOpenSaleId] = useState<string | null>(null);
  const openSale = sales.data?.sales.find((sale) => sale.id === openSaleId) ?? null;
  const dayId = useId();

  return (
    <div className="mx-auto w-full max-w-3xl space-y-6">
      <BackLink to={`/stores/${storeId}`}>{t("marketSales.backToStore")}</BackLink>
      <PageHeader
        title={t("marketSales.title")}
        description={t("marketSales.description")}
        actions={
          <Button variant="outline" asChild>
            <Link to={`/stores/${storeId}/market/report?day=${day}`}>
              <ChartColumn aria-hidden="true" />
              {t("marketSales.toReport")}
            </Link>
          </Button>
        }
      />
      <MarketsCard storeId={storeId} />
      <section aria-labelledby="day-sales" className="space-y-3">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <h2 id="day-sales" className="text-lg font-semibold">
            {t("marketSales.daySales", { count: sales.data?.total ?? 0 })}
          </h2>
          <div className="grid gap-1.5">
            <Label htmlFor={dayId}>{t("marketSales.day")}</Label>
            <Input
              id={dayId}
              type="date"
              className="w-44"
              value={day}
              max={osloToday()}
              onChange={(event) => {
                const next = event.target.value;
                if (isDay(next)) setSearchParams({ [DAY_PARAM]: next }, { replace: true });
              }}
            />
          </div>
        </div>
        {sales.isPending ? (
          <ListSpinner label={t("marketSales.loading")} />
        ) : sales.isError ? (
          <LoadFailed onRetry={() => sales.refetch()} />
        ) : sales.data.sales.length === 0 ? (
          <ListState
            icon={<ReceiptText aria-hidden="true" />}
            title={t("marketSales.empty")}
            description={t("marketSales.emptyHint")}
          />
        ) : (
          <Card className="divide-y overflow-hidden p-0">
            {sales.data.sales.map((sale) => (
              <SaleRow key={sale.id} sale={sale} language={language} onOpen={() => setOpenSaleId(sale.id)} />
            ))}
          </Card>
        )}
        {sales.data && sales.data.total > SALES_PER_DAY_SHOWN && (
          <p className="text-sm text-muted-foreground">
            {t("marketSales.moreThanShown", { shown: SALES_PER_DAY_SHOWN, total: sales.data.total })}
          </p>
        )}
      </section>
      <SaleDetailDialog sale={openSale} onOpenChange={(open) => !open && setOpenSaleId(null)} />
    </div>
  );
}

function SaleRow({ sale, language, onOpen }: { sale: SaleView; language: string; onOpen: () => void }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      onClick={onOpen}
      className="flex w-full items-center gap-3 p-4 text-left transition-colors hover:bg-accent focus-visible:bg-accent focus-visible:outline-2 focus-visible:outline-ring focus-visible:-outline-offset-2"
    >
      <div className="min-w-0 flex-1 space-y-1">
        <p className="flex flex-wrap items-center gap-x-1.5 text-sm text-muted-foreground">
          <span className="font-semibold text-foreground">
            {sale.receiptNumber === null ? "—" : `#${sale.receiptNumber}`}
          </span>
          <span>{osloTime(sale.soldAt)}</span>
          <span aria-hidden="true">·</span>
          <span>{t(`marketSales.methods.${sale.payment.method}`)}</span>
        </p>
        <p className="truncate">{saleLinesText(sale)}</p>
      </div>
      <div className="flex shrink-0 flex-col items-end gap-1">
        <span className="font-semibold tabular-nums">{formatKrExact(sale.total, language)}</span>
        <Badge variant={SALE_STATUS_BADGE[sale.status]}>{t(`marketSales.statuses.${sale.status}`)}</Badge>
      </div>
    </button>
  );
}
