import { ChevronRight, Store } from "lucide-react";
import { Link, Navigate } from "react-router";
import { PageTitle } from "../../../components/page-title";
import { Button } from "../../../components/ui/button";
import { EmptyState } from "../../../components/ui/empty-state";
import { LoadFailed } from "../../../components/ui/load-failed";
import { PageSpinner } from "../../../components/ui/spinner";
import { useTranslation } from "../../../lib/i18n";
import { useStores } from "../../../lib/queries/stores";

/**
 * /market, the mobile menu's "Market mode": straight to the stall of a seller's only store, or a choice of
 * their stores when they have several.
 */
export function MarketStoreChoice() {
  const { t } = useTranslation();
  const stores = useStores();
  if (stores.isPending) return <PageSpinner label={t("common.loading")} />;
  if (stores.isError) return <LoadFailed onRetry={() => void stores.refetch()} />;
  const [only, ...others] = stores.data;
  if (only && others.length === 0) return <Navigate to={`/stores/${only.id}/market`} replace />;
  return (
    <div className="mx-auto grid w-full max-w-lg gap-6">
      <PageTitle title={t("market.title")} />
      <div className="grid gap-1">
        <h1 className="text-2xl font-semibold tracking-tight">{t("market.choose.title")}</h1>
        <p className="text-muted-foreground">{t("market.choose.text")}</p>
      </div>
      {stores.data.length === 0 ? (
        <EmptyState
          icon={Store}
          title={t("market.choose.none")}
          action={
            <Button asChild>
              <Link to="/create-store">{t("market.choose.create")}</Link>
            </Button>
          }
        />
      ) : (
        <ul className="grid gap-2">
          {stores.data.map((store) => (
            <li key={store.id}>
              <Link
                to={`/stores/${store.id}/market`}
                className="flex min-h-14 items-center gap-3 rounded-xl border bg-card px-4 py-3 font-medium transition-colors hover:border-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
              >
                <Store aria-hidden="true" className="size-5 text-muted-foreground" />
                <span className="min-w-0 flex-1 truncate">{store.name}</span>
                <ChevronRight aria-hidden="true" className="size-5 text-muted-foreground" />
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
