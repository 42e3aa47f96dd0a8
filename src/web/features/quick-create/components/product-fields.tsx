import { CircleHelp } from "lucide-react";
import { FormField } from "../../../components/ui/form-field";
import { Input } from "../../../components/ui/input";
import { Textarea } from "../../../components/ui/textarea";
import { useTranslation } from "../../../lib/i18n";
import type { DraftProduct } from "../draft";
import type { ProductErrors } from "../validation";

export type ProductValues = Pick<DraftProduct, "title" | "description" | "price" | "stockQty">;

interface QuickProductFieldsProps {
  values: ProductValues;
  onChange: (patch: Partial<ProductValues>) => void;
  errors: ProductErrors;
  /** The AI could not tell what the photo shows: the title is the seller's to give. */
  unsure: boolean;
  /** "Price (kr)" on the preview, "Price (NOK)" in the editor (docs/product-spec.md 2.14). */
  priceLabel: string;
}

/** Title, description, price and stock of one quick-create product; messages are docs/product-spec.md 5's, as i18n keys. */
export function QuickProductFields({
  values,
  onChange,
  errors,
  unsure,
  priceLabel,
}: QuickProductFieldsProps) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-5">
      <FormField
        label={t("quickCreate.product.title")}
        error={errors.title}
        hint={
          unsure && !values.title.trim() ? (
            <span className="inline-flex items-start gap-1.5 text-sm text-amber-800 dark:text-amber-200">
              <CircleHelp aria-hidden="true" className="mt-0.5 size-3.5 shrink-0" />
              {t("aiAnalysis.unsure")}
            </span>
          ) : undefined
        }
      >
        {(control) => (
          <Input
            {...control}
            value={values.title}
            onChange={(event) => onChange({ title: event.target.value })}
            maxLength={200}
          />
        )}
      </FormField>
      <FormField label={t("quickCreate.product.description")} error={errors.description}>
        {(control) => (
          <Textarea
            {...control}
            value={values.description}
            onChange={(event) => onChange({ description: event.target.value })}
            rows={5}
            placeholder={t("products.descriptionPlaceholder")}
            maxLength={5000}
          />
        )}
      </FormField>
      <FormField label={priceLabel} error={errors.price} className="sm:max-w-56">
        {(control) => (
          <div className="relative">
            <Input
              {...control}
              value={values.price}
              onChange={(event) => onChange({ price: event.target.value })}
              inputMode="decimal"
              autoComplete="off"
              placeholder="0"
              className="pr-10 tabular-nums"
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
      <FormField
        label={t("inventory.stockLabel")}
        hint={t("quickCreate.product.stockHint")}
        error={errors.stockQty}
        className="sm:max-w-56"
      >
        {(control) => (
          <Input
            {...control}
            value={values.stockQty}
            onChange={(event) => onChange({ stockQty: event.target.value })}
            type="number"
            inputMode="numeric"
            min={0}
            step={1}
            placeholder={t("inventory.unlimited")}
            className="tabular-nums"
          />
        )}
      </FormField>
    </div>
  );
}
