import { ExternalLink, SearchX } from "lucide-react";
import { Link } from "react-router";
import { shortOrderId } from "../../../../shared/order";
import { StatusBadge } from "../../../components/orders/status-badge";
import { Button } from "../../../components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "../../../components/ui/dialog";
import { Spinner } from "../../../components/ui/spinner";
import { ApiError, errorMessage } from "../../../lib/api";
import { useTranslation } from "../../../lib/i18n";
import { useOrder } from "../api";
import { OrderDetails } from "./order-details";
import { useDateTime } from "./order-format";

interface OrderDialogProps {
  /** Kept while the dialog closes, so its content does not vanish mid-animation. */
  orderId: string | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** docs/product-spec.md 2.10 and section 4: the order, its items, the status change and the status history. */
export function OrderDialog({ orderId, open, onOpenChange }: OrderDialogProps) {
  const { t } = useTranslation();
  const dateTime = useDateTime();
  const { data: order, error, isPending } = useOrder(open ? orderId : null);
  const number = orderId ? shortOrderId(orderId) : "";
  const notFound = error instanceof ApiError && error.status === 404;

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl gap-5">
        <DialogHeader>
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1.5">
            <DialogTitle>{t("orders.orderNumber", { number })}</DialogTitle>
            {order && <StatusBadge status={order.status} deliveryKind={order.delivery?.kind} />}
          </div>
          <DialogDescription>
            {order
              ? t("orders.placedAtStore", {
                  store: order.storeName || t("orders.defaultStore"),
                  date: dateTime(order.placedAt),
                })
              : t("orders.detailsDescription")}
          </DialogDescription>
        </DialogHeader>

        {order ? (
          <>
            <OrderDetails order={order} />
            <div className="flex justify-end border-t pt-4">
              <Button asChild variant="outline" size="sm">
                <Link to={`/order/${order.id}`} onClick={() => onOpenChange(false)}>
                  <ExternalLink aria-hidden="true" />
                  {t("orders.openPage")}
                </Link>
              </Button>
            </div>
          </>
        ) : error ? (
          <div className="flex flex-col items-center gap-3 py-8 text-center">
            <SearchX aria-hidden="true" className="size-8 text-muted-foreground" />
            <p className="font-medium">
              {notFound ? t("orders.orderNotFound") : errorMessage(error, t("orders.loadFailed"))}
            </p>
          </div>
        ) : (
          isPending && (
            <div className="flex justify-center py-12">
              <Spinner label={t("orders.loadingOrder")} className="size-6 text-primary" />
            </div>
          )
        )}
      </DialogContent>
    </Dialog>
  );
}
