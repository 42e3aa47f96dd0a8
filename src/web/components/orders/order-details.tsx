import { zodResolver } from "@hookform/resolvers/zod";
import { Boxes, Info, Mail, MapPin, Package, Phone, Store, Undo2, UserRound } from "lucide-react";
import { type ReactNode, useId, useState } from "react";
import { Controller, useForm, useWatch } from "react-hook-form";
import { formatKrExact, fromOre, toOre } from "../../../shared/money";
import {
  ORDER_STATUSES,
  type OrderStatus,
  type OrderStatusEventView,
  type OrderView,
  orderStatusSchema,
} from "../../../shared/order";
import { formatPhone } from "../../../shared/phone";
import { shipToLines } from "../../../shared/ship-to";
import { useSubmission } from "../../hooks/use-submission";
import { useFormatters } from "../../lib/format";
import { useTranslation } from "../../lib/i18n";
import { shownLineTotal, shownTotal } from "../../lib/money";
import { useUpdateOrderStatus } from "../../lib/queries/orders";
import { cn } from "../../lib/utils";
import { Button } from "../ui/button";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { Input } from "../ui/input";
import { Label } from "../ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "../ui/select";
import { Spinner } from "../ui/spinner";
import { useDateTime } from "./order-format";
import {
  asksPieceBack,
  OrderPayment,
  refundOnCancel,
  statusLocked,
  useMoneyConsequence,
  useStockConsequence,
} from "./order-payment";
import { statusDotClass, useStatusLabel } from "./status-badge";

