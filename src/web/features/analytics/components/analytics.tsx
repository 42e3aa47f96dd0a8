import {
  Banknote,
  ChartColumn,
  CloudOff,
  Eye,
  Gift,
  Globe,
  ReceiptText,
  RotateCw,
  ShoppingBasket,
  Store,
  Tag,
  Tent,
} from "lucide-react";
import type { ReactNode } from "react";
import { Link, useSearchParams } from "react-router";
import { type AnalyticsTotals, type AnalyticsView, addDays, osloDate } from "../../../../shared/analytics";
import { PageHeader } from "../../../components/page-header";
import { StatCard } from "../../../components/stat-card";
import { Button } from "../../../components/ui/button";
import { EmptyState } from "../../../components/ui/empty-state";
import { errorMessage } from "../../../lib/api";
import { useTranslation } from "../../../lib/i18n";
import { useStores } from "../../../lib/queries/stores";
import { cn } from "../../../lib/utils";
import { useAnalytics } from "../api";
import { OrdersByStatusChart, ViewsByDayChart } from "./activity-charts";
import {
  ALL_STORES,
  AnalyticsFilters,
  DEFAULT_PERIOD,
  isPeriod,
  PERIOD_DAYS,
  type Period,
} from "./analytics-filters";
import { useChartFormatters } from "./chart-format";
import { QrScansTable, TopProductsTable, TopViewedTable } from "./ranked-tables";
import { RevenueByDayChart, RevenueByMonthChart } from "./revenue-charts";

/** The store and period live in the address (?store=<id>&period=quarter), so a reload or a link keeps them. */
const STORE_PARAM = "store";
const PERIOD_PARAM = "period";

/** /analytics (decision 0010): a seller's real revenue, orders, product views and QR scans, with charts. */
export function AnalyticsPage() {
  const { t } = useTranslation();
  const stores = useStores();
  const [searchParams, setSearchParams] = useSearchParams();
  const storeParam = searchParams.get(STORE_PARAM);
  // A store that is gone (deleted, or a stale link) falls back to all stores once the list is known.
  const storeId =
    storeParam && (!stores.data || stores.data.some((store) => store.id === storeParam))
      ? storeParam
      : undefined;
  const periodParam = searchParams.get(PERIOD_PARAM);
  const period: Period = isPeriod(periodParam) ? periodParam : DEFAULT_PERIOD;
  const to = osloDate();
  const from = addDays(to, 1 - PERIOD_DAYS[period]);
  const hasStores = Boolean(stores.data?.length);
  const analytics = useAnalytics({ storeId, from, to }, hasStores);

  function setParam(name: string, value: string | undefined) {
    setSearchParams(
      (params) => {
        if (value === undefined) params.delete(name);
        else params.set(name, value);
        return params;
      },
      { replace: true },
    );
  }

  let body: ReactNode;
  if (stores.isPending || (hasStores && analytics.isPending)) {
    body = <AnalyticsSkeleton />;
  } else if (stores.isError || analytics.isError) {
    const retry = stores.isError ? stores.refetch : analytics.refetch;
    body = (
      <EmptyState
        icon={CloudOff}
        title={t("analytics.loadFailed")}
        text={errorMessage(stores.error ?? analytics.error, t("common.tryAgain"))}
        action={
          <Button variant="outline" onClick={() => void retry()}>
            <RotateCw aria-hidden="true" />
            {t("analytics.retry")}
          </Button>
        }
      />
    );
  } else if (!hasStores) {
    body = (
      <EmptyState
        icon={Store}
        title={t("analytics.noStores.title")}
        text={t("analytics.noStores.text")}
        action={
          <Button asChild>
            <Link to="/create-store">{t("analytics.noStores.action")}</Link>
          </Button>
        }
      />
    );
  } else if (analytics.data) {
    body = (
      <AnalyticsFigures
        figures={analytics.data}
        showStore={!storeId && (stores.data?.length ?? 0) > 1}
        refreshing={analytics.isPlaceholderData}
      />
    );
  }

  return (
    <div className="space-y-6">
      {/* The filters sit beside the title, or under it at full width on a phone. */}
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <PageHeader title={t("analytics.title")} description={t("analytics.description")} />
        {hasStores && stores.data && (
          <AnalyticsFilters
            stores={stores.data}
            storeId={storeId}
            period={period}
            onStoreChange={(next) => setParam(STORE_PARAM, next === ALL_STORES ? undefined : next)}
            onPeriodChange={(next) => setParam(PERIOD_PARAM, next === DEFAULT_PERIOD ? undefined : next)}
          />
        )}
      </div>
      {body}
    </div>
  );
}

