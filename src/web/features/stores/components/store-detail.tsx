import {
  ExternalLink,
  Gift,
  Package,
  Plus,
  QrCode,
  ReceiptText,
  Settings,
  Tent,
  TicketPercent,
  Trash2,
} from "lucide-react";
import { type ComponentType, useEffect, useState } from "react";
import { Link, useLocation, useMatch, useNavigate, useParams, useSearchParams } from "react-router";
import type { StoreSummary } from "../../../../shared/store";
import { PageTitle } from "../../../components/page-title";
import { DeleteStoreDialog } from "../../../components/stores/delete-store-dialog";
import { StoreNotFound } from "../../../components/stores/store-not-found";
import { BackLink } from "../../../components/ui/back-link";
import { Button } from "../../../components/ui/button";
import { LoadFailed } from "../../../components/ui/load-failed";
import { PageSpinner } from "../../../components/ui/spinner";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../../components/ui/tabs";
import { ApiError } from "../../../lib/api";
import { useTranslation } from "../../../lib/i18n";
import { useStore } from "../../../lib/queries/stores";
import { CarrierSettingsCard } from "./carrier-settings-card";
import { DeliveryOptionsCard } from "./delivery-options-card";
import { DomainsCard } from "./domains-card";
import { EraseShopperCard } from "./erase-shopper-card";
import { LegalSettingsCard } from "./legal-settings-card";
import { OpenChecklist } from "./open-checklist";
import { OrdersTab } from "./orders-tab";
import { PaymentSettingsCard } from "./payment-settings-card";
import { ProductsTab } from "./products-tab";
import { SalesReportCard } from "./sales-report-card";
import { ShoppersCard } from "./shoppers-card";
import { storefrontPrefix } from "./slug-input";
import { SmsCard } from "./sms-card";
import { StoreImage } from "./store-image";
import { StoreSettingsCard } from "./store-settings-card";

const TABS = ["products", "settings", "orders", "discounts", "giftCards", "qr"] as const;
type Tab = (typeof TABS)[number];
const isTab = (value: string | null): value is Tab => TABS.some((tab) => tab === value);

/** docs/product-spec.md 2.8, at /stores/{id} and /store-edit/{id} (which opens on Settings). The tab lives in ?tab=. */
/**
 * The store's QR tab is the admin's QR screen (decision 0012), which belongs to another feature: the
 * route page (src/web/pages/stores/store-detail.tsx) hands it in, so the two features stay independent.
 */
export interface StoreDetailProps {
  qrCodesTab: ComponentType<{ storeId: string }>;
  /** The discounts feature's tab (decision 0076), handed in the same way. */
  discountsTab: ComponentType<{ storeId: string }>;
  /** The gift cards feature's tab (decision 0076), handed in the same way. */
  giftCardsTab: ComponentType<{ storeId: string }>;
  /** The market feature's notice of the cash-register rules and the MVA threshold (decision 0078). */
  thresholdsNotice?: ComponentType<{ storeId: string }>;
}

export function StoreDetailPage(tabs: StoreDetailProps) {
  const { t } = useTranslation();
  const { id = "" } = useParams();
  const store = useStore(id);

  if (store.isPending) return <PageSpinner label={t("common.loading")} />;
  if (store.isError) {
    if (store.error instanceof ApiError && store.error.status === 404) return <StoreNotFound />;
    return <LoadFailed onRetry={() => void store.refetch()} />;
  }
  return <StoreDetail store={store.data} {...tabs} />;
}

