import type { ReactNode } from "react";
import { useFormContext } from "react-hook-form";
import type { productFieldsSchema } from "../../../../shared/product";
import type { z } from "../../../../shared/zod";
import { AI_SHIMMER } from "../../../components/products/ai-analysis";
import { FormField } from "../../../components/ui/form-field";
import { Input } from "../../../components/ui/input";
import { Textarea } from "../../../components/ui/textarea";
import { useTranslation } from "../../../lib/i18n";
import { cn } from "../../../lib/utils";
import { StockField } from "./stock-field";

export type ProductFormValues = z.input<typeof productFieldsSchema>;
/** The fields an image analysis fills in. */
export type AiField = "title" | "blurb" | "basePrice";

interface ProductFieldsProps {
  /** Fields the AI is about to fill: they shimmer until it answers or the seller types in them. */
  aiPending?: ReadonlySet<AiField>;
  /** A note under Product Name, such as the AI saying it could not tell what the photo shows. */
  titleHint?: ReactNode;
  /** A product with variants keeps its stock on them (decision 0032): the field gives way to a note. */
  stockPerVariant?: boolean;
}

/** Product Name, Description, Price (kr), SKU and Stock, for a form that holds productFieldsSchema's fields. */
export function ProductFields({ aiPending, titleHint, stockPerVariant = false }: ProductFieldsProps = {}) {
  const { t } = useTranslation();
  const form = useFormContext<ProductFormValues>();
  const { errors } = form.formState;
  const shimmer = (field: AiField) => (aiPending?.has(field) ? AI_SHIMMER : undefined);

  return (
    <div className="grid gap-5">
      <FormField label={t("products.nameLabel")} hint={titleHint} error={errors.title?.message}>
        {(control) => (
          <Input
            {...control}
            {...form.register("title")}
            placeholder={t("products.namePlaceholder")}
            className={shimmer("title")}
          />
        )}
      </FormField>
      <FormField label={t("products.descriptionLabel")} error={errors.blurb?.message}>
        {(control) => (
          <Textarea
            {...control}
            {...form.register("blurb")}
            rows={5}
            placeholder={t("products.descriptionPlaceholder")}
            className={shimmer("blurb")}
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
                className={cn(
                  "pr-10 tabular-nums [appearance:textfield] [&::-webkit-inner-spin-button]:appearance-none [&::-webkit-outer-spin-button]:appearance-none",
                  shimmer("basePrice"),
                )}
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
      {stockPerVariant ? (
        <p className="text-sm text-muted-foreground">{t("inventory.perVariant")}</p>
      ) : (
        <StockField />
      )}
    </div>
  );
}