function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, "")}`;
}

function BuyerLine({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <div className="flex min-w-0 gap-3">
      <dt className="mt-0.5 shrink-0 text-muted-foreground [&_svg]:size-4">
        {icon}
        <span className="sr-only">{label}</span>
      </dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  );
}

/** Name, email, phone (a tel: link) and address of whoever placed the order. */
export function OrderBuyer({ order }: { order: OrderView }) {
  const { t } = useTranslation();
  const address = shipToLines(order.shipToAddr);
  const link = "text-primary underline-offset-4 hover:underline";
  return (
    <dl className="grid gap-2.5 text-sm">
      <BuyerLine icon={<UserRound aria-hidden="true" />} label={t("orders.buyerName")}>
        <span className="font-medium">{order.shipToName || t("orders.defaultCustomer")}</span>
      </BuyerLine>
      {order.buyerEmail && (
        <BuyerLine icon={<Mail aria-hidden="true" />} label={t("orders.buyerEmail")}>
          <a href={`mailto:${order.buyerEmail}`} className={link}>
            {order.buyerEmail}
          </a>
        </BuyerLine>
      )}
      {order.shipToPhone && (
        <BuyerLine icon={<Phone aria-hidden="true" />} label={t("orders.buyerPhone")}>
          <a href={telHref(order.shipToPhone)} className={cn(link, "tabular-nums")}>
            {formatPhone(order.shipToPhone)}
          </a>
        </BuyerLine>
      )}
      <BuyerLine icon={<MapPin aria-hidden="true" />} label={t("orders.buyerAddress")}>
        {address.length > 0 ? (
          <address className="not-italic">
            {address.map((line) => (
              <span key={line} className="block">
                {line}
              </span>
            ))}
          </address>
        ) : (
          <span className="text-muted-foreground">{t("orders.noAddress")}</span>
        )}
      </BuyerLine>
    </dl>
  );
}

/** docs/product-spec.md 2.10: product title, unit price and quantity, with line totals and the order total. */
export function OrderItems({ order }: { order: OrderView }) {
  const { t, language } = useTranslation();
  const { kr } = useFormatters();
  // The lines as shown plus the delivery the order was charged (decision 0036).
  const total = kr(fromOre(toOre(shownTotal(order.items)) + toOre(order.delivery?.price ?? "0")));
  const deliveryPrice =
    order.delivery && Number(order.delivery.price) === 0
      ? t("orders.deliveryFree")
      : kr(order.delivery?.price);
  const title = (item: OrderView["items"][number]) =>
    item.variantLabel ? `${item.title} (${item.variantLabel})` : item.title;

  return (
    <div className="text-sm">
      <table className="hidden w-full sm:table">
        <thead>
          <tr className="border-b text-left text-xs text-muted-foreground">
            <th scope="col" className="pb-2 font-medium">
              {t("orders.product")}
            </th>
            <th scope="col" className="pb-2 text-right font-medium">
              {t("orders.unitPrice")}
            </th>
            <th scope="col" className="pb-2 text-right font-medium">
              {t("orders.qty")}
            </th>
            <th scope="col" className="pb-2 text-right font-medium">
              {t("orders.lineTotal")}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y">
          {order.items.map((item) => (
            <tr key={item.id}>
              <td className="py-2.5 pr-4 font-medium">{title(item)}</td>
              <td className="py-2.5 pl-2 text-right whitespace-nowrap tabular-nums">{kr(item.unitPrice)}</td>
              <td className="py-2.5 pl-2 text-right tabular-nums">{item.qty}</td>
              <td className="py-2.5 pl-2 text-right whitespace-nowrap tabular-nums">
                {kr(shownLineTotal(item.unitPrice, item.qty))}
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          {order.delivery && (
            <tr className="border-t">
              <th scope="row" colSpan={3} className="pt-2.5 text-left font-medium">
                {order.delivery.name}
              </th>
              <td className="pt-2.5 text-right whitespace-nowrap tabular-nums">{deliveryPrice}</td>
            </tr>
          )}
          <tr className="border-t">
            <th scope="row" colSpan={3} className="pt-3 text-left font-semibold">
              {t("orders.orderTotal")}
            </th>
            <td className="pt-3 text-right text-base font-semibold whitespace-nowrap tabular-nums">
              {total}
            </td>
          </tr>
          {order.vat.map((vat) => (
            <tr key={vat.rate}>
              <th
                scope="row"
                colSpan={3}
                className="pt-1 text-left text-xs font-normal text-muted-foreground"
              >
                {t("orders.vatIncluded", { rate: vat.rate })}
              </th>
              <td className="pt-1 text-right text-xs whitespace-nowrap text-muted-foreground tabular-nums">
                {formatKrExact(vat.amount, language)}
              </td>
            </tr>
          ))}
        </tfoot>
      </table>

      <ul className="divide-y sm:hidden">
        {order.items.map((item) => (
          <li key={item.id} className="flex items-start justify-between gap-4 py-2.5 first:pt-0">
            <div className="min-w-0">
              <p className="font-medium break-words">{title(item)}</p>
              <p className="text-muted-foreground tabular-nums">
                {t("orders.qtyTimesPrice", { qty: item.qty, price: kr(item.unitPrice) })}
              </p>
            </div>
            <p className="whitespace-nowrap tabular-nums">{kr(shownLineTotal(item.unitPrice, item.qty))}</p>
          </li>
        ))}
      </ul>
      {order.delivery && (
        <p className="flex items-center justify-between gap-4 border-t py-2.5 sm:hidden">
          <span>{order.delivery.name}</span>
          <span className="tabular-nums">{deliveryPrice}</span>
        </p>
      )}
      <p className="flex items-center justify-between gap-4 border-t pt-3 font-semibold sm:hidden">
        <span>{t("orders.orderTotal")}</span>
        <span className="text-base tabular-nums">{total}</span>
      </p>
      {order.vat.map((vat) => (
        <p key={vat.rate} className="flex justify-between gap-4 pt-1 text-xs text-muted-foreground sm:hidden">
          <span>{t("orders.vatIncluded", { rate: vat.rate })}</span>
          <span className="tabular-nums">{formatKrExact(vat.amount, language)}</span>
        </p>
      ))}
    </div>
  );
}

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

/** Who changed the status and when, oldest first; the first event is the order being placed. */
export function OrderHistory({ order }: { order: OrderView }) {
  const { t } = useTranslation();
  const { relative } = useFormatters();
  const dateTime = useDateTime();
  const statusLabel = useStatusLabel();
  const events = [...(order.history ?? [])].sort((a, b) => a.changedAt.localeCompare(b.changedAt));

  function describe(event: OrderStatusEventView): string {
    const name = event.changedBy?.fullName;
    if (event.actor === "provider" && event.toStatus === "paid") return t("orders.payment.paidByProvider");
    if (event.actor === "expiry") return t("orders.payment.expiredUnpaid");
    if (!event.fromStatus) return name ? t("orders.placedBy", { name }) : t("orders.placedByShopper");
    const kind = order.delivery?.kind;
    const values = { from: statusLabel(event.fromStatus, kind), to: statusLabel(event.toStatus, kind), name };
    return name ? t("orders.changedBy", values) : t("orders.changed", values);
  }

  if (events.length === 0) {
    return <p className="text-sm text-muted-foreground">{t("orders.noHistory")}</p>;
  }
  return (
    <ol className="grid text-sm">
      {events.map((event, index) => (
        <li key={event.id} className="relative flex gap-3 pb-4 last:pb-0">
          {index < events.length - 1 && (
            <span aria-hidden="true" className="absolute top-4 bottom-0 left-[4.5px] w-px bg-border" />
          )}
          <span
            aria-hidden="true"
            className={cn("mt-1.5 size-2.5 shrink-0 rounded-full", statusDotClass(event.toStatus))}
          />
          <p className="min-w-0">
            <span>{describe(event)}</span>
            <span className="text-muted-foreground">
              {" · "}
              <time dateTime={event.changedAt} title={dateTime(event.changedAt)}>
                {relative(event.changedAt)}
              </time>
            </span>
          </p>
        </li>
      ))}
    </ol>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="grid gap-3 border-t pt-5">
      <h3 className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">{title}</h3>
      {children}
    </section>
  );
}

/** How the order is delivered: the option as ordered, and the parcel's tracking number once added. */
export function OrderDelivery({ order }: { order: OrderView }) {
  const { t } = useTranslation();
  if (!order.delivery) return <p className="text-sm text-muted-foreground">{t("orders.noDelivery")}</p>;
  const pickup = order.delivery.kind === "pickup";
  return (
    <dl className="grid gap-2.5 text-sm">
      <BuyerLine
        icon={pickup ? <Store aria-hidden="true" /> : <Package aria-hidden="true" />}
        label={t("orders.delivery")}
      >
        <span className="font-medium">{order.delivery.name}</span>
        <span className="text-muted-foreground">
          {" · "}
          {pickup ? t("orders.deliveryPickup") : t("orders.deliveryParcel")}
        </span>
      </BuyerLine>
      {!pickup && (
        <BuyerLine icon={<Info aria-hidden="true" />} label={t("orders.trackingNumber")}>
          {order.trackingNumber ? (
            <span>
              {t("orders.trackingNumber")}: <span className="font-mono">{order.trackingNumber}</span>
            </span>
          ) : (
            <span className="text-muted-foreground">{t("orders.noTracking")}</span>
          )}
        </BuyerLine>
      )}
    </dl>
  );
}

/** The order dialog's body: customer, items, the status change and its history, one section each. */
/** The shopper used the angrerett from their order page (decision 0037): the seller must act on it. */
export function WithdrawnNotice({ order }: { order: OrderView }) {
  const { t } = useTranslation();
  const dateTime = useDateTime();
  if (!order.withdrawnAt) return null;
  return (
    <div
      data-testid="order-withdrawn"
      className="flex gap-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
    >
      <Undo2 aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <p>
        <span className="font-semibold">{t("orders.withdrawnTitle")}</span>{" "}
        {t("orders.withdrawnText", { date: dateTime(order.withdrawnAt) })}
      </p>
    </div>
  );
}

export function OrderDetails({ order }: { order: OrderView }) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-5">
      <WithdrawnNotice order={order} />
      <Section title={t("orders.customer")}>
        <OrderBuyer order={order} />
      </Section>
      <Section title={t("orders.delivery")}>
        <OrderDelivery order={order} />
      </Section>
      <Section title={t("orders.items")}>
        <OrderItems order={order} />
      </Section>
      <Section title={t("orders.payment.title")}>
        <OrderPayment order={order} />
      </Section>
      <Section title={t("orders.changeStatus")}>
        <OrderStatusForm order={order} />
      </Section>
      <Section title={t("orders.history")}>
        <OrderHistory order={order} />
      </Section>
    </div>
  );
}
