import { ArrowLeft } from "lucide-react";
import type { ReactNode } from "react";
import { Link, useParams } from "react-router";
import { shortOrderId } from "../../../../shared/order";
import { StatusBadge } from "../../../components/orders/status-badge";
import { PageHeader } from "../../../components/page-header";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card";
import { PageSpinner } from "../../../components/ui/spinner";
import { ApiError } from "../../../lib/api";
import { useTranslation } from "../../../lib/i18n";
import { useOrder } from "../api";
import { MissingState } from "./missing-state";
import { OrderBuyer, OrderHistory, WithdrawnNotice } from "./order-details";
import { useDateTime } from "./order-format";
import { OrderItems } from "./order-items";
import { OrderPayment } from "./order-payment";
import { OrderStatusForm } from "./order-status-form";

function Panel({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between gap-3 pb-4">
        <CardTitle className="text-base">{title}</CardTitle>
        {action}
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

/** /order/{id}: the order dialog's content as a page, reached from notifications and the admin dashboard. */
export function OrderPage() {
  const { t } = useTranslation();
  const dateTime = useDateTime();
  const { id = "" } = useParams();
  const { data: order, error, isPending } = useOrder(id);

  if (isPending) return <PageSpinner label={t("orders.loadingOrder")} />;
  if (error || !order) {
    const missing = error instanceof ApiError && (error.status === 404 || error.status === 400);
    return (
      <MissingState
        title={missing ? t("orders.orderNotFound") : t("orders.orderLoadFailed")}
        text={missing ? t("orders.orderNotFoundText") : t("orders.loadFailedText")}
        action={
          <Button asChild>
            <Link to="/orders">{t("orders.viewAllOrders")}</Link>
          </Button>
        }
      />
    );
  }

  return (
    <div className="space-y-6">
      <div className="space-y-3">
        <Button asChild variant="ghost" size="sm" className="-ml-3 text-muted-foreground">
          <Link to="/orders">
            <ArrowLeft aria-hidden="true" />
            {t("orders.backToOrders")}
          </Link>
        </Button>
        <PageHeader
          title={t("orders.orderNumber", { number: shortOrderId(order.id) })}
          description={t("orders.placedAtStore", {
            store: order.storeName || t("orders.defaultStore"),
            date: dateTime(order.placedAt),
          })}
        />
      </div>
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="grid gap-6">
          <WithdrawnNotice order={order} />
          <Panel title={t("orders.items")}>
            <OrderItems order={order} />
          </Panel>
          <Panel title={t("orders.customer")}>
            <OrderBuyer order={order} />
          </Panel>
        </div>
        <div className="grid gap-6">
          <Panel title={t("orders.payment.title")}>
            <OrderPayment order={order} />
          </Panel>
          <Panel
            title={t("orders.changeStatus")}
            action={<StatusBadge status={order.status} deliveryKind={order.delivery?.kind} />}
          >
            <OrderStatusForm order={order} />
          </Panel>
          <Panel title={t("orders.history")}>
            <OrderHistory order={order} />
          </Panel>
        </div>
      </div>
    </div>
  );
}
