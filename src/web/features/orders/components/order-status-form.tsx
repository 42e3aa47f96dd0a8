import { zodResolver } from "@hookform/resolvers/zod";
import { Boxes, Info } from "lucide-react";
import { useId, useState } from "react";
import { Controller, useForm, useWatch } from "react-hook-form";
import {
  ORDER_STATUSES,
  type OrderStatus,
  type OrderView,
  orderStatusSchema,
} from "../../../../shared/order";
import { statusDotClass, useStatusLabel } from "../../../components/orders/status-badge";
import { Button } from "../../../components/ui/button";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { Input } from "../../../components/ui/input";
import { Label } from "../../../components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "../../../components/ui/select";
import { Spinner } from "../../../components/ui/spinner";
import { useSubmission } from "../../../hooks/use-submission";
import { useFormatters } from "../../../lib/format";
import { useTranslation } from "../../../lib/i18n";
import { cn } from "../../../lib/utils";
import { useUpdateOrderStatus } from "../api";
import {
  asksPieceBack,
  refundOnCancel,
  statusLocked,
  useMoneyConsequence,
  useStockConsequence,
} from "./order-payment";

/**
 * Section 4: any of the four statuses (D18); the button waits until a different one is chosen. Before the
 * change the form says what it does to the money and the stock, asks whether a piece that is away is
 * back, and a refund is confirmed with its amount (decision 0067).
 */
