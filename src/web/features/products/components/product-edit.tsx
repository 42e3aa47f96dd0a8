import { zodResolver } from "@hookform/resolvers/zod";
import { ExternalLink, PackageX, Trash2 } from "lucide-react";
import { useId, useMemo, useState } from "react";
import { FormProvider, useForm } from "react-hook-form";
import { Link, useNavigate, useParams } from "react-router";
import type { SellerProductView } from "../../../../shared/product";
import { newProductSchema } from "../../../../shared/variants";
import { z } from "../../../../shared/zod";
import { FormSwitch } from "../../../components/form-switch";
import { PageHeader } from "../../../components/page-header";
import { BackLink } from "../../../components/ui/back-link";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { Card, CardContent } from "../../../components/ui/card";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { EmptyState } from "../../../components/ui/empty-state";
import { Label } from "../../../components/ui/label";
import { LoadFailed } from "../../../components/ui/load-failed";
import { PageSpinner, Spinner } from "../../../components/ui/spinner";
import { UnsavedChangesDialog, useUnsavedChanges } from "../../../components/unsaved-changes";
import { toast } from "../../../hooks/use-toast";
import { ApiError } from "../../../lib/api";
import { DISCARD_EDITS } from "../../../lib/form-reset";
import { useTranslation } from "../../../lib/i18n";
import { toastFailure } from "../../../lib/toast-failure";
import { useDeleteProduct, useProduct, useUpdateProduct } from "../api";
import { ProductFields } from "./product-fields";
import { ProductPhotos } from "./product-photos";
import { ShippingCard, shippingFormValues } from "./shipping-card";
import { stockText } from "./stock-field";
import { VariantsCard } from "./variants-card";
import { draftError, draftOf, optionsOf, requestOf, type VariantsDraft } from "./variants-draft";

const editSchema = newProductSchema.extend({ isActive: z.boolean() });
type EditValues = z.input<typeof editSchema>;
type EditOutput = z.output<typeof editSchema>;

function valuesOf(product: SellerProductView): EditValues {
  return {
    title: product.title,
    blurb: product.blurb ?? "",
    // Whole kroner read better in the field; øre are kept when there are any.
    basePrice: product.basePrice.replace(/\.00$/, ""),
    sku: product.sku ?? "",
    stockQty: stockText(product.stockQty),
    isActive: product.isActive,
    ...shippingFormValues(product),
  };
}

/** Spec decision 0014: sellers edit, deactivate and delete their products. */
export function ProductEditPage() {
  const { t } = useTranslation();
  const { id = "" } = useParams();
  const product = useProduct(id);

  if (product.isPending) return <PageSpinner label={t("common.loading")} />;
  if (product.isError) {
    if (product.error instanceof ApiError && product.error.status === 404) {
      return (
        <EmptyState
          icon={PackageX}
          title={t("products.notFound")}
          text={t("products.notFoundText")}
          className="my-auto border-none bg-transparent"
          action={
            <Button asChild>
              <Link to="/stores">{t("products.backToStores")}</Link>
            </Button>
          }
        />
      );
    }
    return <LoadFailed onRetry={() => void product.refetch()} />;
  }
  return <ProductEditor product={product.data} />;
}

/** The variants as a save would send them, to tell a changed table from the saved one. */
const variantsKey = (draft: VariantsDraft) => JSON.stringify(requestOf(draft));

