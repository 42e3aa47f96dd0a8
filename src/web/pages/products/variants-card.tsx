import { useState } from "react";
import type { ProductView } from "../../../shared/product";
import { Button } from "../../components/ui/button";
import { Card, CardContent } from "../../components/ui/card";
import { Spinner } from "../../components/ui/spinner";
import { toast } from "../../hooks/use-toast";
import { useTranslation } from "../../lib/i18n";
import { useSaveVariants } from "../../lib/queries/products";
import { toastFailure } from "../../lib/toast-failure";
import { draftError, draftOf, requestOf, type VariantsDraft } from "./variants-draft";
import { VariantsEditor } from "./variants-editor";

/**
 * The product's options and variants on its edit page, saved on their own (PUT .../variants, decision
 * 0032): a combination that stays keeps its id, so shoppers' carts holding it still check out.
 */
export function VariantsCard({ product }: { product: ProductView }) {
  const { t } = useTranslation();
  const save = useSaveVariants();
  const [draft, setDraft] = useState<VariantsDraft>(() => draftOf(product));
  const [error, setError] = useState<string | undefined>();

  function submit() {
    const problem = draftError(draft);
    setError(problem);
    if (problem) return;
    save.mutate(
      { id: product.id, body: requestOf(draft) },
      {
        onSuccess: (saved) => {
          setDraft(draftOf(saved));
          toast({
            title: t("inventory.savedTitle"),
            description: t("inventory.savedText", { count: saved.variants.length }),
          });
        },
        onError: (err) => toastFailure(t("inventory.saveFailed"), err, t("common.tryAgain")),
      },
    );
  }

  return (
    <Card>
      <CardContent className="grid gap-4 pt-5 sm:pt-6">
        <div className="grid gap-1">
          <h2 className="text-lg font-semibold">{t("inventory.variantsTitle")}</h2>
          <p className="text-sm text-muted-foreground">{t("inventory.variantsHint")}</p>
        </div>
        <VariantsEditor draft={draft} onChange={setDraft} basePrice={product.basePrice} error={error} />
        <Button type="button" onClick={submit} disabled={save.isPending} className="justify-self-end">
          {save.isPending && <Spinner />}
          {save.isPending ? t("inventory.saving") : t("inventory.save")}
        </Button>
      </CardContent>
    </Card>
  );
}
