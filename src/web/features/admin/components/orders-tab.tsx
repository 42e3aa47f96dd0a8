import { Eye, ReceiptText } from "lucide-react";
import { shortOrderId } from "../../../../shared/order";
import { PaymentBadge } from "../../../components/orders/payment-badge";
import { StatusBadge } from "../../../components/orders/status-badge";
import { useFormatters } from "../../../lib/format";
import { useTranslation } from "../../../lib/i18n";
import { AdminTable } from "./admin-list";
import { useAdminFormatters } from "./format";
import { RowAction } from "./row-action";

/** docs/product-spec.md 2.16 Orders: the id's first 8 characters, store, amount in whole kroner, status, date; view. */
export function OrdersTab() {
  const { t } = useTranslation();
  const { kr } = useFormatters();
  const { date } = useAdminFormatters();

  return (
    <AdminTable
      list="orders"
      empty={{
        icon: <ReceiptText aria-hidden="true" />,
        title: t("admin.orders.empty"),
        text: t("admin.orders.emptyText"),
      }}
      caption={t("admin.orders.caption")}
      rowKey={(order) => order.id}
      columns={[
        {
          key: "order",
          header: t("admin.orders.order"),
          className: "whitespace-nowrap",
          cell: (order) => <span className="font-mono">#{shortOrderId(order.id)}</span>,
        },
        { key: "store", header: t("admin.orders.store"), cell: (order) => order.storeName },
        {
          key: "amount",
          header: t("admin.orders.amount"),
          className: "text-right whitespace-nowrap tabular-nums",
          cell: (order) => kr(order.totalGross),
        },
        {
          key: "status",
          header: t("admin.orders.status"),
          cell: (order) => <StatusBadge status={order.status} deliveryKind={order.delivery?.kind} />,
        },
        {
          key: "payment",
          header: t("admin.orders.payment"),
          cell: (order) => <PaymentBadge payment={order.payment} orderStatus={order.status} />,
        },
        {
          key: "date",
          header: t("admin.orders.date"),
          className: "whitespace-nowrap",
          cell: (order) => <time dateTime={order.placedAt}>{date(order.placedAt)}</time>,
        },
      ]}
      actions={{
        header: t("admin.actions"),
        cell: (order, layout) => (
          <RowAction
            layout={layout}
            icon={Eye}
            text={t("admin.view")}
            label={t("admin.orders.viewNamed", { number: shortOrderId(order.id) })}
            to={`/order/${order.id}`}
          />
        ),
      }}
    />
  );
}
