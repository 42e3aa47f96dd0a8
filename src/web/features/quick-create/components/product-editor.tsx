import { Trash2 } from "lucide-react";
import { type FormEvent, useId, useRef, useState } from "react";
import { ImprovedPhotoChoice } from "../../../components/products/improved-photo";
import { Button } from "../../../components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../../../components/ui/dialog";
import { useTranslation } from "../../../lib/i18n";
import { photoChoicePatch, usesImprovedPhoto } from "../analysis";
import type { DraftProduct } from "../draft";
import { photosOf } from "../grouping";
import { type ProductErrors, validateProduct } from "../validation";
import { MarkedPhoto } from "./marked-photo";
import { type ProductValues, QuickProductFields } from "./product-fields";

interface ProductEditorProps {
  /** The product being edited; null closes the editor. */
  product: DraftProduct | null;
  number: number;
  /** False for the last product: a store needs at least one. */
  canRemove: boolean;
  onCancel: () => void;
  /** The fields, and whether the improved copy of the photo is to be its photo (decision 0062). */
  onSave: (values: ProductValues, useImproved: boolean) => void;
  onRemove: () => void;
  /** The other drafts this one's photos may join (the same product photographed twice). */
  others: { id: string; number: number; title: string }[];
  /** This draft's photos join `intoId`'s product, and this draft goes. */
  onMerge: (intoId: string) => void;
  /** Where focus goes when the editor closes (a removed product's card is gone). */
  onCloseAutoFocus?: (event: Event) => void;
}

/** docs/product-spec.md 2.14's product editor: title, description, price (NOK); Cancel, Remove Product, Save Changes. */
export function ProductEditor({
  product,
  number,
  canRemove,
  onCancel,
  onSave,
  onRemove,
  others,
  onMerge,
  onCloseAutoFocus,
}: ProductEditorProps) {
  return (
    <Dialog
      open={product !== null}
      onOpenChange={(open) => {
        if (!open) onCancel();
      }}
    >
      {product && (
        <EditorBody
          key={product.id}
          product={product}
          number={number}
          canRemove={canRemove}
          onCancel={onCancel}
          onSave={onSave}
          onRemove={onRemove}
          others={others}
          onMerge={onMerge}
          onCloseAutoFocus={onCloseAutoFocus}
        />
      )}
    </Dialog>
  );
}

function EditorBody({
  product,
  number,
  canRemove,
  onCancel,
  onSave,
  onRemove,
  others,
  onMerge,
  onCloseAutoFocus,
}: Omit<ProductEditorProps, "product"> & { product: DraftProduct }) {
  const { t } = useTranslation();
  const [target, setTarget] = useState("");
  const sameId = useId();
  const sameHintId = useId();
  const morePhotos = photosOf(product).length - 1;
  const form = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<ProductValues>({
    title: product.title,
    description: product.description,
    price: product.price,
    stockQty: product.stockQty,
  });
  const [errors, setErrors] = useState<ProductErrors | null>(null);
  const [useImproved, setUseImproved] = useState(() => usesImprovedPhoto(product));
  const photo = photoChoicePatch(product, useImproved) ?? product;
  const shown = errors ? validateProduct(values) : {};

  function submit(event: FormEvent) {
    event.preventDefault();
    const found = validateProduct(values);
    setErrors(found);
    if (Object.keys(found).length) {
      requestAnimationFrame(() => form.current?.querySelector<HTMLElement>("[aria-invalid='true']")?.focus());
      return;
    }
    onSave(values, useImproved);
  }

  return (
    <DialogContent className="max-w-2xl" onCloseAutoFocus={onCloseAutoFocus}>
      <DialogHeader>
        <DialogTitle>{t("quickCreate.editor.title", { number })}</DialogTitle>
        <DialogDescription>{t("quickCreate.editor.description")}</DialogDescription>
      </DialogHeader>
      <form ref={form} noValidate onSubmit={submit} className="grid gap-5">
        <div className="grid items-start gap-5 sm:grid-cols-[11rem_minmax(0,1fr)]">
          <MarkedPhoto
            imageUrl={photo.imageUrl}
            alt={product.altText}
            coordinates={photo.coordinates}
            number={number}
            sizes="176px"
            className="mx-auto w-36 rounded-xl sm:w-full"
          />
          {morePhotos > 0 && (
            <p className="text-center text-xs text-muted-foreground sm:col-start-1">
              {t("quickCreate.editor.morePhotos", { count: morePhotos })}
            </p>
          )}
          <QuickProductFields
            values={values}
            onChange={(patch) => setValues((current) => ({ ...current, ...patch }))}
            errors={shown}
            unsure={product.unsure}
            priceLabel={t("quickCreate.editor.price")}
          />
        </div>
        {product.photoChoice && (
          <ImprovedPhotoChoice
            originalUrl={product.photoChoice.original.url}
            improvedUrl={product.photoChoice.improved.url}
            useImproved={useImproved}
            onChange={setUseImproved}
          />
        )}
        {others.length > 0 && (
          <div className="grid gap-2 rounded-lg border p-3">
            <label htmlFor={sameId} className="text-sm font-medium">
              {t("quickCreate.editor.sameAs")}
            </label>
            <p id={sameHintId} className="text-xs text-muted-foreground">
              {t("quickCreate.editor.sameAsHint")}
            </p>
            <div className="flex gap-2 max-sm:flex-col">
              <select
                id={sameId}
                aria-describedby={sameHintId}
                value={target}
                onChange={(event) => setTarget(event.target.value)}
                className="h-10 min-w-0 flex-1 rounded-md border border-input bg-card px-3 text-sm shadow-xs focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring"
              >
                <option value="">{t("quickCreate.editor.sameAsNone")}</option>
                {others.map((other) => (
                  <option key={other.id} value={other.id}>
                    {t("quickCreate.editor.productOption", { number: other.number, title: other.title })}
                  </option>
                ))}
              </select>
              <Button variant="outline" disabled={!target} onClick={() => onMerge(target)}>
                {t("quickCreate.editor.sameAsButton")}
              </Button>
            </div>
          </div>
        )}
        <DialogFooter className="gap-2 border-t pt-4 sm:items-center">
          <Button
            variant="ghost"
            onClick={onRemove}
            disabled={!canRemove}
            title={canRemove ? undefined : t("quickCreate.editor.lastProduct")}
            className="text-error hover:bg-destructive/10 hover:text-error sm:mr-auto"
          >
            <Trash2 aria-hidden="true" />
            {t("quickCreate.editor.remove")}
          </Button>
          <Button variant="outline" onClick={onCancel}>
            {t("common.cancel")}
          </Button>
          <Button type="submit">{t("quickCreate.editor.save")}</Button>
        </DialogFooter>
      </form>
    </DialogContent>
  );
}
