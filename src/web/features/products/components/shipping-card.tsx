import { useFormContext } from "react-hook-form";
import type { productShippingSchema } from "../../../../shared/carrier-settings";
import type { ProductShippingView } from "../../../../shared/product";
import type { z } from "../../../../shared/zod";
import { Card, CardContent } from "../../../components/ui/card";
import { FormField } from "../../../components/ui/form-field";
import { Input } from "../../../components/ui/input";
import { useTranslation } from "../../../lib/i18n";

/** The form's side of productShippingSchema: text in each field, "" for none. */
export type ShippingFormValues = z.input<typeof productShippingSchema>;

/** A product's saved weight and size as the fields show them. */
export function shippingFormValues(product?: ProductShippingView) {
  const text = (value: number | null | undefined) => (value == null ? "" : String(value));
  return {
    weightGrams: text(product?.weightGrams),
    lengthCm: text(product?.lengthCm),
    widthCm: text(product?.widthCm),
    heightCm: text(product?.heightCm),
  };
}

const SIDES = ["lengthCm", "widthCm", "heightCm"] as const;
const SIDE_LABELS = { lengthCm: "length", widthCm: "width", heightCm: "height" } as const;

/**
 * "Shipping" on the add and edit pages (decision 0079): the packed weight in grams and, optionally, the
 * packed sides in centimetres, for the carrier's prices and labels. Part of the page's one form.
 */
export function ShippingCard() {
  const { t } = useTranslation();
  const form = useFormContext<ShippingFormValues>();
  const { errors } = form.formState;
  return (
    <Card>
      <CardContent className="grid gap-4 pt-5 sm:pt-6">
        <div className="grid gap-1">
          <h2 className="text-lg font-semibold">{t("productShipping.title")}</h2>
          <p className="text-sm text-muted-foreground">{t("productShipping.hint")}</p>
        </div>
        <div className="grid gap-5 sm:grid-cols-4">
          <FormField label={t("productShipping.weight")} error={errors.weightGrams?.message}>
            {(control) => (
              <Input {...control} {...form.register("weightGrams")} inputMode="numeric" placeholder="450" />
            )}
          </FormField>
          {SIDES.map((side) => (
            <FormField
              key={side}
              label={t(`productShipping.${SIDE_LABELS[side]}`)}
              hint={t("productShipping.optional")}
              error={errors[side]?.message}
            >
              {(control) => <Input {...control} {...form.register(side)} inputMode="numeric" />}
            </FormField>
          ))}
        </div>
      </CardContent>
    </Card>
  );
}
