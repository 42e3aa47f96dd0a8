import { ArrowLeft, CircleAlert, Sparkles, X } from "lucide-react";
import { type FormEvent, useRef, useState } from "react";
import { ImprovedPhotoChoice } from "../../../components/products/improved-photo";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { Spinner } from "../../../components/ui/spinner";
import { toast } from "../../../hooks/use-toast";
import { useTranslation } from "../../../lib/i18n";
import { usesImprovedPhoto } from "../analysis";
import { MarkedPhoto } from "../components/marked-photo";
import { QuickProductCard } from "../components/product-card";
import { ProductEditor } from "../components/product-editor";
import { type ProductValues, QuickProductFields } from "../components/product-fields";
import { StepFrame } from "../components/step-frame";
import { StoreDetailsFields } from "../components/store-details";
import type { DraftProduct, QuickCreateDraft, StoreDraft } from "../draft";
import { MAX_PHOTOS } from "../files";
import { photosOf } from "../grouping";
import type { AnalysisFailure } from "../machine";
import type { DraftErrors } from "../validation";
import type { FrameProps } from "./frame-props";

interface StoreStepProps {
  frame: FrameProps;
  draft: QuickCreateDraft;
  /** The errors to show: null until the visitor first tries to create the store. */
  errors: DraftErrors | null;
  failures: AnalysisFailure[];
  onDismissFailures: () => void;
  onProductChange: (id: string, patch: Partial<ProductValues>) => void;
  /** The improved copy of a product's photo, or the photo as taken, becomes its photo (decision 0062). */
  onChoosePhoto: (id: string, useImproved: boolean) => void;
  onRemoveProduct: (id: string) => void;
  /** The photos of draft `fromId` join draft `intoId`: one product photographed more than once. */
  onMergeProduct: (fromId: string, intoId: string) => void;
  onStoreChange: (patch: Partial<StoreDraft>) => void;
  onSubmit: () => void;
  pending: boolean;
}

/** Photos that could not be analysed in a multi upload: the flow went on with the rest. */
function FailureNotice({ failures, onDismiss }: { failures: AnalysisFailure[]; onDismiss: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="relative mb-6 rounded-xl border border-error/40 bg-destructive/5 p-4 pr-12 text-sm">
      <p className="flex items-center gap-2 font-semibold text-error">
        <CircleAlert aria-hidden="true" className="size-4 shrink-0" />
        {t("quickCreate.store.failedHeading", { count: failures.length })}
      </p>
      <ul className="mt-2 grid gap-1 pl-6">
        {failures.map((failure) => (
          <li key={failure.key} className="break-words">
            <span className="font-medium">{failure.name}</span>: {failure.error}
          </li>
        ))}
      </ul>
      <p className="mt-2 pl-6 text-muted-foreground">{t("quickCreate.store.failedHint")}</p>
      <button
        type="button"
        onClick={onDismiss}
        aria-label={t("quickCreate.store.dismiss")}
        className="absolute top-3 right-3 rounded-md p-1.5 text-muted-foreground hover:bg-accent hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
      >
        <X aria-hidden="true" className="size-4" />
      </button>
    </div>
  );
}

function SingleProduct({
  product,
  errors,
  onChange,
  onChoosePhoto,
}: {
  product: DraftProduct;
  errors: DraftErrors | null;
  onChange: (patch: Partial<ProductValues>) => void;
  onChoosePhoto: (useImproved: boolean) => void;
}) {
  const { t } = useTranslation();
  return (
    <Card className="overflow-hidden">
      <div className="grid sm:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <div className="border-b bg-muted sm:border-r sm:border-b-0">
          <MarkedPhoto
            imageUrl={product.imageUrl}
            alt={product.altText}
            coordinates={product.coordinates}
            sizes="(min-width: 1024px) 320px, (min-width: 640px) 40vw, 100vw"
            className="sm:aspect-auto sm:h-full sm:min-h-72"
          />
        </div>
        <div className="p-5 sm:p-6">
          <QuickProductFields
            values={product}
            onChange={onChange}
            errors={errors?.products[product.id] ?? {}}
            unsure={product.unsure}
            priceLabel={t("quickCreate.product.price")}
          />
          {product.photoChoice && (
            <ImprovedPhotoChoice
              originalUrl={product.photoChoice.original.url}
              improvedUrl={product.photoChoice.improved.url}
              useImproved={usesImprovedPhoto(product)}
              onChange={onChoosePhoto}
              className="mt-5"
            />
          )}
        </div>
      </div>
    </Card>
  );
}

