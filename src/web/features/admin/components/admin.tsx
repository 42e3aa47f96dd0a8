import type { LucideIcon } from "lucide-react";
import { Bot, House, Mail, Package, Plus, QrCode, ReceiptText, Sparkles, Store } from "lucide-react";
import type { ComponentType } from "react";
import { Link, useSearchParams } from "react-router";
import { ADMIN_LISTS, type AdminListName } from "../../../../shared/admin";
import { PageHeader } from "../../../components/page-header";
import { Button } from "../../../components/ui/button";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../../components/ui/tabs";
import { useAuth } from "../../../lib/auth";
import { useTranslation } from "../../../lib/i18n";
import { AiLogsTab } from "./ai-logs-tab";
import { EmailLogsTab } from "./email-logs-tab";
import { OrdersTab } from "./orders-tab";
import { ProductsTab } from "./products-tab";
import { QrCodesTab } from "./qr-codes-tab";
import { StoresTab } from "./stores-tab";

const TAB_PARAM = "tab";

const TABS: Record<AdminListName, { label: string; icon: LucideIcon; panel: ComponentType }> = {
  stores: { label: "admin.tabs.stores", icon: Store, panel: StoresTab },
  products: { label: "admin.tabs.products", icon: Package, panel: ProductsTab },
  orders: { label: "admin.tabs.orders", icon: ReceiptText, panel: OrdersTab },
  "ai-logs": { label: "admin.tabs.aiLogs", icon: Bot, panel: AiLogsTab },
  "email-logs": { label: "admin.tabs.emailLogs", icon: Mail, panel: EmailLogsTab },
  "qr-codes": { label: "admin.tabs.qrCodes", icon: QrCode, panel: QrCodesTab },
};

const isTab = (value: string | null): value is AdminListName => ADMIN_LISTS.some((tab) => tab === value);

/**
 * docs/product-spec.md 2.16 with decision 0004, decision 0010 and decision 0012: five server-paged lists of what the signed-in user may see (all of
 * Torg for a platform admin). The tab lives in ?tab=, so a reload or a shared link keeps it.
 */
export function AdminPage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const [params, setParams] = useSearchParams();
  const requested = params.get(TAB_PARAM);
  const tab: AdminListName = isTab(requested) ? requested : "stores";

  function changeTab(next: string) {
    // Each list starts on its first page.
    setParams({ [TAB_PARAM]: next }, { replace: true });
  }

  return (
    <div className="space-y-6">
      <PageHeader
        title={t("admin.title")}
        description={user?.isAdmin ? t("admin.descriptionPlatform") : t("admin.descriptionOwn")}
        actions={
          <>
            <Button asChild variant="outline">
              <Link to="/">
                <House aria-hidden="true" />
                {t("admin.backHome")}
              </Link>
            </Button>
            <Button asChild variant="outline">
              <Link to="/quick-create">
                <Sparkles aria-hidden="true" />
                {t("admin.quickCreate")}
              </Link>
            </Button>
            <Button asChild>
              <Link to="/store-create">
                <Plus aria-hidden="true" />
                {t("admin.newStore")}
              </Link>
            </Button>
          </>
        }
      />
      <Tabs value={tab} onValueChange={changeTab}>
        <TabsList
          aria-label={t("admin.tabsLabel")}
          className="h-auto w-full flex-wrap justify-start md:w-auto"
        >
          {ADMIN_LISTS.map((value) => {
            const Icon = TABS[value].icon;
            return (
              <TabsTrigger key={value} value={value}>
                <Icon aria-hidden="true" className="size-4" />
                {t(TABS[value].label)}
              </TabsTrigger>
            );
          })}
        </TabsList>
        {ADMIN_LISTS.map((value) => {
          const Panel = TABS[value].panel;
          return (
            <TabsContent key={value} value={value} className="mt-5 focus-visible:outline-offset-4">
              <Panel />
            </TabsContent>
          );
        })}
      </Tabs>
    </div>
  );
}
