import { useId } from "react";
import { useSearchParams } from "react-router";
import { PageHeader } from "../../../components/page-header";
import { Label } from "../../../components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "../../../components/ui/select";
import { backToFirstPage } from "../../../hooks/use-page-param";
import { useTranslation } from "../../../lib/i18n";
import { useStores } from "../../../lib/queries/stores";
import { OrderList } from "./order-list";

/** The store filter lives in the address (?store=<id>) next to the tab. */
const STORE_PARAM = "store";
const ALL_STORES = "all";

/** docs/product-spec.md 2.10: all orders of all your stores, filtered by store and status. */
export function OrdersPage() {
  const { t } = useTranslation();
  const { data: stores } = useStores();
  const [searchParams, setSearchParams] = useSearchParams();
  const filterId = useId();
  const param = searchParams.get(STORE_PARAM);
  // A store that is gone (deleted, or a stale link) falls back to all stores once the list is known.
  const storeId = param && (!stores || stores.some((store) => store.id === param)) ? param : undefined;

  function selectStore(next: string) {
    setSearchParams(
      (params) => {
        if (next === ALL_STORES) params.delete(STORE_PARAM);
        else params.set(STORE_PARAM, next);
        // Another store's list starts at its first page.
        return backToFirstPage(params);
      },
      { replace: true },
    );
  }

  const storeFilter = (
    <div className="flex items-center gap-2 md:w-64">
      <Label htmlFor={filterId} className="sr-only">
        {t("orders.storeFilterLabel")}
      </Label>
      <Select value={storeId ?? ALL_STORES} onValueChange={selectStore}>
        <SelectTrigger id={filterId}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value={ALL_STORES}>{t("orders.allStores")}</SelectItem>
          {stores?.map((store) => (
            <SelectItem key={store.id} value={store.id}>
              {store.name}
            </SelectItem>
          ))}
          {storeId && !stores && <SelectItem value={storeId}>{t("orders.defaultStore")}</SelectItem>}
        </SelectContent>
      </Select>
    </div>
  );

  return (
    <div className="space-y-6">
      <PageHeader title={t("orders.title")} description={t("orders.description")} />
      <OrderList storeId={storeId} toolbar={storeFilter} />
    </div>
  );
}
