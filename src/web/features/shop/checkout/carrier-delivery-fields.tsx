import { Clock, MapPin, Truck } from "lucide-react";
import { type ReactNode, useEffect } from "react";
import type { UseFormReturn } from "react-hook-form";
import { carrierChoiceValue } from "../../../../shared/carrier-choice";
import { type DeliveryOptionView, deliveryPrice } from "../../../../shared/delivery";
import type { CheckoutFormFor } from "../../../../shared/order";
import type { PickupPoint } from "../../../../shared/shipping";
import { Button } from "../../../components/ui/button";
import { useTranslation } from "../../../lib/i18n";
import { useKr } from "../../../lib/money";
import { cn } from "../../../lib/utils";
import { ParcelAddressFields, PostcodeField, useDeliveryPriceText } from "./delivery-fields";
import type { CarrierShipping } from "./use-carrier-shipping";

interface CarrierDeliveryFieldsProps {
  form: UseFormReturn<CheckoutFormFor>;
  /** The store's own flat options, offered beside the carrier's services. */
  options: DeliveryOptionView[];
  shipping: CarrierShipping;
  linesTotal: string;
  /** What the chosen delivery needs: the parcel address, or a pick-up point. */
  needs: "address" | "point" | "nothing";
}

const card =
  "flex min-h-12 cursor-pointer items-start gap-3 rounded-xl border bg-card px-3 py-3 text-sm transition-colors has-[:checked]:border-primary has-[:checked]:bg-accent/60 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring";

/** "Tuesday 2 December" in the shopper's language, from the carrier's YYYY-MM-DD. */
function useDeliveryDate() {
  const { language } = useTranslation();
  return (isoDate: string) =>
    new Intl.DateTimeFormat(language, {
      weekday: "long",
      day: "numeric",
      month: "long",
      timeZone: "UTC",
    }).format(new Date(`${isoDate}T12:00:00Z`));
}

function RadioCard(props: {
  form: UseFormReturn<CheckoutFormFor>;
  field: "deliveryOptionId" | "pickupPointId";
  value: string;
  invalid: boolean;
  children: ReactNode;
}) {
  return (
    <label className={cn(card, props.invalid && "border-error")}>
      <input
        type="radio"
        value={props.value}
        {...props.form.register(props.field)}
        aria-invalid={props.invalid}
        className="mt-0.5 size-4 shrink-0 accent-primary"
      />
      <span className="min-w-0 flex-1">{props.children}</span>
    </label>
  );
}

const ROW_KEYS = ["first", "second", "third", "fourth"];

/** Placeholder rows while the carrier is asked: the list keeps its place, nothing jumps. */
function LoadingRows({ label, rows }: { label: string; rows: number }) {
  return (
    <div role="status" aria-live="polite" className="grid gap-2">
      <span className="sr-only">{label}</span>
      {ROW_KEYS.slice(0, rows).map((key) => (
        <div key={key} aria-hidden="true" className="h-14 animate-pulse rounded-xl bg-muted" />
      ))}
    </div>
  );
}

function Failed({ message, onRetry }: { message: string; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div role="alert" className="flex flex-wrap items-center justify-between gap-2 text-sm text-error">
      <span>{message}</span>
      <Button type="button" variant="outline" size="sm" onClick={onRetry}>
        {t("carrierCheckout.retry")}
      </Button>
    </div>
  );
}

function PickupPoints({ form, points }: { form: UseFormReturn<CheckoutFormFor>; points: PickupPoint[] }) {
  const { t, language } = useTranslation();
  const error = form.formState.errors.pickupPointId?.message;
  const km = new Intl.NumberFormat(language, { maximumFractionDigits: 1 });
  return (
    <fieldset className="grid gap-2" aria-describedby={error ? "pickup-point-error" : undefined}>
      <legend className="mb-2 text-sm font-medium">{t("carrierCheckout.pickupPoints")}</legend>
      {points.map((point) => (
        <RadioCard key={point.id} form={form} field="pickupPointId" value={point.id} invalid={Boolean(error)}>
          <span className="flex items-baseline justify-between gap-3">
            <span className="font-medium">{point.name}</span>
            {point.distanceKm !== null && (
              <span className="shrink-0 text-xs tabular-nums text-muted-foreground">
                {t("carrierCheckout.distance", { km: km.format(point.distanceKm) })}
              </span>
            )}
          </span>
          <span className="mt-0.5 flex items-start gap-1.5 text-xs text-muted-foreground">
            <MapPin aria-hidden="true" className="mt-px size-3.5 shrink-0" />
            {point.address}, {point.postalCode} {point.city}
          </span>
          {point.openingHours && (
            <span className="mt-0.5 flex items-start gap-1.5 text-xs text-muted-foreground">
              <Clock aria-hidden="true" className="mt-px size-3.5 shrink-0" />
              {point.openingHours}
            </span>
          )}
        </RadioCard>
      ))}
      {error && (
        <p id="pickup-point-error" className="text-sm font-medium text-error">
          {t(error)}
        </p>
      )}
    </fieldset>
  );
}

