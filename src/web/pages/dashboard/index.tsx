import { useTranslation } from "react-i18next";
import { PageHeader } from "../../components/page-header";
import { useAuth } from "../../lib/auth";
import { QuickActionsCard } from "./quick-actions-card";

/** The signed-in home page (spec 2.4): one section per block, stacked. */
export function DashboardPage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const firstName = user?.fullName.trim().split(/\s+/)[0] ?? "";

  return (
    <div className="space-y-8">
      <PageHeader title={t("dashboard.title")} description={t("dashboard.greeting", { name: firstName })} />
      <QuickActionsCard />
    </div>
  );
}
