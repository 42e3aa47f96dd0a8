import { MapPin, Package, Truck } from "lucide-react";
import { useId, useState } from "react";
import type { OrderView } from "../../../../shared/order";
import { shipToLines } from "../../../../shared/ship-to";
import { BRING_SERVICES, type BringServiceCode, isPickupService } from "../../../../shared/shipping";
import { Button } from "../../../components/ui/button";
import { Label } from "../../../components/ui/label";
import { NativeSelect } from "../../../components/ui/native-select";
import { Spinner } from "../../../components/ui/spinner";
import { errorMessage } from "../../../lib/api";
import { useTranslation } from "../../../lib/i18n";
import { useBookShipment, useStoreCarrier } from "../shipment-api";
import { OrderShipmentBooked } from "./order-shipment-booked";

/** A carrier service's name in the interface language (the shared catalogue's), or its code. */
export function useServiceName() {
  const { t } = useTranslation();
  return (code: string) => {
    const key = `shipping.service.${code}`;
    const name = t(key);
    return name === key ? code : name;
  };
}

/** Where the parcel goes: the pick-up point chosen at checkout, else the shopper's address. */
function Destination({ order }: { order: OrderView }) {
  const { t } = useTranslation();
  const point = order.shipping?.pickupPoint;
  const lines = point
    ? [point.name, point.address, `${point.postalCode} ${point.city}`]
    : shipToLines(order.shipToAddr);
  return (
    <div className="flex gap-3 text-sm">
      <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
      <div className="min-w-0">
        <p className="text-muted-foreground">
          {point ? t("orders.shipment.toPickupPoint") : t("orders.shipment.toAddress")}
        </p>
        {lines.length > 0 ? (
          <address className="not-italic">
            {lines.map((line) => (
              <span key={line} className="block break-words">
                {line}
              </span>
            ))}
          </address>
        ) : (
          <p className="text-muted-foreground">{t("orders.noAddress")}</p>
        )}
      </div>
    </div>
  );
}

/**
 * "Book shipment": books the parcel with Bring and marks the order sent. An order placed with a flat
 * parcel option of a Bring store has no service yet: the seller picks a home service here. Bring's own
 * words are shown when it refuses, and nothing is booked then.
 */
function BookShipment({ order, services }: { order: OrderView; services: BringServiceCode[] }) {
  const { t } = useTranslation();
  const serviceName = useServiceName();
  const selectId = useId();
  const errorId = useId();
  const book = useBookShipment(order);
  const choose = !order.shipping;
  const [service, setService] = useState<BringServiceCode | undefined>(services[0]);

  if (order.status !== "paid" && order.status !== "fulfilled") {
    return <p className="text-sm text-muted-foreground">{t("orders.shipment.notYetPaid")}</p>;
  }
  return (
    <div className="grid gap-3">
      {choose && (
        <div className="grid gap-1.5 sm:max-w-xs">
          <Label htmlFor={selectId}>{t("orders.shipment.service")}</Label>
          <NativeSelect
            id={selectId}
            value={service}
            disabled={book.isPending}
            onChange={(event) => setService(event.target.value as BringServiceCode)}
          >
            {services.map((code) => (
              <option key={code} value={code}>
                {serviceName(code)}
              </option>
            ))}
          </NativeSelect>
        </div>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <Button
          type="button"
          onClick={() => book.mutate(choose ? service : undefined)}
          disabled={book.isPending}
          aria-describedby={book.isError ? errorId : undefined}
          data-testid="book-shipment"
        >
          {book.isPending ? <Spinner /> : <Truck aria-hidden="true" />}
          {book.isPending ? t("orders.shipment.booking") : t("orders.shipment.book")}
        </Button>
        <p className="text-xs text-muted-foreground">{t("orders.shipment.bookHint")}</p>
      </div>
      {book.isError && (
        <p id={errorId} role="alert" className="text-sm font-medium text-error" data-testid="shipment-error">
          {errorMessage(book.error, t("orders.shipment.bookFailed"))}
        </p>
      )}
    </div>
  );
}

/**
 * The order dialog's "Shipping" section (decision 0079), for an order sent with a carrier's service, or
 * a parcel order of a store connected to Bring: the service, where it goes, and the booking; once
 * booked, the tracking number, the label and what the tracking says.
 */
export function OrderShipment({ order }: { order: OrderView }) {
  const { t } = useTranslation();
  const serviceName = useServiceName();
  const flatParcel = !order.shipping && !order.shipment && order.delivery?.kind === "parcel";
  const carrier = useStoreCarrier(order.storeId, flatParcel);
  if (!order.shipping && !order.shipment && !(flatParcel && carrier.data)) return null;

  const homeServices = (
    carrier.data?.services.map((s) => s.code) ?? BRING_SERVICES.map((s) => s.code)
  ).filter((code) => !isPickupService(code));
  const service = order.shipment?.service ?? order.shipping?.service;
  return (
    <section className="grid gap-3 border-t pt-5" data-testid="order-shipment">
      <h3 className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">
        {t("orders.shipment.title")}
      </h3>
      <div className="flex gap-3 text-sm">
        <Package aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
        <p>
          <span className="font-medium">Bring</span>
          {service && <span className="text-muted-foreground"> · {serviceName(service)}</span>}
        </p>
      </div>
      <Destination order={order} />
      {order.shipment ? (
        <OrderShipmentBooked shipment={order.shipment} />
      ) : (
        <BookShipment order={order} services={homeServices.length > 0 ? homeServices : ["5600"]} />
      )}
    </section>
  );
}
