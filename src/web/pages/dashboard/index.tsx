import { PageHeader } from "../../components/page-header";
import { useAuth } from "../../lib/auth";
import { useTranslation } from "../../lib/i18n";
import { useStores } from "../../lib/queries/stores";
import { QuickActionsCard } from "./quick-actions-card";
import { RecentOrders } from "./recent-orders";
import { SummaryCards } from "./summary-cards";
import { YourStores } from "./your-stores";

/** The signed-in home page (docs/product-spec.md 2.4): one section per block, stacked. */
export function DashboardPage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const firstName = user?.fullName.trim().split(/\s+/)[0] ?? "";
  const stores = useStores();

  return (
    <div className="space-y-10">
      <div className="space-y-6">
        <PageHeader title={t("dashboard.title")} description={t("dashboard.greeting", { name: firstName })} />
        <SummaryCards />
      </div>
      <QuickActionsCard />
      <YourStores query={stores} />
      <RecentOrders hasStores={Boolean(stores.data?.length)} storesPending={stores.isPending} />
    </div>
  );
}
