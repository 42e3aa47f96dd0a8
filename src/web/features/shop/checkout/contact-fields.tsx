import type { UseFormReturn } from "react-hook-form";
import type { CheckoutFormFor } from "../../../../shared/order";
import { phoneCountry } from "../../../../shared/phone";
import { FormField } from "../../../components/ui/form-field";
import { Input } from "../../../components/ui/input";
import { useTranslation } from "../../../lib/i18n";

/** "Norway, Sweden or Denmark" in the reader's language, from ISO codes. */
function countryList(codes: readonly string[], language: string): string {
  const names = new Intl.DisplayNames([language], { type: "region" });
  return new Intl.ListFormat(language, { type: "disjunction" }).format(
    codes.map((code) => names.of(code) ?? code),
  );
}

interface ContactFieldsProps {
  form: UseFormReturn<CheckoutFormFor>;
  /** No delivery options: one free-text address field instead. */
  withAddress: boolean;
  textCountries: string[] | undefined;
}

/** Name, e-mail and phone (and the address, when the store has no delivery options). */
export function ContactFields({ form, withAddress, textCountries }: ContactFieldsProps) {
  const { t, language } = useTranslation();
  const { errors } = form.formState;
  const typedPhone = form.watch("shipToPhone");
  const typedCountry = typedPhone ? phoneCountry(typedPhone) : undefined;
  const noTexts = Boolean(textCountries && typedCountry && !textCountries.includes(typedCountry));
  return (
    <fieldset className="grid gap-4">
      <legend className="sr-only">{t("checkout.contactDetails")}</legend>
      <FormField label={t("checkout.name")} error={errors.shipToName?.message}>
        {(control) => (
          <Input {...control} {...form.register("shipToName")} autoComplete="name" className="h-12 sm:h-11" />
        )}
      </FormField>
      <FormField label={t("checkout.email")} error={errors.buyerEmail?.message}>
        {(control) => (
          <Input
            {...control}
            {...form.register("buyerEmail")}
            type="email"
            inputMode="email"
            autoComplete="email"
            autoCapitalize="none"
            spellCheck={false}
            placeholder={t("checkout.emailPlaceholder")}
            className="h-12 sm:h-11"
          />
        )}
      </FormField>
      <FormField
        label={t("checkout.phone")}
        error={errors.shipToPhone?.message}
        hint={
          errors.shipToPhone
            ? undefined
            : noTexts && textCountries
              ? t("checkout.phoneHintEmail", { countries: countryList(textCountries, language) })
              : t("checkout.phoneHint")
        }
      >
        {(control) => (
          <Input
            {...control}
            {...form.register("shipToPhone")}
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            placeholder="+47 912 34 567"
            className="h-12 sm:h-11"
          />
        )}
      </FormField>
      {withAddress && (
        <FormField label={t("checkout.address")} error={errors.address?.message}>
          {(control) => (
            <textarea
              {...control}
              {...form.register("address")}
              rows={2}
              autoComplete="street-address"
              placeholder={t("checkout.addressPlaceholder")}
              className="w-full min-w-0 resize-none rounded-md border border-input bg-card px-3 py-2.5 text-base shadow-xs transition-colors placeholder:text-muted-foreground focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring aria-invalid:border-error sm:text-sm"
            />
          )}
        </FormField>
      )}
    </fieldset>
  );
}
