import { ReceiptText, RotateCw, TriangleAlert } from "lucide-react";
import { type ReactNode, useState } from "react";
import { useSearchParams } from "react-router";
import { ORDER_STATUSES, type OrderStatus } from "../../../../shared/order";
import { isOrderStatus } from "../../../components/orders/status-badge";
import { Button } from "../../../components/ui/button";
import { Card } from "../../../components/ui/card";
import { ListSpinner, ListState } from "../../../components/ui/list-state";
import { Pager, useStayOnAPageWithRows } from "../../../components/ui/pager";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../../components/ui/tabs";
import { backToFirstPage, usePageParam } from "../../../hooks/use-page-param";
import { errorMessage } from "../../../lib/api";
import { useTranslation } from "../../../lib/i18n";
import { cn } from "../../../lib/utils";
import { ORDER_PAGE_SIZE, useOrderPage } from "../api";
import { OrderDialog } from "./order-dialog";
import { LabelCheckbox, type LabelSelection, PrintLabelsBar, useLabelSelection } from "./order-labels";
import { OrderRow, type OrderRowData } from "./order-row";

export const ORDER_TABS = ["all", ...ORDER_STATUSES] as const;
export type OrderTab = (typeof ORDER_TABS)[number];

/** The tab lives in the address (?status=paid), so a reload or a shared link keeps it. */
export const STATUS_PARAM = "status";

/** Opens the order dialog for one order; the id stays while the dialog animates closed. */
export function useOrderDialog() {
  const [orderId, setOrderId] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  return {
    view: (id: string) => {
      setOrderId(id);
      setOpen(true);
    },
    dialog: <OrderDialog orderId={orderId} open={open} onOpenChange={setOpen} />,
  };
}

/** Order rows in one card, divided by lines. */
export function OrderRows({
  orders,
  onView,
  labels,
}: {
  orders: OrderRowData[];
  onView: (id: string) => void;
  /** One store's list: its booked orders can be ticked to print their labels together. */
  labels?: LabelSelection;
}) {
  return (
    <Card className="overflow-hidden">
      <ul className="divide-y">
        {orders.map((order) => (
          <OrderRow
            key={order.id}
            order={order}
            onView={() => onView(order.id)}
            leading={
              labels && order.shipment ? <LabelCheckbox orderId={order.id} selection={labels} /> : undefined
            }
          />
        ))}
      </ul>
    </Card>
  );
}

interface OrdersPanelProps {
  tab: OrderTab;
  storeId?: string;
  storeScoped?: boolean;
  onView: (id: string) => void;
}

function OrdersPanel({ tab, storeId, storeScoped, onView }: OrdersPanelProps) {
  const { t } = useTranslation();
  const status: OrderStatus | undefined = tab === "all" ? undefined : tab;
  const [page, setPage] = usePageParam();
  const orders = useOrderPage({ storeId, status, storeScoped, page });
  const labels = useLabelSelection();
  const settled = orders.isSuccess && !orders.isPlaceholderData;
  useStayOnAPageWithRows(page, ORDER_PAGE_SIZE, settled ? orders.data.total : undefined, setPage);

  if (orders.isPending) return <ListSpinner label={t("orders.loading")} />;
  if (orders.isError) {
    return (
      <ListState
        icon={<TriangleAlert aria-hidden="true" />}
        title={errorMessage(orders.error, t("orders.loadFailed"))}
      >
        <Button variant="outline" size="sm" onClick={() => void orders.refetch()}>
          <RotateCw aria-hidden="true" />
          {t("orders.retry")}
        </Button>
      </ListState>
    );
  }
  if (orders.data.total === 0) {
    return (
      <ListState
        icon={<ReceiptText aria-hidden="true" />}
        title={t(`orders.empty.${tab}`)}
        description={tab === "all" ? t("orders.emptyHint") : undefined}
      />
    );
  }
  const stale = orders.isPlaceholderData;
  return (
    <div className="grid scroll-mt-24 gap-4">
      {storeScoped && storeId && <PrintLabelsBar storeId={storeId} selection={labels} />}
      {/* The page shown stays, dimmed, while the next one (or another filter's) is on its way. */}
      <div className={cn("transition-opacity", stale && "opacity-60")} aria-busy={stale || undefined}>
        <OrderRows orders={orders.data.items} onView={onView} labels={storeScoped ? labels : undefined} />
      </div>
      <Pager page={page} pageSize={ORDER_PAGE_SIZE} total={orders.data.total} onPageChange={setPage} />
    </div>
  );
}

interface OrderListProps {
  /** Only this store's orders. */
  storeId?: string;
  /** See OrderFilters.storeScoped. */
  storeScoped?: boolean;
  /** Controls shown next to the tabs (the store filter). */
  toolbar?: ReactNode;
}

/**
 * docs/product-spec.md 2.10: the five tabs, each filtering and paging on the server with its own empty text;
 * a click opens the order. Another tab starts at its first page.
 */
export function OrderList({ storeId, storeScoped, toolbar }: OrderListProps) {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const param = searchParams.get(STATUS_PARAM);
  const tab: OrderTab = isOrderStatus(param) ? param : "all";
  const { view, dialog } = useOrderDialog();

  function selectTab(next: string) {
    setSearchParams(
      (params) => {
        if (isOrderStatus(next)) params.set(STATUS_PARAM, next);
        else params.delete(STATUS_PARAM);
        return backToFirstPage(params);
      },
      { replace: true },
    );
  }

  return (
    <Tabs value={tab} onValueChange={selectTab}>
      <div className="flex flex-col-reverse gap-3 md:flex-row md:items-center md:justify-between">
        <TabsList
          aria-label={t("orders.tabsLabel")}
          className="h-auto w-full flex-wrap justify-start md:w-auto"
        >
          {ORDER_TABS.map((value) => (
            <TabsTrigger key={value} value={value}>
              {t(`orders.tabs.${value}`)}
            </TabsTrigger>
          ))}
        </TabsList>
        {toolbar}
      </div>
      {ORDER_TABS.map((value) => (
        <TabsContent key={value} value={value} className="focus-visible:outline-offset-4">
          <OrdersPanel tab={value} storeId={storeId} storeScoped={storeScoped} onView={view} />
        </TabsContent>
      ))}
      {dialog}
    </Tabs>
  );
}