/** Revenue and paid orders of one channel (decision 0077); none yet is nothing sold there. */
function channelOf(totals: AnalyticsTotals, channel: "web" | "stall") {
  return totals.byChannel.find((entry) => entry.channel === channel) ?? { revenue: "0.00", orderCount: 0 };
}

function StatCards({ totals }: { totals?: AnalyticsTotals }) {
  const { t } = useTranslation();
  const format = useChartFormatters();
  return (
    // Money first (revenue, the discounts taken off it, gift cards sold apart: decision 0076), then activity.
    <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4">
      <StatCard
        title={t("analytics.stats.revenue")}
        value={totals && format.kr(totals.revenue)}
        description={t("analytics.stats.revenueHint")}
        icon={Banknote}
      />
      <StatCard
        title={t("analytics.stats.discounts")}
        value={totals && format.kr(totals.discountTotal)}
        description={t("analytics.stats.discountsHint")}
        icon={Tag}
      />
      <StatCard
        title={t("analytics.stats.giftCards")}
        value={totals && format.kr(totals.giftCardSales)}
        description={t("analytics.stats.giftCardsHint")}
        icon={Gift}
      />
      <StatCard
        title={t("analytics.stats.webShop")}
        value={totals && format.kr(channelOf(totals, "web").revenue)}
        description={
          totals && t("analytics.stats.webShopHint", { count: channelOf(totals, "web").orderCount })
        }
        icon={Globe}
      />
      <StatCard
        title={t("analytics.stats.stall")}
        value={totals && format.kr(channelOf(totals, "stall").revenue)}
        description={
          totals &&
          t("analytics.stats.stallHint", {
            count: channelOf(totals, "stall").orderCount,
            refunded: format.kr(totals.refundedTotal),
          })
        }
        icon={Tent}
      />
      <StatCard
        title={t("analytics.stats.orders")}
        value={totals && format.count(totals.orderCount)}
        description={totals && t("analytics.stats.ordersHint", { count: totals.revenueOrderCount })}
        icon={ReceiptText}
      />
      <StatCard
        title={t("analytics.stats.averageOrder")}
        value={totals && format.kr(totals.averageOrderValue)}
        description={t("analytics.stats.averageOrderHint")}
        icon={ShoppingBasket}
      />
      <StatCard
        title={t("analytics.stats.views")}
        value={totals && format.count(totals.productViews)}
        description={t("analytics.stats.viewsHint")}
        icon={Eye}
      />
    </div>
  );
}

interface AnalyticsFiguresProps {
  figures: AnalyticsView;
  /** Several stores in view: QR codes say which store they belong to. */
  showStore: boolean;
  /** Another store or period is loading; these figures stay until it arrives. */
  refreshing: boolean;
}

function AnalyticsFigures({ figures, showStore, refreshing }: AnalyticsFiguresProps) {
  const { t } = useTranslation();
  const { totals } = figures;
  const quiet =
    totals.orderCount === 0 &&
    totals.productViews === 0 &&
    figures.qrScans.length === 0 &&
    figures.revenueByMonth.every((month) => month.orderCount === 0);

  return (
    <div aria-busy={refreshing} className={cn("space-y-6 transition-opacity", refreshing && "opacity-60")}>
      <StatCards totals={totals} />
      {quiet ? (
        <EmptyState
          icon={ChartColumn}
          title={t("analytics.noData.title")}
          text={t("analytics.noData.text")}
          action={
            <Button asChild variant="outline">
              <Link to="/stores">{t("analytics.noData.action")}</Link>
            </Button>
          }
        />
      ) : (
        <div className="grid gap-4 lg:grid-cols-2">
          <RevenueByDayChart className="lg:col-span-2" days={figures.revenueByDay} total={totals.revenue} />
          <RevenueByMonthChart months={figures.revenueByMonth} />
          <OrdersByStatusChart statuses={figures.ordersByStatus} />
          <TopProductsTable products={figures.topProducts} />
          <TopViewedTable products={figures.topViewedProducts} />
          <ViewsByDayChart days={figures.productViewsByDay} total={totals.productViews} />
          <QrScansTable codes={figures.qrScans} showStore={showStore} />
        </div>
      )}
    </div>
  );
}

function AnalyticsSkeleton() {
  const { t } = useTranslation();
  return (
    <div aria-busy="true" className="space-y-6">
      <span className="sr-only" role="status">
        {t("analytics.loading")}
      </span>
      <StatCards />
      <div className="grid gap-4 lg:grid-cols-2">
        <div className="h-80 animate-pulse rounded-xl bg-muted lg:col-span-2" />
        <div className="h-80 animate-pulse rounded-xl bg-muted" />
        <div className="h-80 animate-pulse rounded-xl bg-muted" />
      </div>
    </div>
  );
}
