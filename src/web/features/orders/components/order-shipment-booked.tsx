import { ExternalLink, Printer } from "lucide-react";
import type { ShipmentView, TrackingState } from "../../../../shared/shipping";
import { Badge, type BadgeProps } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { useFormatters } from "../../../lib/format";
import { useTranslation } from "../../../lib/i18n";
import { useDateTime } from "./order-format";

const STATE_VARIANTS: Record<TrackingState, NonNullable<BadgeProps["variant"]>> = {
  booked: "info",
  in_transit: "info",
  ready_for_pickup: "success",
  delivered: "success",
  returned: "warning",
  exception: "danger",
};

/** A booked parcel: its tracking number (the carrier's page), its label and what the tracking says. */
export function OrderShipmentBooked({ shipment }: { shipment: ShipmentView }) {
  const { t } = useTranslation();
  const { relative } = useFormatters();
  const dateTime = useDateTime();
  const link = "text-primary underline-offset-4 hover:underline";
  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2 text-sm">
        <span>
          {t("orders.trackingNumber")}:{" "}
          <a
            href={shipment.trackingUrl}
            target="_blank"
            rel="noreferrer"
            className={`${link} font-mono`}
            data-testid="shipment-tracking"
          >
            {shipment.trackingNumber}
            <ExternalLink aria-hidden="true" className="ml-1 inline size-3.5" />
            <span className="sr-only"> {t("orders.shipment.opensNewTab")}</span>
          </a>
        </span>
        <Badge variant={STATE_VARIANTS[shipment.state]} data-testid="shipment-state">
          {t(`orders.shipment.state.${shipment.state}`)}
        </Badge>
      </div>
      {shipment.labelUrl && (
        <div>
          <Button asChild variant="outline" size="sm">
            <a href={shipment.labelUrl} target="_blank" rel="noreferrer" data-testid="print-label">
              <Printer aria-hidden="true" />
              {t("orders.shipment.printLabel")}
              <span className="sr-only"> {t("orders.shipment.opensNewTab")}</span>
            </a>
          </Button>
        </div>
      )}
      {shipment.events.length > 0 ? (
        <ol className="grid gap-2 text-sm" aria-label={t("orders.shipment.events")}>
          {shipment.events.map((event) => (
            <li key={`${event.at}-${event.description}`} className="grid gap-0.5">
              <p>
                <span className="font-medium">{t(`orders.shipment.state.${event.state}`)}</span>
                {event.description && <span className="text-muted-foreground"> · {event.description}</span>}
              </p>
              <p className="text-xs text-muted-foreground">
                <time dateTime={event.at} title={dateTime(event.at)}>
                  {relative(event.at)}
                </time>
                {event.place && <> · {event.place}</>}
              </p>
            </li>
          ))}
        </ol>
      ) : (
        <p className="text-sm text-muted-foreground">{t("orders.shipment.noEvents")}</p>
      )}
    </div>
  );
}
