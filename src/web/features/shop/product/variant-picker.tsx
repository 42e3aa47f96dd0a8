import { useId } from "react";
import type { ProductView } from "../../../../shared/product";
import { useTranslation } from "../../../lib/i18n";
import { cn } from "../../../lib/utils";
import { valueAvailable } from "./variant-choice";

interface VariantPickerProps {
  product: ProductView;
  values: string[];
  onChange: (values: string[]) => void;
}

/**
 * One radio group per option (decision 0032). A value whose combination is sold out or not offered can
 * still be chosen, so the shopper sees why it cannot be bought; it is struck through and says so.
 */
export function VariantPicker({ product, values, onChange }: VariantPickerProps) {
  const { t } = useTranslation();
  const groupId = useId();
  return (
    <div className="grid gap-4">
      {product.options.map((option, index) => (
        <fieldset key={option.name} className="grid gap-2">
          <legend className="mb-2 text-sm font-medium">
            {option.name}
            {values[index] && <span className="font-normal text-muted-foreground">: {values[index]}</span>}
          </legend>
          <div className="flex flex-wrap gap-2">
            {option.values.map((value) => {
              const available = valueAvailable(product, values, index, value);
              const id = `${groupId}-${index}-${value}`;
              return (
                <label
                  key={value}
                  htmlFor={id}
                  className={cn(
                    "relative inline-flex h-11 min-w-11 cursor-pointer items-center justify-center rounded-full border px-4 text-sm font-medium transition-colors has-[:checked]:border-primary has-[:checked]:bg-primary has-[:checked]:text-primary-foreground has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring",
                    !available && "text-muted-foreground line-through",
                  )}
                >
                  <input
                    id={id}
                    type="radio"
                    name={`${groupId}-${index}`}
                    value={value}
                    checked={values[index] === value}
                    onChange={() => onChange(values.map((current, n) => (n === index ? value : current)))}
                    className="sr-only"
                  />
                  {value}
                  {!available && <span className="sr-only"> ({t("stock.soldOut")})</span>}
                </label>
              );
            })}
          </div>
        </fieldset>
      ))}
    </div>
  );
}
