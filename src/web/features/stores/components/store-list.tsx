import { Plus, Store } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import type { StoreSummary } from "../../../../shared/store";
import { PageHeader } from "../../../components/page-header";
import { DeleteStoreDialog } from "../../../components/stores/delete-store-dialog";
import { Button } from "../../../components/ui/button";
import { EmptyState } from "../../../components/ui/empty-state";
import { LoadFailed } from "../../../components/ui/load-failed";
import { PageSpinner } from "../../../components/ui/spinner";
import { useTranslation } from "../../../lib/i18n";
import { useStores } from "../../../lib/queries/stores";
import { StoreCard } from "./store-card";

/** docs/product-spec.md 2.7: the seller's stores, each with a delete behind "Are you sure?". */
export function StoreListPage() {
  const { t } = useTranslation();
  const stores = useStores();
  const [deleting, setDeleting] = useState<StoreSummary | null>(null);

  const createButton = (
    <Button asChild>
      <Link to="/create-store">
        <Plus aria-hidden="true" />
        {t("stores.createNew")}
      </Link>
    </Button>
  );

  return (
    <div className="space-y-8">
      <PageHeader
        title={t("stores.listTitle")}
        description={t("stores.listSubtitle")}
        actions={createButton}
      />
      {stores.isPending ? (
        <PageSpinner label={t("common.loading")} />
      ) : stores.isError ? (
        <LoadFailed onRetry={() => void stores.refetch()} />
      ) : stores.data.length === 0 ? (
        <EmptyState
          icon={Store}
          title={t("stores.empty")}
          text={t("stores.emptyText")}
          action={
            <Button asChild>
              <Link to="/create-store">
                <Plus aria-hidden="true" />
                {t("stores.createFirst")}
              </Link>
            </Button>
          }
        />
      ) : (
        <ul className="grid gap-5 sm:grid-cols-2 xl:grid-cols-3">
          {stores.data.map((store) => (
            <li key={store.id} className="flex">
              <StoreCard store={store} onDelete={() => setDeleting(store)} />
            </li>
          ))}
        </ul>
      )}
      <DeleteStoreDialog store={deleting} onClose={() => setDeleting(null)} />
    </div>
  );
}
