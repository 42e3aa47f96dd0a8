import type { UseFormReturn } from "react-hook-form";
import { type DeliveryOptionView, deliveryPrice } from "../../../../shared/delivery";
import type { CheckoutFormFor } from "../../../../shared/order";
import { FormField } from "../../../components/ui/form-field";
import { Input } from "../../../components/ui/input";
import { useTranslation } from "../../../lib/i18n";
import { useKr } from "../../../lib/money";
import { cn } from "../../../lib/utils";

interface DeliveryFieldsProps {
  options: DeliveryOptionView[];
  form: UseFormReturn<CheckoutFormFor>;
  /** The lines' total as shown, for "free above" (the server prices it again, decision 0036). */
  linesTotal: string;
}

/** The option's price for this cart as the shopper sees it: "Free", or whole kroner. */
export function useDeliveryPriceText() {
  const { t } = useTranslation();
  const kr = useKr();
  return (price: string) => (Number(price) === 0 ? t("checkout.free") : kr(price));
}

/**
 * The store's delivery options as radio buttons with their prices, then the address the chosen one
 * needs: none for a pickup (its note says where and when), street, postcode and city for a parcel.
 */
export function DeliveryFields({ options, form, linesTotal }: DeliveryFieldsProps) {
  const { t } = useTranslation();
  const kr = useKr();
  const priceText = useDeliveryPriceText();
  const { errors } = form.formState;
  const chosen = options.find((option) => option.id === form.watch("deliveryOptionId"));
  const optionError = errors.deliveryOptionId?.message;
  return (
    <>
      <fieldset className="grid gap-2" aria-describedby={optionError ? "delivery-error" : undefined}>
        <legend className="mb-2 text-sm font-medium">{t("checkout.delivery")}</legend>
        {options.map((option) => {
          const price = deliveryPrice(option, linesTotal);
          return (
            <label
              key={option.id}
              className={cn(
                "flex min-h-12 cursor-pointer items-start gap-3 rounded-xl border bg-card px-3 py-3 text-sm transition-colors has-[:checked]:border-primary has-[:checked]:bg-accent/60 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring",
                optionError && "border-error",
              )}
            >
              <input
                type="radio"
                value={option.id}
                {...form.register("deliveryOptionId")}
                aria-invalid={Boolean(optionError)}
                className="mt-0.5 size-4 accent-primary"
              />
              <span className="min-w-0 flex-1">
                <span className="flex items-baseline justify-between gap-3">
                  <span className="font-medium">{option.name}</span>
                  <span className="shrink-0 tabular-nums">{priceText(price)}</span>
                </span>
                {option.freeAbove !== null && Number(option.price) > 0 && (
                  <span className="block text-xs text-muted-foreground">
                    {t("checkout.freeAbove", { amount: kr(option.freeAbove) })}
                  </span>
                )}
                {option.note && <span className="block text-xs text-muted-foreground">{option.note}</span>}
              </span>
            </label>
          );
        })}
        {optionError && (
          <p id="delivery-error" className="text-sm font-medium text-error">
            {t(optionError)}
          </p>
        )}
      </fieldset>
      {chosen?.kind === "parcel" && <ParcelAddressFields form={form} withPostcode />}
    </>
  );
}

/**
 * A parcel's address: street, postcode and city; without the postcode when the checkout asked for it
 * first (a carrier's services are priced for it before the street is asked).
 */
export function ParcelAddressFields({
  form,
  withPostcode,
}: {
  form: UseFormReturn<CheckoutFormFor>;
  withPostcode: boolean;
}) {
  const { t } = useTranslation();
  const { errors } = form.formState;
  return (
    <div className={cn("grid gap-4", withPostcode ? "sm:grid-cols-[8rem_1fr]" : "sm:grid-cols-2")}>
      <FormField
        label={t("checkout.street")}
        error={errors.street?.message}
        className={withPostcode ? "sm:col-span-2" : undefined}
      >
        {(control) => (
          <Input
            {...control}
            {...form.register("street")}
            autoComplete="street-address"
            className="h-12 sm:h-11"
          />
        )}
      </FormField>
      {withPostcode && <PostcodeField form={form} />}
      <FormField label={t("checkout.city")} error={errors.city?.message}>
        {(control) => (
          <Input
            {...control}
            {...form.register("city")}
            autoComplete="address-level2"
            className="h-12 sm:h-11"
          />
        )}
      </FormField>
    </div>
  );
}

/** The shopper's postcode: four digits, asked first by a carrier's checkout (with its hint), last by a parcel's address. */
export function PostcodeField({
  form,
  hint,
  inputClassName = "h-12 sm:h-11",
}: {
  form: UseFormReturn<CheckoutFormFor>;
  hint?: string;
  inputClassName?: string;
}) {
  const { t } = useTranslation();
  return (
    <FormField label={t("checkout.postcode")} error={form.formState.errors.post?.message} hint={hint}>
      {(control) => (
        <Input
          {...control}
          {...form.register("post")}
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={4}
          placeholder="0155"
          className={inputClassName}
        />
      )}
    </FormField>
  );
}
