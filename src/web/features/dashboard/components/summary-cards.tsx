import { Banknote, ReceiptText, Store } from "lucide-react";
import { StatCard } from "../../../components/stat-card";
import { useFormatters } from "../../../lib/format";
import { useTranslation } from "../../../lib/i18n";
import { useDashboardSummary } from "../api";

/**
 * docs/product-spec.md 2.4 with decisions 0010 and 0061: live stores, the orders that need the seller (the
 * bell's set), and this month's real revenue.
 */
export function SummaryCards() {
  const { t } = useTranslation();
  const { kr } = useFormatters();
  const { data: summary, isError } = useDashboardSummary();
  const unknown = isError ? "–" : undefined;

  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      <StatCard
        title={t("dashboardStats.activeStores")}
        value={summary?.activeStores ?? unknown}
        icon={Store}
        link={{ to: "/stores", label: t("dashboardStats.viewAllStores") }}
      />
      <StatCard
        title={t("dashboardStats.newOrders")}
        value={summary?.newOrders ?? unknown}
        description={t("dashboardStats.newOrdersHint")}
        icon={ReceiptText}
        link={{ to: "/orders", label: t("dashboardStats.viewAllOrders") }}
      />
      <StatCard
        title={t("dashboardStats.monthRevenue")}
        value={summary ? kr(summary.monthRevenue) : unknown}
        description={t("dashboardStats.monthRevenueHint")}
        icon={Banknote}
        link={{ to: "/analytics", label: t("dashboardStats.viewAnalytics") }}
      />
    </div>
  );
}
