import { useFormContext } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import type { productFieldsSchema } from "../../../shared/product";
import { Textarea } from "../stores/textarea";
import { FormField } from "../ui/form-field";
import { Input } from "../ui/input";

export type ProductFormValues = z.input<typeof productFieldsSchema>;

/** Product Name, Description, Price (kr) and SKU, for a form that holds productFieldsSchema's fields. */
export function ProductFields() {
  const { t } = useTranslation();
  const form = useFormContext<ProductFormValues>();
  const { errors } = form.formState;

  return (
    <div className="grid gap-5">
      <FormField label={t("products.nameLabel")} error={errors.title?.message}>
        {(control) => (
          <Input {...control} {...form.register("title")} placeholder={t("products.namePlaceholder")} />
        )}
      </FormField>
      <FormField label={t("products.descriptionLabel")} error={errors.blurb?.message}>
        {(control) => (
          <Textarea
            {...control}
            {...form.register("blurb")}
            rows={5}
            placeholder={t("products.descriptionPlaceholder")}
          />
        )}
      </FormField>
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField label={t("products.priceLabel")} error={errors.basePrice?.message}>
          {(control) => (
            <div className="relative">
              <Input
                {...control}
                {...form.register("basePrice")}
                type="number"
                inputMode="decimal"
                min={0}
                step={1}
                placeholder="0"
                className="pr-10 tabular-nums [appearance:textfield] [&::-webkit-inner-spin-button]:appearance-none [&::-webkit-outer-spin-button]:appearance-none"
              />
              <span
                aria-hidden="true"
                className="pointer-events-none absolute inset-y-0 right-3 flex items-center text-sm text-muted-foreground"
              >
                kr
              </span>
            </div>
          )}
        </FormField>
        <FormField label={t("products.skuLabel")} hint={t("products.skuHint")} error={errors.sku?.message}>
          {(control) => (
            <Input {...control} {...form.register("sku")} autoCapitalize="characters" spellCheck={false} />
          )}
        </FormField>
      </div>
    </div>
  );
}
