import { useId, useState } from "react";
import { useFormContext } from "react-hook-form";
import { FormField } from "../../../components/ui/form-field";
import { Input } from "../../../components/ui/input";
import { useTranslation } from "../../../lib/i18n";

/** The form value: a whole number as text, or "" for unlimited (stockQtyField reads both, decision 0032). */
export type StockValue = string | number | null | undefined;

/** The field's text for a product's stock: "" is unlimited. */
export const stockText = (stockQty: number | null) => (stockQty === null ? "" : String(stockQty));

/** What a multipart form sends for the field: "" is unlimited. */
export const stockFormText = (stockQty: number | null | undefined) =>
  stockQty === null || stockQty === undefined ? "" : String(stockQty);

/**
 * Stock for a form holding `stockQty`: a whole number, or "Unlimited" (the box, or the field left empty).
 * Unticking the box brings back the number it hid, or 1.
 */
export function StockField() {
  const { t } = useTranslation();
  const form = useFormContext<{ stockQty: StockValue }>();
  const unlimitedId = useId();
  const value = form.watch("stockQty");
  const [unlimited, setUnlimited] = useState(() => value === "" || value === null);
  const [hidden, setHidden] = useState(() => (value === "" || value === null ? "1" : String(value ?? "1")));
  const error = form.formState.errors.stockQty?.message;

  function toggle(checked: boolean) {
    setUnlimited(checked);
    if (checked) {
      setHidden(String(form.getValues("stockQty") || "1"));
      form.setValue("stockQty", "", { shouldDirty: true });
    } else {
      form.setValue("stockQty", hidden, { shouldDirty: true });
    }
  }

  return (
    <FormField label={t("inventory.stockLabel")} hint={t("inventory.stockHint")} error={error}>
      {(control) => (
        <div className="flex flex-wrap items-center gap-x-5 gap-y-2">
          <Input
            {...control}
            {...form.register("stockQty")}
            type="number"
            inputMode="numeric"
            min={0}
            step={1}
            disabled={unlimited}
            placeholder={unlimited ? t("inventory.unlimited") : "0"}
            className="w-32 tabular-nums"
          />
          <label
            htmlFor={unlimitedId}
            className="inline-flex min-h-11 cursor-pointer items-center gap-2 text-sm"
          >
            <input
              id={unlimitedId}
              type="checkbox"
              checked={unlimited}
              onChange={(event) => toggle(event.target.checked)}
              className="size-4 accent-primary"
            />
            {t("inventory.unlimited")}
          </label>
        </div>
      )}
    </FormField>
  );
}
