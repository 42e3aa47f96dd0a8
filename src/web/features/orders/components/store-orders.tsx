import { ArrowLeft } from "lucide-react";
import { Link, useParams } from "react-router";
import { PageHeader } from "../../../components/page-header";
import { Button } from "../../../components/ui/button";
import { PageSpinner } from "../../../components/ui/spinner";
import { ApiError } from "../../../lib/api";
import { useTranslation } from "../../../lib/i18n";
import { useStore } from "../../../lib/queries/stores";
import { MissingState } from "./missing-state";
import { OrderList } from "./order-list";

/** docs/product-spec.md 2.10: one store's orders, with the same tabs as /orders. */
export function StoreOrdersPage() {
  const { t } = useTranslation();
  const { id = "" } = useParams();
  const store = useStore(id);

  if (store.isPending) return <PageSpinner label={t("orders.loading")} />;
  if (store.isError) {
    const missing = store.error instanceof ApiError && store.error.status === 404;
    return (
      <MissingState
        title={missing ? t("orders.storeNotFound") : t("orders.storeLoadFailed")}
        text={missing ? t("orders.storeNotFoundText") : t("orders.loadFailedText")}
        action={
          <Button asChild>
            <Link to="/">{t("orders.returnToDashboard")}</Link>
          </Button>
        }
      />
    );
  }

  return (
    <div className="space-y-6">
      <div className="space-y-3">
        <Button asChild variant="ghost" size="sm" className="-ml-3 text-muted-foreground">
          <Link to={`/stores/${store.data.id}`}>
            <ArrowLeft aria-hidden="true" />
            {t("orders.backToStore")}
          </Link>
        </Button>
        <PageHeader
          title={t("orders.storeOrdersTitle", { store: store.data.name })}
          description={t("orders.storeDescription")}
        />
      </div>
      <OrderList storeId={store.data.id} storeScoped />
    </div>
  );
}