function ProductEditor({ product }: { product: SellerProductView }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const update = useUpdateProduct(product.id);
  const remove = useDeleteProduct();
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const activeId = useId();
  const activeHintId = useId();
  const form = useForm<EditValues, unknown, EditOutput>({
    resolver: zodResolver(editSchema),
    values: valuesOf(product),
    resetOptions: { keepDirtyValues: true },
  });
  const [variants, setVariants] = useState<VariantsDraft>(() => draftOf(product));
  const [variantsError, setVariantsError] = useState<string | undefined>();
  const savedVariants = useMemo(() => variantsKey(draftOf(product)), [product]);
  const variantsChanged = variantsKey(variants) !== savedVariants;
  const dirty = form.formState.isDirty || variantsChanged;
  const { blocker, leaveWithoutAsking } = useUnsavedChanges(dirty && !update.isPending);
  const storePage = `/stores/${product.storeId}?tab=products`;
  // As the table now stands: with options the stock lives on the variants (decision 0032).
  const hasOptions = optionsOf(variants).length > 0;

  function submit(values: EditOutput) {
    // The table is checked before anything is sent: one save stores all of it or none (decision 0060).
    const problem = variantsChanged ? draftError(variants) : undefined;
    setVariantsError(problem);
    if (problem) return;
    const fields = {
      title: values.title,
      blurb: values.blurb ?? "",
      basePrice: values.basePrice,
      sku: values.sku ?? "",
      isActive: values.isActive,
      weightGrams: values.weightGrams ?? null,
      lengthCm: values.lengthCm ?? null,
      widthCm: values.widthCm ?? null,
      heightCm: values.heightCm ?? null,
      // With options the product's own stock is not used: it is left as it is.
      ...(hasOptions ? {} : { stockQty: values.stockQty ?? null }),
      // Sent only when changed: a save of the title never writes back variant stock read minutes ago.
      ...(variantsChanged ? { variants: requestOf(variants) } : {}),
      // A change saved meanwhile in another tab is refused (409, shown below) rather than overwritten.
      expectedUpdatedAt: product.updatedAt,
    };
    // Photos are saved on their own as they change (ProductPhotos), never with the fields.
    update.mutate(fields, {
      onSuccess: (saved) => {
        form.reset(valuesOf(saved), DISCARD_EDITS);
        setVariants(draftOf(saved));
        toast({ title: t("products.updatedTitle"), description: t("products.updatedDescription") });
      },
      onError: (err) => {
        toastFailure(t("products.updateFailedTitle"), err, t("common.tryAgain"));
      },
    });
  }

  function confirmDelete() {
    remove.mutate(product.id, {
      onSuccess: () => {
        setConfirmingDelete(false);
        toast({
          title: t("products.deletedTitle"),
          description: t("products.deletedDescription", { title: product.title }),
        });
        leaveWithoutAsking(() => navigate(storePage));
      },
      onError: (err) => {
        toastFailure(t("products.deleteFailedTitle"), err, t("common.tryAgain"));
      },
    });
  }

  return (
    <div className="mx-auto w-full max-w-5xl space-y-6">
      <BackLink to={storePage}>{t("products.backTo", { name: product.store.name })}</BackLink>
      <PageHeader
        title={product.title}
        description={
          <span className="inline-flex flex-wrap items-center gap-2">
            {t("products.editSubtitle")}
            <Badge variant={product.isActive ? "success" : "neutral"}>
              {product.isActive ? t("products.active") : t("products.inactive")}
            </Badge>
          </span>
        }
        actions={
          <>
            <Button asChild variant="outline">
              <a href={`/products/${product.id}`} target="_blank" rel="noopener noreferrer">
                <ExternalLink aria-hidden="true" />
                {t("products.viewProduct")}
                <span className="sr-only">{t("stores.opensInNewTab")}</span>
              </a>
            </Button>
            <Button
              variant="outline"
              onClick={() => setConfirmingDelete(true)}
              className="text-error hover:bg-red-50 hover:text-error dark:hover:bg-red-950/50"
            >
              <Trash2 aria-hidden="true" />
              {t("products.delete")}
            </Button>
          </>
        }
      />
      <FormProvider {...form}>
        <form noValidate onSubmit={form.handleSubmit(submit)} className="grid gap-6">
          <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
            <Card className="lg:sticky lg:top-24">
              <CardContent className="pt-5 sm:pt-6">
                <ProductPhotos product={product} />
              </CardContent>
            </Card>
            <Card>
              <CardContent className="grid gap-5 pt-5 sm:pt-6">
                <ProductFields stockPerVariant={hasOptions} />
                <div className="flex items-start justify-between gap-4 rounded-lg border p-4">
                  <div className="grid gap-1">
                    <Label htmlFor={activeId}>{t("products.activeLabel")}</Label>
                    <p id={activeHintId} className="text-xs text-muted-foreground">
                      {t("products.activeHint")}
                    </p>
                  </div>
                  <FormSwitch
                    control={form.control}
                    name="isActive"
                    id={activeId}
                    describedBy={activeHintId}
                    className="mt-0.5"
                  />
                </div>
              </CardContent>
            </Card>
          </div>
          <ShippingCard />
          <VariantsCard
            draft={variants}
            onChange={setVariants}
            basePrice={String(form.watch("basePrice") || "0")}
            error={variantsError}
          />
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-end">
            <Button asChild variant="outline">
              <Link to={storePage}>{t("common.cancel")}</Link>
            </Button>
            <Button type="submit" disabled={update.isPending}>
              {update.isPending && <Spinner />}
              {update.isPending ? t("products.saving") : t("products.save")}
            </Button>
            {/* Above the buttons on a phone (the row is reversed there), at the row's start when wider. */}
            <p
              role="status"
              className="text-center text-sm text-muted-foreground empty:hidden sm:order-first sm:mr-auto"
            >
              {dirty && !update.isPending ? t("unsavedChanges.hint") : null}
            </p>
          </div>
        </form>
      </FormProvider>
      <UnsavedChangesDialog blocker={blocker} />
      <ConfirmDialog
        open={confirmingDelete}
        onOpenChange={setConfirmingDelete}
        title={t("confirm.title")}
        description={t("products.deleteWarning", { title: product.title })}
        confirmLabel={t("products.deleteConfirm")}
        pendingLabel={t("products.deleting")}
        pending={remove.isPending}
        onConfirm={confirmDelete}
        destructive
      />
    </div>
  );
}
