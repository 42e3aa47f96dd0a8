import { PageHeader } from "../../components/page-header";
import { QuickActionsCard, SummaryCards } from "../../features/dashboard";
import { RecentOrders } from "../../features/orders";
import { YourStores } from "../../features/stores";
import { useAuth } from "../../lib/auth";
import { useTranslation } from "../../lib/i18n";
import { useStores } from "../../lib/queries/stores";

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
