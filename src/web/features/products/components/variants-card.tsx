import { Card, CardContent } from "../../../components/ui/card";
import { useTranslation } from "../../../lib/i18n";
import type { VariantsDraft } from "./variants-draft";
import { VariantsEditor } from "./variants-editor";

interface VariantsCardProps {
  draft: VariantsDraft;
  onChange: (draft: VariantsDraft) => void;
  /** The price in the form's field: what a variant without its own costs. */
  basePrice: string;
  /** A message key from productVariantsSchema, shown under the table. */
  error?: string;
}

/**
 * The product's options and variants on the add and edit pages (decision 0032). Part of the page's
 * form: its one button saves them with the product's fields (decision 0060), so a combination that
 * stays keeps its id and shoppers' carts holding it still check out.
 */
export function VariantsCard({ draft, onChange, basePrice, error }: VariantsCardProps) {
  const { t } = useTranslation();
  return (
    <Card>
      <CardContent className="grid gap-4 pt-5 sm:pt-6">
        <div className="grid gap-1">
          <h2 className="text-lg font-semibold">{t("inventory.variantsTitle")}</h2>
          <p className="text-sm text-muted-foreground">{t("inventory.variantsHint")}</p>
        </div>
        <VariantsEditor draft={draft} onChange={onChange} basePrice={basePrice} error={error} />
      </CardContent>
    </Card>
  );
}