function StoreDetail({
  store,
  qrCodesTab: QrCodesTab,
  discountsTab: DiscountsTab,
  giftCardsTab: GiftCardsTab,
  thresholdsNotice: ThresholdsNotice,
}: { store: StoreSummary } & StoreDetailProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const editRoute = useMatch("/store-edit/:id");
  const [params, setParams] = useSearchParams();
  const [deleting, setDeleting] = useState(false);
  const requested = params.get("tab");
  const tab: Tab = isTab(requested) ? requested : editRoute ? "settings" : "products";
  const storefront = `/s/${store.slug}`;
  const { hash } = useLocation();

  // The checklist links to a section of the settings (#store-payment): it is there once the tab shows.
  useEffect(() => {
    if (hash.length > 1 && tab === "settings") document.getElementById(hash.slice(1))?.scrollIntoView();
  }, [hash, tab]);

  function changeTab(next: string) {
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        updated.set("tab", next);
        return updated;
      },
      { replace: true, preventScrollReset: true },
    );
  }

  return (
    <div className="space-y-8">
      <PageTitle title={store.name} />
      <div className="grid gap-4">
        <BackLink to="/stores">{t("stores.backToStores")}</BackLink>
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div className="flex min-w-0 items-center gap-4">
            <div className="hidden w-24 shrink-0 overflow-hidden rounded-lg border bg-muted sm:block">
              <StoreImage store={store} sizes="96px" />
            </div>
            <div className="min-w-0 space-y-1">
              <h1 className="text-2xl font-semibold tracking-tight break-words sm:text-3xl">{store.name}</h1>
              <p className="truncate text-sm text-muted-foreground">
                {storefrontPrefix()}
                {store.slug}
              </p>
            </div>
          </div>
          <div className="flex w-full flex-wrap gap-2 sm:w-auto">
            <Button asChild variant="outline" className="flex-1 sm:flex-none">
              <a href={storefront} target="_blank" rel="noopener noreferrer">
                <ExternalLink aria-hidden="true" />
                {t("stores.viewStorefront")}
                <span className="sr-only">{t("stores.opensInNewTab")}</span>
              </a>
            </Button>
            <Button asChild variant="outline" className="flex-1 sm:flex-none">
              <Link to={`/stores/${store.id}/market`}>
                <Tent aria-hidden="true" />
                {t("market.open")}
              </Link>
            </Button>
            <Button asChild variant="outline" className="flex-1 sm:flex-none">
              <Link to={`/stores/${store.id}/market/sales`}>
                <ReceiptText aria-hidden="true" />
                {t("marketSales.title")}
              </Link>
            </Button>
            <Button asChild className="flex-1 sm:flex-none">
              <Link to={`/stores/${store.id}/add-product`}>
                <Plus aria-hidden="true" />
                {t("products.add")}
              </Link>
            </Button>
            <Button
              variant="outline"
              onClick={() => setDeleting(true)}
              className="flex-1 text-error hover:bg-red-50 hover:text-error sm:flex-none dark:hover:bg-red-950/50"
            >
              <Trash2 aria-hidden="true" />
              {t("stores.deleteStore")}
            </Button>
          </div>
        </div>
      </div>

      <OpenChecklist store={store} />
      {ThresholdsNotice && <ThresholdsNotice storeId={store.id} />}

      <Tabs value={tab} onValueChange={changeTab}>
        {/* On a phone the tabs keep their words and the row scrolls sideways when they do not all fit. */}
        <TabsList className="w-full justify-start sm:w-auto">
          <TabsTrigger value="products" className="flex-1 px-2 sm:flex-none sm:px-3">
            <Package aria-hidden="true" className="hidden size-4 sm:block" />
            {t("stores.tabProducts")}
          </TabsTrigger>
          <TabsTrigger value="settings" className="flex-1 px-2 sm:flex-none sm:px-3">
            <Settings aria-hidden="true" className="hidden size-4 sm:block" />
            {t("stores.tabSettings")}
          </TabsTrigger>
          <TabsTrigger value="orders" className="flex-1 px-2 sm:flex-none sm:px-3">
            <ReceiptText aria-hidden="true" className="hidden size-4 sm:block" />
            {t("stores.tabOrders")}
          </TabsTrigger>
          <TabsTrigger value="discounts" className="flex-1 px-2 sm:flex-none sm:px-3">
            <TicketPercent aria-hidden="true" className="hidden size-4 sm:block" />
            {t("discounts.tab")}
          </TabsTrigger>
          <TabsTrigger value="giftCards" className="flex-1 px-2 sm:flex-none sm:px-3">
            <Gift aria-hidden="true" className="hidden size-4 sm:block" />
            {t("giftCards.tab")}
          </TabsTrigger>
          <TabsTrigger value="qr" className="flex-1 px-2 sm:flex-none sm:px-3">
            <QrCode aria-hidden="true" className="hidden size-4 sm:block" />
            {t("stores.tabQr")}
          </TabsTrigger>
        </TabsList>
        <TabsContent value="products" className="mt-6">
          {/* Keyed: another store's tab starts with its own search box, not the last store's words. */}
          <ProductsTab key={store.id} store={store} />
        </TabsContent>
        <TabsContent value="settings" className="mt-6 grid gap-6">
          <StoreSettingsCard store={store} />
          <DomainsCard storeId={store.id} slug={store.slug} />
          <ShoppersCard store={store} />
          <DeliveryOptionsCard storeId={store.id} />
          <CarrierSettingsCard storeId={store.id} />
          <LegalSettingsCard store={store} />
          <PaymentSettingsCard store={store} />
          <SmsCard store={store} />
          <EraseShopperCard store={store} />
        </TabsContent>
        <TabsContent value="orders" className="mt-6 grid gap-6">
          <OrdersTab storeId={store.id} />
          <SalesReportCard storeId={store.id} />
        </TabsContent>
        <TabsContent value="discounts" className="mt-6">
          <DiscountsTab storeId={store.id} />
        </TabsContent>
        <TabsContent value="giftCards" className="mt-6">
          <GiftCardsTab storeId={store.id} />
        </TabsContent>
        <TabsContent value="qr" className="mt-6">
          {/* The admin's QR screen itself (decision 0012), where the seller works in the store. */}
          <QrCodesTab storeId={store.id} />
        </TabsContent>
      </Tabs>

      <DeleteStoreDialog
        store={deleting ? store : null}
        onClose={() => setDeleting(false)}
        onDeleted={() => navigate("/stores")}
      />
    </div>
  );
}
