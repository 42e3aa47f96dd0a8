import { ExternalLink, Undo2 } from "lucide-react";
import { useState } from "react";
import type { SaleView } from "../../../../shared/market";
import { formatKrExact, lineTotal } from "../../../../shared/money";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "../../../components/ui/dialog";
import { useTranslation } from "../../../lib/i18n";
import { RefundDialog } from "./refund-dialog";
import { canRefund } from "./refund-preview";
import { osloTime, SALE_STATUS_BADGE } from "./sale-text";

interface SaleDetailDialogProps {
  sale: SaleView | null;
  onOpenChange: (open: boolean) => void;
}

/** One stall sale: its lines (and what went back of each), its money, its refunds, and Refund. */
export function SaleDetailDialog({ sale: given, onOpenChange }: SaleDetailDialogProps) {
  const { t, language } = useTranslation();
  const [refunding, setRefunding] = useState(false);
  // The sale as the last refund answered it, until the list has caught up.
  const [updated, setUpdated] = useState<SaleView | null>(null);
  const sale = updated && updated.id === given?.id ? updated : given;
  const kr = (amount: string) => formatKrExact(amount, language);
  const row = (label: string, amount: string, strong = false) => (
    <div
      className={strong ? "flex justify-between font-semibold" : "flex justify-between text-muted-foreground"}
    >
      <dt>{label}</dt>
      <dd className="tabular-nums">{amount}</dd>
    </div>
  );

  return (
    <Dialog open={sale !== null} onOpenChange={onOpenChange}>
      {sale && (
        <DialogContent className="max-w-md">
          <DialogHeader>
            <DialogTitle>
              {sale.receiptNumber === null
                ? t("marketSales.sale.titleUnnumbered")
                : t("marketSales.sale.title", { number: sale.receiptNumber })}
            </DialogTitle>
            <DialogDescription className="flex flex-wrap items-center gap-2">
              <span>
                {osloTime(sale.soldAt)} · {t(`marketSales.methods.${sale.payment.method}`)}
              </span>
              <Badge variant={SALE_STATUS_BADGE[sale.status]}>
                {t(`marketSales.statuses.${sale.status}`)}
              </Badge>
            </DialogDescription>
          </DialogHeader>
          <ul className="divide-y rounded-lg border text-sm">
            {sale.items.map((item) => (
              <li key={item.id} className="flex justify-between gap-3 p-3">
                <div className="min-w-0">
                  <p className="font-medium">
                    {item.qty} × {item.variantLabel ? `${item.title} (${item.variantLabel})` : item.title}
                  </p>
                  {item.refundedQty > 0 && (
                    <p className="text-muted-foreground">
                      {t("marketSales.sale.refundedQty", { count: item.refundedQty })}
                    </p>
                  )}
                </div>
                <span className="tabular-nums">{kr(lineTotal(item.unitPrice, item.qty))}</span>
              </li>
            ))}
          </ul>
          <dl className="space-y-1 text-sm">
            {sale.discountTotal !== "0.00" &&
              row(
                t("marketSales.sale.discount", { code: sale.discountCode ?? "" }),
                `−${kr(sale.discountTotal)}`,
              )}
            {sale.giftCardTotal !== "0.00" && row(t("marketSales.sale.giftCard"), kr(sale.giftCardTotal))}
            {row(t(`marketSales.methods.${sale.payment.method}`), kr(sale.total), true)}
            {sale.payment.change !== null &&
              sale.payment.amountGiven !== null &&
              row(
                t("marketSales.sale.cashGiven", { given: kr(sale.payment.amountGiven) }),
                t("marketSales.sale.change", { change: kr(sale.payment.change) }),
              )}
            {sale.refundedTotal !== "0.00" &&
              row(t("marketSales.sale.refunded"), `−${kr(sale.refundedTotal)}`)}
          </dl>
          {sale.refunds.length > 0 && (
            <section aria-labelledby="sale-refunds" className="space-y-2">
              <h3 id="sale-refunds" className="text-sm font-semibold">
                {t("marketSales.sale.refunds")}
              </h3>
              <ul className="space-y-1 text-sm">
                {sale.refunds.map((refund) => (
                  <li key={refund.id} className="flex justify-between gap-3">
                    <span>
                      {refund.receiptNumber === null
                        ? osloTime(refund.createdAt)
                        : t("marketSales.sale.refundReceipt", { number: refund.receiptNumber })}{" "}
                      · {t(`marketSales.refundMethods.${refund.method}`)}
                      {!refund.restocked && ` · ${t("marketSales.sale.notRestocked")}`}
                    </span>
                    <span className="tabular-nums">{kr(refund.amount)}</span>
                  </li>
                ))}
              </ul>
            </section>
          )}
          <div className="flex flex-wrap justify-end gap-2">
            {sale.receiptUrl && (
              <Button variant="outline" asChild>
                <a href={sale.receiptUrl} target="_blank" rel="noreferrer">
                  <ExternalLink aria-hidden="true" />
                  {t("marketSales.sale.receipt")}
                </a>
              </Button>
            )}
            {canRefund(sale) && (
              <Button onClick={() => setRefunding(true)}>
                <Undo2 aria-hidden="true" />
                {t("marketSales.sale.refund")}
              </Button>
            )}
          </div>
          {refunding && (
            <RefundDialog
              sale={sale}
              open={refunding}
              onOpenChange={setRefunding}
              onDone={(after) => {
                setUpdated(after);
                setRefunding(false);
              }}
            />
          )}
        </DialogContent>
      )}
    </Dialog>
  );
}
