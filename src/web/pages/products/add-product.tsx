import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { FormProvider, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useParams } from "react-router";
import { type ProductFields as ProductFieldsOutput, productFieldsSchema } from "../../../shared/product";
import { PageHeader } from "../../components/page-header";
import { BackLink } from "../../components/products/back-link";
import { ImagePicker } from "../../components/products/image-picker";
import { ProductFields, type ProductFormValues } from "../../components/products/product-fields";
import { LoadFailed } from "../../components/stores/load-failed";
import { StoreNotFound } from "../../components/stores/store-not-found";
import { Button } from "../../components/ui/button";
import { Card, CardContent } from "../../components/ui/card";
import { PageSpinner, Spinner } from "../../components/ui/spinner";
import { toast } from "../../hooks/use-toast";
import { ApiError, errorMessage } from "../../lib/api";
import { useCreateProduct } from "../../lib/queries/products";
import { useStore } from "../../lib/queries/stores";

const EMPTY: ProductFormValues = { title: "", blurb: "", basePrice: "", sku: "" };

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
  const form = useForm<ProductFormValues, unknown, ProductFieldsOutput>({
    resolver: zodResolver(productFieldsSchema),
    defaultValues: EMPTY,
  });
  const storePage = `/stores/${storeId}?tab=products`;

  /** The one place a chosen photo enters the form; image analysis will prefill the fields from here. */
  function onImageChosen(file: File | null) {
    setImage(file);
    setImageMissing(false);
  }

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
    body.set("image", image);
    create.mutate(body, {
      onSuccess: (product) => {
        toast({
          title: t("products.createdTitle"),
          description: t("products.createdDescription", { title: product.title }),
        });
        navigate(storePage);
      },
      onError: (err) => {
        toast({
          variant: "destructive",
          title: t("products.createFailedTitle"),
          description: errorMessage(err, t("common.tryAgain")),
        });
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
                />
              </CardContent>
            </Card>
            <Card>
              <CardContent className="pt-5 sm:pt-6">
                <ProductFields />
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
