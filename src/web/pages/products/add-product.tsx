import { zodResolver } from "@hookform/resolvers/zod";
import { CircleHelp } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { FormProvider, useForm } from "react-hook-form";
import { Link, useNavigate, useParams } from "react-router";
import { type ProductFields as ProductFieldsOutput, productFieldsSchema } from "../../../shared/product";
import { PageHeader } from "../../components/page-header";
import { AiNotice } from "../../components/products/ai-analysis";
import { BackLink } from "../../components/products/back-link";
import { ImagePicker } from "../../components/products/image-picker";
import {
  type AiField,
  ProductFields,
  type ProductFormValues,
} from "../../components/products/product-fields";
import { LoadFailed } from "../../components/stores/load-failed";
import { StoreNotFound } from "../../components/stores/store-not-found";
import { Button } from "../../components/ui/button";
import { Card, CardContent } from "../../components/ui/card";
import { PageSpinner, Spinner } from "../../components/ui/spinner";
import { toast } from "../../hooks/use-toast";
import { currentSeo, isUnsure, suggestedPrice } from "../../lib/analysis-suggestions";
import { ApiError } from "../../lib/api";
import { useTranslation } from "../../lib/i18n";
import { wholeKroner } from "../../lib/money";
import { type AnalysisResult, analyzeImage } from "../../lib/queries/ai";
import { useCreateProduct } from "../../lib/queries/products";
import { useStore } from "../../lib/queries/stores";
import { toastFailure } from "../../lib/toast-failure";

const EMPTY: ProductFormValues = { title: "", blurb: "", basePrice: "", sku: "" };
const AI_FIELDS: readonly AiField[] = ["title", "blurb", "basePrice"];

/** The analysis of the photo now in the picker; a result is only ever used with the file it describes. */
type Analysis =
  | { file: File; status: "pending" }
  | { file: File; status: "done"; result: AnalysisResult }
  | { file: File; status: "failed" };

/** Spec 2.9: one photo and the product's details; published straight to the store. */
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
  const [image, setImage] = useState<File | null>(null);
  const [imageMissing, setImageMissing] = useState(false);
  const [analysis, setAnalysis] = useState<Analysis | null>(null);
  // Fields the seller typed in: a late AI answer never overwrites them.
  const [edited, setEdited] = useState<ReadonlySet<AiField>>(new Set());
  const editedRef = useRef(edited);
  const running = useRef<AbortController | null>(null);
  const form = useForm<ProductFormValues, unknown, ProductFieldsOutput>({
    resolver: zodResolver(productFieldsSchema),
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

  /** The one place a chosen photo enters the form: it is analysed at once (spec 2.9). */
  function onImageChosen(file: File | null) {
    running.current?.abort();
    running.current = null;
    setImage(file);
    setImageMissing(false);
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

  const pending = analysis?.status === "pending";
  const analysed = analysis?.status === "done" && analysis.file === image ? analysis.result : null;
  const unsure = analysed !== null && isUnsure(analysed) && !edited.has("title");
  const shimmering = new Set(pending ? AI_FIELDS.filter((field) => !edited.has(field)) : []);

  function submit(values: ProductFieldsOutput) {
    if (!image) {
      setImageMissing(true);
      toast({
        variant: "destructive",
        title: t("products.missingImageTitle"),
        description: t("errors.imageRequired"),
      });
      return;
    }
    const body = new FormData();
    body.set("title", values.title);
    body.set("basePrice", values.basePrice);
    if (values.blurb) body.set("blurb", values.blurb);
    if (values.sku) body.set("sku", values.sku);
    if (analysed) {
      // The analysis already stored this photo: the product points at it instead of a second upload.
      body.set("imageUrl", analysed.imageUrl);
      if (analysed.category) body.set("category", analysed.category);
      if (analysed.altText) body.set("altText", analysed.altText);
      if (analysed.coordinates) body.set("coordinates", JSON.stringify(analysed.coordinates));
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
    create.mutate(body, {
      onSuccess: (product) => {
        toast({
          title: t("products.createdTitle"),
          description: t("products.createdDescription", { title: product.title }),
        });
        navigate(storePage);
      },
      onError: (err) => {
        toastFailure(t("products.createFailedTitle"), err, t("common.tryAgain"));
      },
    });
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
                <ImagePicker
                  label={t("products.imageLabel")}
                  file={image}
                  onFileChange={onImageChosen}
                  error={imageMissing ? "errors.imageRequired" : undefined}
                  analyzing={pending}
                />
              </CardContent>
            </Card>
            <Card>
              <CardContent className="grid gap-5 pt-5 sm:pt-6">
                <div role="status" className="empty:hidden">
                  {pending && <AiNotice state="working">{t("aiAnalysis.analyzing")}</AiNotice>}
                  {analysed && <AiNotice state="done">{t("aiAnalysis.suggested")}</AiNotice>}
                </div>
                <ProductFields
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
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Button asChild variant="outline">
              <Link to={storePage}>{t("common.cancel")}</Link>
            </Button>
            <Button type="submit" disabled={!image || create.isPending}>
              {create.isPending && <Spinner />}
              {create.isPending ? t("products.publishing") : t("products.publish")}
            </Button>
          </div>
        </form>
      </FormProvider>
    </div>
  );
}
