import { Info, Mail, MapPin, Package, Phone, Store, Undo2, UserRound } from "lucide-react";
import type { ReactNode } from "react";
import type { OrderStatusEventView, OrderView } from "../../../../shared/order";
import { formatPhone } from "../../../../shared/phone";
import { shipToLines } from "../../../../shared/ship-to";
import { statusDotClass, useStatusLabel } from "../../../components/orders/status-badge";
import { useFormatters } from "../../../lib/format";
import { useTranslation } from "../../../lib/i18n";
import { cn } from "../../../lib/utils";
import { useDateTime } from "./order-format";
import { OrderItems } from "./order-items";
import { OrderPayment } from "./order-payment";
import { OrderShipment } from "./order-shipment";
import { OrderStatusForm } from "./order-status-form";

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
      {/* A parcel booked through Torg shows its tracking number, linked, under Shipping. */}
      {!pickup && !order.shipment && (
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
      <OrderShipment order={order} />
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
