import type { UseQueryResult } from "@tanstack/react-query";
import { Plus, Store, TriangleAlert } from "lucide-react";
import { Link } from "react-router";
import type { StoreSummary } from "../../../../shared/store";
import { SectionHeader } from "../../../components/section-header";
import { Button } from "../../../components/ui/button";
import { ListSpinner, ListState } from "../../../components/ui/list-state";
import { errorMessage } from "../../../lib/api";
import { useTranslation } from "../../../lib/i18n";
import { StoreCard } from "./store-card";

/** The dashboard shows a few stores; "View all" leads to the rest. */
const SHOWN_STORES = 6;

/** docs/product-spec.md 2.4: "Your Stores", a grid of store cards without delete, or the way to a first store. */
export function YourStores({ query }: { query: UseQueryResult<StoreSummary[]> }) {
  const { t } = useTranslation();
  const { data: stores, error } = query;
  return (
    <section aria-labelledby="dashboard-stores" className="space-y-4">
      <SectionHeader
        id="dashboard-stores"
        title={t("dashboardStats.yourStores")}
        link={{ to: "/stores", label: t("dashboardStats.viewAll") }}
      />
      {error ? (
        <ListState
          icon={<TriangleAlert aria-hidden="true" />}
          title={errorMessage(error, t("dashboardStats.storesLoadFailed"))}
        />
      ) : !stores ? (
        <ListSpinner label={t("dashboardStats.loadingStores")} />
      ) : stores.length === 0 ? (
        <ListState icon={<Store aria-hidden="true" />} title={t("dashboardStats.noStores")}>
          <Button asChild>
            <Link to="/create-store">
              <Plus aria-hidden="true" />
              {t("dashboardStats.createFirstStore")}
            </Link>
          </Button>
        </ListState>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {stores.slice(0, SHOWN_STORES).map((store) => (
            <li key={store.id} className="grid">
              <StoreCard store={store} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