export function OrderStatusForm({ order }: { order: OrderView }) {
  const { t } = useTranslation();
  const { kr } = useFormatters();
  const statusLabel = useStatusLabel();
  const inSentence = useStatusLabel({ inSentence: true });
  const selectId = useId();
  const noticeId = useId();
  const pieceBackId = useId();
  const update = useUpdateOrderStatus();
  const { pending, submit } = useSubmission();
  const trackingId = useId();
  const [pieceBack, setPieceBack] = useState<boolean | undefined>(undefined);
  const [confirmRefund, setConfirmRefund] = useState<string | undefined>(undefined);
  const form = useForm<{ status: OrderStatus; trackingNumber?: string }>({
    resolver: zodResolver(orderStatusSchema),
    values: { status: order.status, trackingNumber: order.trackingNumber ?? "" },
  });
  const chosen = useWatch({ control: form.control, name: "status" });
  const tracking = useWatch({ control: form.control, name: "trackingNumber" }) ?? "";
  // A parcel being fulfilled asks for its tracking number (decision 0036); it can be added later too.
  const asksTracking = chosen === "fulfilled" && order.delivery?.kind !== "pickup";
  const trackingChanged = asksTracking && tracking.trim() !== (order.trackingNumber ?? "");
  const unchanged = chosen === order.status && !trackingChanged;
  const asksBack = asksPieceBack(order, chosen);
  const moneyNoticeId = useId();
  const stockNoticeId = useId();
  const consequence = useMoneyConsequence()(order, chosen);
  const stockConsequence = useStockConsequence()(order, chosen, asksBack ? pieceBack : undefined);
  const describedBy =
    [
      unchanged ? noticeId : undefined,
      consequence ? moneyNoticeId : undefined,
      stockConsequence ? stockNoticeId : undefined,
    ]
      .filter(Boolean)
      .join(" ") || undefined;

  const send = (values: { status: OrderStatus; trackingNumber?: string }) =>
    submit(() =>
      update.mutateAsync({
        id: order.id,
        status: values.status,
        ...(asksTracking ? { trackingNumber: values.trackingNumber } : {}),
        ...(asksPieceBack(order, values.status) ? { restock: pieceBack } : {}),
      }),
    );

  return (
    <form
      noValidate
      onSubmit={form.handleSubmit((values) => {
        // Money that goes back cannot be fetched again: the seller confirms the amount first.
        const refund = values.status === "cancelled" ? refundOnCancel(order) : undefined;
        if (refund !== undefined) setConfirmRefund(refund);
        else return send(values);
      })}
      className="grid gap-2"
    >
      <Label htmlFor={selectId} className="sr-only">
        {t("orders.statusLabel")}
      </Label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Controller
          control={form.control}
          name="status"
          render={({ field }) => (
            <Select
              value={field.value}
              onValueChange={(value) => {
                setPieceBack(undefined);
                field.onChange(value);
              }}
              disabled={pending}
            >
              <SelectTrigger
                id={selectId}
                ref={field.ref}
                onBlur={field.onBlur}
                aria-describedby={describedBy}
                className="sm:flex-1"
              >
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {ORDER_STATUSES.map((status) => (
                  <SelectItem key={status} value={status} disabled={statusLocked(order, status)}>
                    <span className="flex items-center gap-2">
                      <span
                        aria-hidden="true"
                        className={cn("size-2 rounded-full", statusDotClass(status))}
                      />
                      {statusLabel(status, order.delivery?.kind)}
                    </span>
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          )}
        />
        <Button type="submit" disabled={unchanged || pending || (asksBack && pieceBack === undefined)}>
          {pending && <Spinner />}
          {pending ? t("orders.updating") : t("orders.updateStatus")}
        </Button>
      </div>
      {asksBack && (
        <fieldset className="grid gap-2 rounded-md border px-3 py-2.5" aria-describedby={stockNoticeId}>
          <legend className="px-1 text-sm font-medium">{t("orders.pieceBack.legend")}</legend>
          {([true, false] as const).map((back) => (
            <label key={String(back)} className="flex items-start gap-2 text-sm">
              <input
                type="radio"
                name={pieceBackId}
                checked={pieceBack === back}
                onChange={() => setPieceBack(back)}
                disabled={pending}
                className="mt-0.5 size-4 accent-primary focus-visible:ring-2 focus-visible:ring-ring"
              />
              {back ? t("orders.pieceBack.yes") : t("orders.pieceBack.no")}
            </label>
          ))}
        </fieldset>
      )}
      {asksTracking && (
        <div className="grid gap-1.5">
          <Label htmlFor={trackingId}>{t("orders.trackingNumberOptional")}</Label>
          <Input
            id={trackingId}
            {...form.register("trackingNumber")}
            autoComplete="off"
            spellCheck={false}
            aria-describedby={`${trackingId}-hint`}
            aria-invalid={Boolean(form.formState.errors.trackingNumber)}
          />
          <p id={`${trackingId}-hint`} className="text-xs text-muted-foreground">
            {form.formState.errors.trackingNumber?.message
              ? t(form.formState.errors.trackingNumber.message)
              : t("orders.trackingHint")}
          </p>
        </div>
      )}
      {unchanged && (
        <p id={noticeId} className="flex items-center gap-1.5 text-sm text-muted-foreground">
          <Info aria-hidden="true" className="size-4 shrink-0" />
          {t("orders.statusAlreadySet", { status: inSentence(order.status, order.delivery?.kind) })}
        </p>
      )}
      {consequence && (
        <p
          id={moneyNoticeId}
          data-testid="money-consequence"
          className="flex items-start gap-1.5 rounded-md bg-muted px-3 py-2 text-sm"
        >
          <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {consequence}
        </p>
      )}
      {stockConsequence && (
        <p
          id={stockNoticeId}
          data-testid="stock-consequence"
          className="flex items-start gap-1.5 rounded-md bg-muted px-3 py-2 text-sm"
        >
          <Boxes aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {stockConsequence}
        </p>
      )}
      <ConfirmDialog
        open={confirmRefund !== undefined}
        onOpenChange={(open) => {
          if (!open) setConfirmRefund(undefined);
        }}
        title={t("orders.refundConfirm.title", { amount: kr(confirmRefund) })}
        description={t("orders.refundConfirm.text", { amount: kr(confirmRefund) })}
        confirmLabel={t("orders.refundConfirm.confirm", { amount: kr(confirmRefund) })}
        pendingLabel={t("orders.updating")}
        cancelLabel={t("orders.refundConfirm.keep")}
        pending={pending}
        destructive
        onConfirm={async () => {
          await send(form.getValues());
          setConfirmRefund(undefined);
        }}
      />
    </form>
  );
}
