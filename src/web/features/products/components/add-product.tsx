import { zodResolver } from "@hookform/resolvers/zod";
import { CircleHelp } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { FormProvider, useForm } from "react-hook-form";
import { Link, useNavigate, useParams } from "react-router";
import { MAX_PRODUCT_IMAGES } from "../../../../shared/product-images";
import { newProductSchema } from "../../../../shared/variants";
import type { z } from "../../../../shared/zod";
import { PageHeader } from "../../../components/page-header";
import { AiNotice } from "../../../components/products/ai-analysis";
import { ImprovedPhotoChoice } from "../../../components/products/improved-photo";
import { StoreNotFound } from "../../../components/stores/store-not-found";
import { BackLink } from "../../../components/ui/back-link";
import { Button } from "../../../components/ui/button";
import { Card, CardContent } from "../../../components/ui/card";
import { LoadFailed } from "../../../components/ui/load-failed";
import { PageSpinner, Spinner } from "../../../components/ui/spinner";
import { UnsavedChangesDialog, useUnsavedChanges } from "../../../components/unsaved-changes";
import { toast } from "../../../hooks/use-toast";
import { currentSeo, isUnsure, suggestedPrice } from "../../../lib/analysis-suggestions";
import { ApiError, errorMessage } from "../../../lib/api";
import { useTranslation } from "../../../lib/i18n";
import { wholeKroner } from "../../../lib/money";
import { type AnalysisResult, analyzeImage } from "../../../lib/queries/ai";
import { useStore } from "../../../lib/queries/stores";
import { toastFailure } from "../../../lib/toast-failure";
import { uploadProductImage, useCreateProduct } from "../api";
import { PhotoManager, type PhotoTile } from "./photo-manager";
import { type AiField, ProductFields, type ProductFormValues } from "./product-fields";
import { ShippingCard, shippingFormValues } from "./shipping-card";
import { stockFormText } from "./stock-field";
import { VariantsCard } from "./variants-card";
import { draftError, EMPTY_VARIANTS, requestOf, type VariantsDraft } from "./variants-draft";

type NewProductValues = z.input<typeof newProductSchema>;
type NewProductOutput = z.output<typeof newProductSchema>;
// A product from a photo is one of a kind until the seller says otherwise (decision 0032).
const EMPTY: NewProductValues = {
  ...({ title: "", blurb: "", basePrice: "", sku: "", stockQty: "1" } satisfies ProductFormValues),
  ...shippingFormValues(),
};
const AI_FIELDS: readonly AiField[] = ["title", "blurb", "basePrice"];

/** The analysis of the photo now in the picker; a result is only ever used with the file it describes. */
type Analysis =
  | { file: File; status: "pending" }
  | { file: File; status: "done"; result: AnalysisResult }
  | { file: File; status: "failed" };

/** A photo chosen on this page: sent when the product is published (decision 0033). */
interface LocalPhoto {
  key: string;
  file: File;
  src: string;
  state: "ready" | "uploading" | "failed";
  progress?: number;
  error?: string;
  /** Refused before any upload (no room left): never sent. A file that is no photo never gets here. */
  refused?: boolean;
}

let photoCounter = 0;

/** docs/product-spec.md 2.9: photos and the product's details; published straight to the store. */
export function AddProductPage() {
  const { t } = useTranslation();
  const { id = "" } = useParams();
  const store = useStore(id);

  if (store.isPending) return <PageSpinner label={t("common.loading")} />;
  if (store.isError) {
    if (store.error instanceof ApiError && store.error.status === 404) return <StoreNotFound />;
    return <LoadFailed onRetry={() => void store.refetch()} />;
  }
  return <AddProductForm storeId={store.data.id} storeName={store.data.name} />;
}

