import { PackageOpen, Plus } from "lucide-react";
import { Link } from "react-router";
import type { StoreSummary } from "../../../shared/store";
import { EmptyState } from "../../components/stores/empty-state";
import { LoadFailed } from "../../components/stores/load-failed";
import { Button } from "../../components/ui/button";
import { Spinner } from "../../components/ui/spinner";
import { useTranslation } from "../../lib/i18n";
import { useStoreProducts } from "../../lib/queries/stores";
import { FinnListingDialog } from "./finn-listing-dialog";
import { ProductCard } from "./product-card";

/** docs/product-spec.md 2.8 Products: the store's products (inactive ones marked) and the Finn.no listing. */
export function ProductsTab({ store }: { store: StoreSummary }) {
  const { t } = useTranslation();
  const products = useStoreProducts(store.id);
  const addProduct = (
    <Button asChild>
      <Link to={`/stores/${store.id}/add-product`}>
        <Plus aria-hidden="true" />
        {t("products.add")}
      </Link>
    </Button>
  );

  return (
    <div className="grid gap-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-lg font-semibold tracking-tight">
          {t("products.title")}
          {products.data && products.data.length > 0 && (
            <span className="ml-2 text-base font-normal text-muted-foreground tabular-nums">
              {products.data.length}
            </span>
          )}
        </h2>
        <FinnListingDialog storeId={store.id} />
      </div>
      {products.isPending ? (
        <div className="flex justify-center py-16">
          <Spinner label={t("common.loading")} className="size-7 text-primary" />
        </div>
      ) : products.isError ? (
        <LoadFailed onRetry={() => void products.refetch()} />
      ) : products.data.length === 0 ? (
        <EmptyState
          icon={PackageOpen}
          title={t("products.empty")}
          text={t("products.emptyText")}
          action={addProduct}
        />
      ) : (
        <ul className="grid grid-cols-2 gap-3 sm:gap-5 lg:grid-cols-3 xl:grid-cols-4">
          {products.data.map((product) => (
            <li key={product.id} className="flex">
              <ProductCard product={product} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