/** docs/product-spec.md 2.14's store step: the AI's draft to check and edit, the store's details, and Create My Store. */
export function StoreStep({
  frame,
  draft,
  errors,
  failures,
  onDismissFailures,
  onProductChange,
  onChoosePhoto,
  onRemoveProduct,
  onMergeProduct,
  onStoreChange,
  onSubmit,
  pending,
}: StoreStepProps) {
  const { t } = useTranslation();
  const form = useRef<HTMLFormElement>(null);
  const grid = useRef<HTMLHeadingElement>(null);
  const [editing, setEditing] = useState<string | null>(null);
  const removed = useRef(false);
  const single = draft.mode === "single";
  const [first] = draft.products;
  const editingIndex = draft.products.findIndex((product) => product.id === editing);
  const invalidProducts = errors ? Object.keys(errors.products).length : 0;

  function submit(event: FormEvent) {
    event.preventDefault();
    onSubmit();
    requestAnimationFrame(() => form.current?.querySelector<HTMLElement>("[aria-invalid='true']")?.focus());
  }

  function save(values: ProductValues, useImproved: boolean) {
    if (!editing) return;
    onProductChange(editing, values);
    onChoosePhoto(editing, useImproved);
    setEditing(null);
    toast({ title: t("quickCreate.editor.updatedTitle") });
  }

  function remove() {
    if (!editing) return;
    removed.current = true;
    onRemoveProduct(editing);
    setEditing(null);
    toast({ title: t("quickCreate.editor.removedTitle") });
  }

  function merge(intoId: string) {
    if (!editing) return;
    const number = draft.products.findIndex((product) => product.id === intoId) + 1;
    removed.current = true;
    onMergeProduct(editing, intoId);
    setEditing(null);
    toast({
      title: t("quickCreate.editor.mergedTitle", { number: number > editingIndex ? number - 1 : number }),
    });
  }

  const editingPhotos = editingIndex >= 0 ? photosOf(draft.products[editingIndex] as DraftProduct).length : 0;
  const others = draft.products.flatMap((product, index) =>
    product.id === editing || photosOf(product).length + editingPhotos > MAX_PHOTOS
      ? []
      : [{ id: product.id, number: index + 1, title: product.title }],
  );

  return (
    <StepFrame
      {...frame}
      step="store"
      width="wide"
      title={t("quickCreate.store.title")}
      description={
        single
          ? t("quickCreate.store.subtitleSingle")
          : t("quickCreate.store.subtitleMultiple", { count: draft.products.length })
      }
    >
      {failures.length > 0 && <FailureNotice failures={failures} onDismiss={onDismissFailures} />}
      <form
        ref={form}
        noValidate
        onSubmit={submit}
        className="grid items-start gap-6 lg:grid-cols-[minmax(0,7fr)_minmax(0,5fr)] lg:gap-8"
      >
        <section aria-labelledby="quick-products" className="grid gap-4">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 id="quick-products" ref={grid} tabIndex={-1} className="text-lg font-semibold outline-none">
              {t("quickCreate.store.productsHeading", { count: draft.products.length })}
            </h2>
            <span className="inline-flex items-center gap-1.5 rounded-full border border-primary/25 bg-accent/60 px-3 py-1 text-xs font-medium text-accent-foreground">
              <Sparkles aria-hidden="true" className="size-3.5 text-primary" />
              {t("quickCreate.store.draftedByAi")}
            </span>
          </div>
          {single && first ? (
            <SingleProduct
              product={first}
              errors={errors}
              onChange={(patch) => onProductChange(first.id, patch)}
              onChoosePhoto={(useImproved) => onChoosePhoto(first.id, useImproved)}
            />
          ) : (
            <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4">
              {draft.products.map((product, index) => (
                <li key={product.id} className="grid">
                  <QuickProductCard
                    product={product}
                    number={index + 1}
                    errors={errors?.products[product.id]}
                    onOpen={() => setEditing(product.id)}
                  />
                </li>
              ))}
            </ul>
          )}
        </section>

        <Card className="lg:sticky lg:top-24">
          <CardHeader>
            <CardTitle>{t("quickCreate.storeDetails.heading")}</CardTitle>
            <CardDescription>{t("quickCreate.storeDetails.description")}</CardDescription>
          </CardHeader>
          <CardContent>
            <StoreDetailsFields
              store={draft.store}
              onChange={onStoreChange}
              errors={errors?.store ?? {}}
              mode={draft.mode}
            />
          </CardContent>
        </Card>

        <div className="grid gap-3 lg:col-span-2">
          {errors && errors.count > 0 && (
            <p role="alert" className="flex items-start gap-2 text-sm font-medium text-error">
              <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              {invalidProducts > 0 && !single
                ? t("quickCreate.store.productsNeedAttention", { count: invalidProducts })
                : t("quickCreate.store.fixErrors")}
            </p>
          )}
          <div className="sticky bottom-0 z-10 -mx-4 flex gap-3 border-t bg-background/90 px-4 py-3 backdrop-blur-md sm:static sm:mx-0 sm:justify-end sm:border-0 sm:bg-transparent sm:p-0 sm:backdrop-blur-none">
            <Button
              variant="outline"
              size="lg"
              onClick={frame.onBack}
              disabled={pending}
              className="px-4 sm:px-6"
            >
              <ArrowLeft aria-hidden="true" />
              <span className="sr-only min-[420px]:not-sr-only">{t("quickCreate.back")}</span>
            </Button>
            <Button
              type="submit"
              size="lg"
              disabled={pending}
              aria-busy={pending || undefined}
              className="min-w-0 flex-1 sm:flex-none"
            >
              {pending ? <Spinner /> : <Sparkles aria-hidden="true" />}
              {pending ? t("quickCreate.store.creating") : t("quickCreate.store.create")}
            </Button>
          </div>
        </div>
      </form>

      <ProductEditor
        product={editingIndex >= 0 ? (draft.products[editingIndex] ?? null) : null}
        number={editingIndex + 1}
        canRemove={draft.products.length > 1}
        onCancel={() => setEditing(null)}
        onSave={save}
        onRemove={remove}
        others={others}
        onMerge={merge}
        onCloseAutoFocus={(event) => {
          if (!removed.current) return;
          removed.current = false;
          event.preventDefault();
          grid.current?.focus();
        }}
      />
    </StepFrame>
  );
}
