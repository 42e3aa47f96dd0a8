import { ReceiptText, TriangleAlert } from "lucide-react";
import type { ReactNode } from "react";
import { SectionHeader } from "../../../components/section-header";
import { ListSpinner, ListState } from "../../../components/ui/list-state";
import { errorMessage } from "../../../lib/api";
import { useTranslation } from "../../../lib/i18n";
import { useRecentOrders } from "../api";
import { OrderRows, useOrderDialog } from "./order-list";

interface RecentOrdersProps {
  /** Section 4: the recent orders are asked for only once the user has a store. */
  hasStores: boolean;
  storesPending: boolean;
}

/** docs/product-spec.md 2.4 with decision 0014: the latest orders; a click opens the order dialog. */
export function RecentOrders({ hasStores, storesPending }: RecentOrdersProps) {
  const { t } = useTranslation();
  const recent = useRecentOrders(hasStores);
  const { view, dialog } = useOrderDialog();

  let body: ReactNode;
  if (storesPending || (hasStores && recent.isPending)) {
    body = <ListSpinner label={t("dashboardStats.loadingOrders")} />;
  } else if (recent.isError) {
    body = (
      <ListState
        icon={<TriangleAlert aria-hidden="true" />}
        title={errorMessage(recent.error, t("orders.loadFailed"))}
      />
    );
  } else if (!recent.data?.length) {
    body = <ListState icon={<ReceiptText aria-hidden="true" />} title={t("dashboardStats.noOrders")} />;
  } else {
    body = <OrderRows orders={recent.data} onView={view} />;
  }

  return (
    <section aria-labelledby="dashboard-orders" className="space-y-4">
      <SectionHeader
        id="dashboard-orders"
        title={t("dashboardStats.recentOrdersTitle")}
        link={{ to: "/orders", label: t("dashboardStats.viewAllOrders") }}
      />
      {body}
      {dialog}
    </section>
  );
}