/**
 * Delivery for a store shipping with Bring (decision 0079): the postcode first; then Bring's services
 * for the cart to it (price, or "Free", and the expected day) beside the store's own options; a pick-up
 * service lists the nearest points (the nearest chosen), a parcel to the door asks street and town.
 * When Bring does not answer, it says so, and the seller-priced services and flat options remain.
 */
export function CarrierDeliveryFields({
  form,
  options,
  shipping,
  linesTotal,
  needs,
}: CarrierDeliveryFieldsProps) {
  const { t } = useTranslation();
  const kr = useKr();
  const priceText = useDeliveryPriceText();
  const deliveryDate = useDeliveryDate();
  const { errors } = form.formState;
  const optionError = errors.deliveryOptionId?.message;
  const listed = shipping.options.state === "ready" ? shipping.options.value : null;
  const points = shipping.points.state === "ready" ? shipping.points.value : null;

  // The nearest point is chosen for her; another is one tap away.
  const chosenPoint = form.watch("pickupPointId");
  useEffect(() => {
    if (!points?.length || points.some((point) => point.id === chosenPoint)) return;
    form.setValue("pickupPointId", points[0]?.id, { shouldValidate: false });
  }, [points, chosenPoint, form]);

  return (
    <>
      <PostcodeField
        form={form}
        hint={t("carrierCheckout.postcodeHint")}
        inputClassName="h-12 max-w-40 text-base tabular-nums sm:h-11"
      />
      {listed?.carrierUnavailable && (
        <p
          role="status"
          className="flex items-start gap-2 rounded-xl border border-border bg-muted px-3 py-2.5 text-sm"
        >
          <Truck aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {t("carrierCheckout.unavailable")}
        </p>
      )}
      <fieldset className="grid gap-2" aria-describedby={optionError ? "delivery-error" : undefined}>
        <legend className="mb-2 text-sm font-medium">{t("checkout.delivery")}</legend>
        {shipping.options.state === "loading" && (
          <LoadingRows label={t("carrierCheckout.loading")} rows={3} />
        )}
        {shipping.options.state === "failed" && (
          <Failed message={shipping.options.message} onRetry={shipping.retry} />
        )}
        {listed?.options.map((option) => (
          <RadioCard
            key={option.service}
            form={form}
            field="deliveryOptionId"
            value={carrierChoiceValue(option.service)}
            invalid={Boolean(optionError)}
          >
            <span className="flex items-baseline justify-between gap-3">
              <span className="font-medium">{option.name}</span>
              <span className="shrink-0 tabular-nums">{priceText(option.price)}</span>
            </span>
            {option.expectedDelivery && (
              <span className="block text-xs text-muted-foreground">
                {t("carrierCheckout.expected", { date: deliveryDate(option.expectedDelivery) })}
              </span>
            )}
          </RadioCard>
        ))}
        {options.map((option) => (
          <RadioCard
            key={option.id}
            form={form}
            field="deliveryOptionId"
            value={option.id}
            invalid={Boolean(optionError)}
          >
            <span className="flex items-baseline justify-between gap-3">
              <span className="font-medium">{option.name}</span>
              <span className="shrink-0 tabular-nums">{priceText(deliveryPrice(option, linesTotal))}</span>
            </span>
            {option.freeAbove !== null && Number(option.price) > 0 && (
              <span className="block text-xs text-muted-foreground">
                {t("checkout.freeAbove", { amount: kr(option.freeAbove) })}
              </span>
            )}
            {option.note && <span className="block text-xs text-muted-foreground">{option.note}</span>}
          </RadioCard>
        ))}
        {optionError && (
          <p id="delivery-error" className="text-sm font-medium text-error">
            {t(optionError)}
          </p>
        )}
      </fieldset>
      {needs === "point" && shipping.points.state === "loading" && (
        <LoadingRows label={t("carrierCheckout.pointsLoading")} rows={3} />
      )}
      {needs === "point" && shipping.points.state === "failed" && (
        <Failed message={shipping.points.message} onRetry={shipping.retry} />
      )}
      {needs === "point" && points && <PickupPoints form={form} points={points} />}
      {needs === "address" && <ParcelAddressFields form={form} withPostcode={false} />}
    </>
  );
}
