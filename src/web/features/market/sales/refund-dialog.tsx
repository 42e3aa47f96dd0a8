import { Minus, Plus, Undo2 } from "lucide-react";
import { useId, useMemo, useState } from "react";
import type { SaleView } from "../../../../shared/market";
import { formatKrExact } from "../../../../shared/money";
import { Button } from "../../../components/ui/button";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../../../components/ui/dialog";
import { Label } from "../../../components/ui/label";
import { Switch } from "../../../components/ui/switch";
import { errorMessage } from "../../../lib/api";
import { useTranslation } from "../../../lib/i18n";
import { useRefundSale } from "./api";
import { piecesLeft, previewRefund } from "./refund-preview";
import { newClientRefundId } from "./sale-text";

interface RefundDialogProps {
  sale: SaleView;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onDone: (sale: SaleView) => void;
}

/**
 * A return at the stall: the seller picks lines and pieces (everything left to start with), says whether
 * they go back into stock, sees the amount and how it goes back (onto the gift card, then cash, the card
 * terminal or Vipps) by the server's own rule, and confirms. The refund's id is made when the dialog
 * opens, so pressing confirm again after a lost answer is the same refund.
 */
export function RefundDialog({ sale, open, onOpenChange, onDone }: RefundDialogProps) {
  const { t, language } = useTranslation();
  const left = useMemo(() => piecesLeft(sale), [sale]);
  const [chosen, setChosen] = useState(() => new Map(left));
  const [restock, setRestock] = useState(true);
  const [confirming, setConfirming] = useState(false);
  const [clientRefundId] = useState(newClientRefundId);
  const refund = useRefundSale(sale.storeId);
  const restockId = useId();
  const preview = previewRefund(sale, chosen);
  const kr = (amount: string) => formatKrExact(amount, language);

  function setQty(itemId: string, qty: number) {
    setChosen((current) => new Map(current).set(itemId, Math.max(0, Math.min(qty, left.get(itemId) ?? 0))));
  }

  function send() {
    const lines = [...chosen.entries()]
      .filter(([, qty]) => qty > 0)
      .map(([itemId, qty]) => ({ itemId, qty }));
    refund.mutate(
      { saleId: sale.id, body: { clientRefundId, lines, restock } },
      {
        onSuccess: (updated) => {
          setConfirming(false);
          onDone(updated);
        },
        onError: () => setConfirming(false),
      },
    );
  }

  const methodText = preview
    ? t(`marketSales.refund.back.${preview.method}`, { amount: kr(preview.byMethod) })
    : "";

  return (
    <Dialog open={open} onOpenChange={(next) => !refund.isPending && onOpenChange(next)}>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>{t("marketSales.refund.title", { number: sale.receiptNumber ?? "" })}</DialogTitle>
          <DialogDescription>{t("marketSales.refund.description")}</DialogDescription>
        </DialogHeader>
        <ul className="divide-y rounded-lg border">
          {sale.items.map((item) => {
            const max = left.get(item.id) ?? 0;
            const qty = chosen.get(item.id) ?? 0;
            const title = item.variantLabel ? `${item.title} (${item.variantLabel})` : item.title;
            return (
              <li key={item.id} className="flex items-center gap-3 p-3">
                <div className="min-w-0 flex-1">
                  <p className="truncate font-medium">{title}</p>
                  <p className="text-sm text-muted-foreground">
                    {max === 0
                      ? t("marketSales.refund.allBack")
                      : t("marketSales.refund.leftOf", { left: max, qty: item.qty })}
                  </p>
                </div>
                {max > 0 && (
                  <div className="flex items-center gap-1">
                    <Button
                      variant="outline"
                      size="icon"
                      aria-label={t("marketSales.refund.fewer", { title })}
                      disabled={qty === 0}
                      onClick={() => setQty(item.id, qty - 1)}
                    >
                      <Minus aria-hidden="true" />
                    </Button>
                    <output className="w-8 text-center font-semibold tabular-nums" aria-live="polite">
                      {qty}
                    </output>
                    <Button
                      variant="outline"
                      size="icon"
                      aria-label={t("marketSales.refund.more", { title })}
                      disabled={qty >= max}
                      onClick={() => setQty(item.id, qty + 1)}
                    >
                      <Plus aria-hidden="true" />
                    </Button>
                  </div>
                )}
              </li>
            );
          })}
        </ul>
        <div className="flex items-center justify-between gap-3">
          <Label htmlFor={restockId} className="font-normal">
            {t("marketSales.refund.restock")}
          </Label>
          <Switch id={restockId} checked={restock} onCheckedChange={setRestock} />
        </div>
        <div className="rounded-lg bg-muted p-4" aria-live="polite">
          {preview ? (
            <>
              <p className="flex items-baseline justify-between gap-3">
                <span className="text-sm text-muted-foreground">{t("marketSales.refund.amount")}</span>
                <span className="text-2xl font-semibold tabular-nums">{kr(preview.amount)}</span>
              </p>
              <ul className="mt-2 space-y-1 text-sm">
                {preview.giftCard !== "0.00" && (
                  <li>{t("marketSales.refund.back.giftCard", { amount: kr(preview.giftCard) })}</li>
                )}
                {preview.byMethod !== "0.00" && <li>{methodText}</li>}
              </ul>
            </>
          ) : (
            <p className="text-sm text-muted-foreground">{t("marketSales.refund.chooseLines")}</p>
          )}
        </div>
        {refund.isError && (
          <p role="alert" className="text-sm font-medium text-error">
            {errorMessage(refund.error, t("marketSales.refund.failed"))}
          </p>
        )}
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={refund.isPending}>
            {t("common.cancel")}
          </Button>
          <Button disabled={!preview || refund.isPending} onClick={() => setConfirming(true)}>
            <Undo2 aria-hidden="true" />
            {t("marketSales.refund.submit")}
          </Button>
        </DialogFooter>
      </DialogContent>
      {preview && (
        <ConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          title={t("marketSales.refund.confirmTitle", { amount: kr(preview.amount) })}
          description={[
            preview.giftCard !== "0.00"
              ? t("marketSales.refund.back.giftCard", { amount: kr(preview.giftCard) })
              : "",
            preview.byMethod !== "0.00" ? methodText : "",
            restock ? t("marketSales.refund.confirmRestock") : t("marketSales.refund.confirmNoRestock"),
          ]
            .filter(Boolean)
            .join(" ")}
          confirmLabel={t("marketSales.refund.confirm")}
          pendingLabel={t("marketSales.refund.sending")}
          pending={refund.isPending}
          onConfirm={send}
        />
      )}
    </Dialog>
  );
}
