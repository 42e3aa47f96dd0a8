import { formatOrderDate } from "../../../../shared/order-date";
import type { PublicOrder } from "../../../../shared/order-page";
import { type Language, LOCALE_TAGS } from "../../../../shared/preferences";
import type { TrackingState } from "../../../../shared/shipping";
import { useTranslation } from "../../../lib/i18n";
import { cn } from "../../../lib/utils";
import { CircleCheck, Clock, Info, PackageOpen, PackageSearch, type ShopIcon } from "../components/icons";

type Shipment = NonNullable<PublicOrder["shipment"]>;
type Shipping = NonNullable<PublicOrder["shipping"]>;

/** A carrier's name as it brands itself, in every language. */
const CARRIER_NAMES: Record<Shipment["carrier"], string> = { bring: "Bring" };

/** Each state's icon and colour: the same greens and ambers as the order's status badge. */
const STATE_LOOK: Record<TrackingState, { icon: ShopIcon; className: string }> = {
  booked: { icon: Clock, className: "text-muted-foreground" },
  in_transit: { icon: PackageSearch, className: "text-sky-700 dark:text-sky-300" },
  ready_for_pickup: { icon: PackageOpen, className: "text-emerald-700 dark:text-emerald-300" },
  delivered: { icon: CircleCheck, className: "text-emerald-700 dark:text-emerald-300" },
  returned: { icon: Info, className: "text-amber-700 dark:text-amber-300" },
  exception: { icon: Info, className: "text-amber-700 dark:text-amber-300" },
};

const eventTimes = new Map<Language, Intl.DateTimeFormat>();
/** An event's time in Norway's time zone, so the server's page and the browser's read the same. */
function formatEventTime(iso: string, language: Language) {
  let format = eventTimes.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(LOCALE_TAGS[language], {
      dateStyle: "medium",
      timeStyle: "short",
      timeZone: "Europe/Oslo",
    });
    eventTimes.set(language, format);
  }
  return format.format(new Date(iso));
}

/** "2026-12-02" (the carrier's day) as the order page writes dates; noon keeps it on that day in Oslo. */
const dayOf = (day: string, language: Language) => formatOrderDate(`${day}T12:00:00Z`, language);

/**
 * The parcel on the shopper's order page (decision 0079): where it is now, said plainly ("Ready for
 * pick-up at Coop Mega Storgata"), the carrier's tracking number as a link to its own tracking page,
 * the expected delivery, the pick-up point with its opening hours, and the carrier's events, newest
 * first. Before the seller books the parcel, only the chosen pick-up point is shown.
 */
export function ShipmentTracking({ order }: { order: PublicOrder }) {
  const { shipment, shipping } = order;
  if (!shipment && !shipping?.pickupPoint) return null;
  return (
    <section
      aria-labelledby="shipment-heading"
      className="mt-8 rounded-lg border p-4 sm:p-5"
      data-testid="shipment-tracking"
    >
      {shipment ? (
        <ParcelState shipment={shipment} shipping={shipping} />
      ) : (
        <ShipmentHeading shipment={null} />
      )}
      {shipping?.pickupPoint && <PickupPoint point={shipping.pickupPoint} />}
      {shipment && shipment.events.length > 0 && <Events events={shipment.events} />}
    </section>
  );
}

function ShipmentHeading({ shipment }: { shipment: Shipment | null }) {
  const { t } = useTranslation();
  return (
    <h2 id="shipment-heading" className="text-lg font-semibold">
      {shipment
        ? t("orderPage.shipment.title", { carrier: CARRIER_NAMES[shipment.carrier] })
        : t("orderPage.shipment.notBooked")}
    </h2>
  );
}

function ParcelState({ shipment, shipping }: { shipment: Shipment; shipping: Shipping | null }) {
  const { t, language } = useTranslation();
  const look = STATE_LOOK[shipment.state];
  const Icon = look.icon;
  const point = shipping?.pickupPoint?.name;
  const headline =
    shipment.state === "ready_for_pickup" && point
      ? t("orderPage.shipment.state.readyAt", { place: point })
      : shipment.state === "delivered" && shipment.deliveredAt
        ? t("orderPage.shipment.state.deliveredOn", { date: formatOrderDate(shipment.deliveredAt, language) })
        : t(`orderPage.shipment.state.${shipment.state}`);
  const expected =
    // Only while the parcel is on its way: at the pick-up point or delivered, the date says nothing more.
    shipping?.expectedDelivery && ["booked", "in_transit", "exception"].includes(shipment.state)
      ? shipping.expectedDelivery
      : null;
  return (
    <>
      <ShipmentHeading shipment={shipment} />
      <p
        className={cn("mt-3 flex items-start gap-2 text-lg font-semibold", look.className)}
        data-testid="shipment-state"
        data-state={shipment.state}
      >
        <Icon aria-hidden className="mt-1 size-5 shrink-0" />
        <span className="min-w-0 break-words">{headline}</span>
      </p>
      {expected && (
        <p className="mt-1 text-sm text-muted-foreground" data-testid="shipment-expected">
          {t("orderPage.shipment.expected", { date: dayOf(expected, language) })}
        </p>
      )}
      <p className="mt-3 text-sm">
        <span className="text-muted-foreground">{t("orderPage.tracking")}: </span>
        <a
          href={shipment.trackingUrl}
          target="_blank"
          rel="noopener noreferrer"
          className="font-mono break-all underline underline-offset-4 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
          data-testid="shipment-link"
        >
          {shipment.trackingNumber}
        </a>
        <span className="sr-only">
          {" "}
          {t("orderPage.shipment.opensCarrier", { carrier: CARRIER_NAMES[shipment.carrier] })}
        </span>
      </p>
    </>
  );
}

function PickupPoint({ point }: { point: NonNullable<Shipping["pickupPoint"]> }) {
  const { t } = useTranslation();
  return (
    <div className="mt-4 rounded-md bg-muted/50 p-3 text-sm" data-testid="shipment-pickup-point">
      <h3 className="font-medium">{t("orderPage.shipment.pickupPoint")}</h3>
      <address className="mt-1 not-italic">
        <span className="block">{point.name}</span>
        <span className="block text-muted-foreground">{point.address}</span>
        <span className="block text-muted-foreground">
          {point.postalCode} {point.city}
        </span>
      </address>
      {point.openingHours && (
        <p className="mt-2 whitespace-pre-line text-muted-foreground">
          <span className="sr-only">{t("orderPage.shipment.openingHours")}: </span>
          {point.openingHours}
        </p>
      )}
    </div>
  );
}

function Events({ events }: { events: Shipment["events"] }) {
  const { t, language } = useTranslation();
  return (
    <div className="mt-5">
      <h3 className="text-sm font-medium">{t("orderPage.shipment.events")}</h3>
      <ol className="mt-2 grid gap-3 text-sm" data-testid="shipment-events">
        {events.map((event, index) => (
          <li
            key={`${event.at} ${event.state} ${event.description}`}
            className="grid gap-0.5 border-l-2 pl-3"
          >
            <time dateTime={event.at} className="text-muted-foreground tabular-nums">
              {formatEventTime(event.at, language)}
            </time>
            <span className={cn("break-words", index === 0 && "font-medium")}>{event.description}</span>
            {event.place && <span className="text-muted-foreground">{event.place}</span>}
          </li>
        ))}
      </ol>
    </div>
  );
}