function AddProductForm({ storeId, storeName }: { storeId: string; storeName: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateProduct(storeId);
  const [variants, setVariants] = useState<VariantsDraft>(EMPTY_VARIANTS);
  const [variantsError, setVariantsError] = useState<string | undefined>();
  const hasOptions = variants.options.length > 0;
  const [photos, setPhotos] = useState<LocalPhoto[]>([]);
  const [publishing, setPublishing] = useState(false);
  const [imageMissing, setImageMissing] = useState(false);
  const [analysis, setAnalysis] = useState<Analysis | null>(null);
  // The improved copy the analysis offered is the product's photo only once the seller chooses it.
  const [useImproved, setUseImproved] = useState(false);
  // Fields the seller typed in: a late AI answer never overwrites them.
  const [edited, setEdited] = useState<ReadonlySet<AiField>>(new Set());
  const editedRef = useRef(edited);
  const running = useRef<AbortController | null>(null);
  const form = useForm<NewProductValues, unknown, NewProductOutput>({
    resolver: zodResolver(newProductSchema),
    defaultValues: EMPTY,
  });
  const storePage = `/stores/${storeId}?tab=products`;

  useEffect(() => {
    const subscription = form.watch((_, { name, type }) => {
      const field = AI_FIELDS.find((candidate) => candidate === name);
      if (type !== "change" || !field || editedRef.current.has(field)) return;
      editedRef.current = new Set([...editedRef.current, field]);
      setEdited(editedRef.current);
    });
    return () => subscription.unsubscribe();
  }, [form]);

  useEffect(() => () => running.current?.abort(), []);

  /** Fills what the seller has not typed themselves; an unsure AI leaves the name to the seller. */
  function prefill(result: AnalysisResult) {
    const values: Record<AiField, string> = {
      title: isUnsure(result) ? "" : result.title,
      blurb: result.description,
      // Add product takes whole kroner: an AI guess like "199.5" arrives rounded, as it would be shown.
      basePrice: String(wholeKroner(suggestedPrice(result.suggestedPrice))),
    };
    for (const field of AI_FIELDS) {
      if (editedRef.current.has(field)) continue;
      form.setValue(field, values[field], { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
    }
  }

  /** The main photo is analysed as soon as it is chosen (docs/product-spec.md 2.9); the other photos are not. */
  function analyse(file: File | null) {
    running.current?.abort();
    running.current = null;
    setImageMissing(false);
    setUseImproved(false);
    if (!file) {
      setAnalysis(null);
      return;
    }
    const controller = new AbortController();
    running.current = controller;
    setAnalysis({ file, status: "pending" });
    analyzeImage(file, { storeId, signal: controller.signal }).then(
      (result) => {
        if (controller.signal.aborted) return;
        prefill(result);
        setAnalysis({ file, status: "done", result });
      },
      () => {
        if (controller.signal.aborted) return;
        setAnalysis({ file, status: "failed" });
        toast({
          variant: "destructive",
          title: t("aiAnalysis.failedTitle"),
          description: t("aiAnalysis.failedDescription"),
        });
      },
    );
  }

  const chosen = photos.filter((photo) => !photo.refused);
  const image = chosen[0]?.file ?? null;

  /** Photos the manager checked when they were chosen (decision 0062); past ten they are refused. */
  function addPhotos(files: File[]) {
    let room = MAX_PRODUCT_IMAGES - chosen.length;
    const added: LocalPhoto[] = files.map((file) => {
      const full = room <= 0;
      if (!full) room -= 1;
      return {
        key: `photo-${++photoCounter}`,
        file,
        src: URL.createObjectURL(file),
        state: full ? "failed" : "ready",
        refused: full,
        error: full ? t("errors.tooManyProductImages") : undefined,
      };
    });
    setPhotos((list) => [...list, ...added]);
    // The first photo chosen is the one the AI describes.
    const first = added.find((photo) => photo.state === "ready");
    if (!image && first) analyse(first.file);
  }

  function removePhoto(key: string) {
    const gone = photos.find((photo) => photo.key === key);
    if (gone) URL.revokeObjectURL(gone.src);
    const rest = photos.filter((photo) => photo.key !== key);
    setPhotos(rest);
    // Without the photo the suggestion came from, the next main photo is described instead.
    if (gone && analysis?.file === gone.file) {
      analyse(rest.find((photo) => !photo.refused)?.file ?? null);
    }
  }

  function reorderPhotos(keys: string[]) {
    setPhotos((list) => [
      ...keys.flatMap((key) => list.find((photo) => photo.key === key) ?? []),
      ...list.filter((photo) => !keys.includes(photo.key)),
    ]);
  }

  const setPhoto = (key: string, change: Partial<LocalPhoto>) =>
    setPhotos((list) => list.map((photo) => (photo.key === key ? { ...photo, ...change } : photo)));

  // Anything the seller put in (a photo, a field, an option) is lost by leaving: ask first, as the
  // product editor does (decision 0060's one hook). Publishing leaves without asking.
  const dirty = chosen.length > 0 || form.formState.isDirty || hasOptions;
  const { blocker, leaveWithoutAsking } = useUnsavedChanges(dirty && !publishing);

  const pending = analysis?.status === "pending";
  const analysed = analysis?.status === "done" && analysis.file === image ? analysis.result : null;
  const improvedUrl = analysed?.enhancedImageUrl;
  const improvedChosen = Boolean(improvedUrl && useImproved);
  // The main photo as the analysis stored it (the chosen version): HEIC included, which a browser may not draw.
  const mainPhoto = analysed && {
    url: improvedChosen && improvedUrl ? improvedUrl : analysed.imageUrl,
    coordinates: improvedChosen ? (analysed.enhancedCoordinates ?? null) : analysed.coordinates,
  };
  const tiles: PhotoTile[] = photos.map((photo) =>
    mainPhoto && photo.file === image ? { ...photo, src: mainPhoto.url } : photo,
  );
  const unsure = analysed !== null && isUnsure(analysed) && !edited.has("title");
  const shimmering = new Set(pending ? AI_FIELDS.filter((field) => !edited.has(field)) : []);

  async function submit(values: NewProductOutput) {
    if (!image) {
      setImageMissing(true);
      toast({
        variant: "destructive",
        title: t("products.missingImageTitle"),
        description: t("errors.imageRequired"),
      });
      return;
    }
    // The variants are checked before anything is created: a product half saved helps nobody.
    const problem = hasOptions ? draftError(variants) : undefined;
    setVariantsError(problem);
    if (problem) return;
    const body = new FormData();
    body.set("title", values.title);
    // With options the stock lives on the variants; the product's own is not used. The variants are
    // created with the product, so it is never on sale without them (decision 0032).
    body.set("stockQty", hasOptions ? "" : stockFormText(values.stockQty));
    if (hasOptions) body.set("variants", JSON.stringify(requestOf(variants)));
    body.set("basePrice", values.basePrice);
    if (values.blurb) body.set("blurb", values.blurb);
    if (values.sku) body.set("sku", values.sku);
    for (const key of ["weightGrams", "lengthCm", "widthCm", "heightCm"] as const) {
      const value = values[key];
      if (value != null) body.set(key, String(value));
    }
    if (analysed && mainPhoto) {
      if (analysis?.file === image) {
        // The analysis already stored this photo (and its improved copy): the product points at the one
        // the seller chose instead of a second upload.
        body.set("imageUrl", mainPhoto.url);
        if (analysed.category) body.set("category", analysed.category);
        if (analysed.altText) body.set("altText", analysed.altText);
        if (mainPhoto.coordinates) body.set("coordinates", JSON.stringify(mainPhoto.coordinates));
      } else {
        body.set("image", image);
      }
      const seo = currentSeo({
        title: values.title,
        description: values.blurb ?? "",
        seoTitle: analysed.seoTitle,
        seoDescription: analysed.seoDescription,
        aiTitle: analysed.title,
        aiDescription: analysed.description,
      });
      if (seo.seoTitle) body.set("seoMetaTitle", seo.seoTitle);
      if (seo.seoDescription) body.set("seoMetaDesc", seo.seoDescription);
    } else {
      running.current?.abort();
      body.set("image", image);
    }
    setPublishing(true);
    try {
      const product = await create.mutateAsync(body);
      // The other photos follow one by one, in the order chosen, each showing its own progress.
      let failed = 0;
      for (const photo of chosen.slice(1)) {
        setPhoto(photo.key, { state: "uploading", progress: 0 });
        try {
          await uploadProductImage(product.id, photo.file, (progress) => setPhoto(photo.key, { progress }));
          setPhoto(photo.key, { state: "ready", progress: 100 });
        } catch (error) {
          failed += 1;
          setPhoto(photo.key, { state: "failed", error: errorMessage(error, t("photos.uploadFailed")) });
        }
      }
      if (failed > 0) {
        toast({
          variant: "destructive",
          title: t("photos.someFailedTitle", { count: failed }),
          description: t("photos.someFailedText", { count: failed }),
        });
        leaveWithoutAsking(() => navigate(`/product-edit/${product.id}`));
        return;
      }
      toast({
        title: t("products.createdTitle"),
        description: t("products.createdDescription", { title: product.title }),
      });
      leaveWithoutAsking(() => navigate(storePage));
    } catch (err) {
      toastFailure(t("products.createFailedTitle"), err, t("common.tryAgain"));
    } finally {
      setPublishing(false);
    }
  }

  return (
    <div className="mx-auto w-full max-w-5xl space-y-6">
      <BackLink to={storePage}>{t("products.backTo", { name: storeName })}</BackLink>
      <PageHeader
        title={t("products.addTitle")}
        description={t("products.addSubtitle", { name: storeName })}
      />
      <FormProvider {...form}>
        <form noValidate onSubmit={form.handleSubmit(submit)} className="grid gap-6">
          <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
            <Card className="lg:sticky lg:top-24">
              <CardContent className="pt-5 sm:pt-6">
                <PhotoManager
                  label={t("photos.label")}
                  tiles={tiles}
                  onAdd={addPhotos}
                  onRemove={removePhoto}
                  onReorder={reorderPhotos}
                  onDismiss={removePhoto}
                  error={imageMissing ? "errors.imageRequired" : undefined}
                />
                {analysed && improvedUrl && (
                  <ImprovedPhotoChoice
                    originalUrl={analysed.imageUrl}
                    improvedUrl={improvedUrl}
                    useImproved={useImproved}
                    onChange={setUseImproved}
                    className="mt-4"
                  />
                )}
              </CardContent>
            </Card>
            <Card>
              <CardContent className="grid gap-5 pt-5 sm:pt-6">
                <div role="status" className="empty:hidden">
                  {pending && <AiNotice state="working">{t("aiAnalysis.analyzing")}</AiNotice>}
                  {analysed && <AiNotice state="done">{t("aiAnalysis.suggested")}</AiNotice>}
                </div>
                <ProductFields
                  stockPerVariant={hasOptions}
                  aiPending={shimmering}
                  titleHint={
                    unsure ? (
                      <span className="inline-flex items-start gap-1.5 text-sm text-amber-800 dark:text-amber-200">
                        <CircleHelp aria-hidden="true" className="mt-0.5 size-3.5 shrink-0" />
                        {t("aiAnalysis.unsure")}
                      </span>
                    ) : undefined
                  }
                />
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
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Button asChild variant="outline">
              <Link to={storePage}>{t("common.cancel")}</Link>
            </Button>
            <Button type="submit" disabled={!image || publishing}>
              {publishing && <Spinner />}
              {publishing ? t("products.publishing") : t("products.publish")}
            </Button>
          </div>
        </form>
      </FormProvider>
      <UnsavedChangesDialog blocker={blocker} />
    </div>
  );
}
