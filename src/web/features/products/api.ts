import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ProductView, SellerProductView } from "../../../shared/product";
import type { ProductImages } from "../../../shared/product-images";
import type { UpdateProductRequest } from "../../../shared/variants";
import { apiJson, apiRequest } from "../../lib/api";
import { invalidateApi, storeKeys } from "../../lib/queries/stores";
import { uploadWithProgress } from "../../lib/upload";

const productPath = (id: string) => `/api/products/${encodeURIComponent(id)}`;

export const productKeys = {
  detail: (id: string) => [productPath(id)] as const,
};

/** A product changes its store's list and count, the seller's product lists and the dashboard. */
const PRODUCT_DEPENDENT = [storeKeys.all[0], "/api/products", "/api/dashboard"];

/** The product as its seller reads it: with its weight and size (decision 0079). */
export function useProduct(id: string) {
  return useQuery<SellerProductView>({ queryKey: productKeys.detail(id) });
}

/** POST multipart: title, blurb, basePrice, sku and the image file. */
export function useCreateProduct(storeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: FormData) =>
      apiJson<SellerProductView>("POST", `/api/stores/${encodeURIComponent(storeId)}/products`, form),
    onSuccess: (product) => {
      queryClient.setQueryData(productKeys.detail(product.id), product);
      return invalidateApi(queryClient, ...PRODUCT_DEPENDENT);
    },
  });
}

/** PUT JSON fields (with the options and variants when they changed), or FormData with a new `image`. */
export function useUpdateProduct(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateProductRequest | FormData) =>
      apiJson<SellerProductView>("PUT", productPath(id), input),
    onSuccess: (product) => {
      queryClient.setQueryData(productKeys.detail(id), product);
      return invalidateApi(queryClient, ...PRODUCT_DEPENDENT);
    },
  });
}

export function useDeleteProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest("DELETE", productPath(id)),
    onSuccess: (_, id) => {
      queryClient.removeQueries({ queryKey: productKeys.detail(id) });
      return invalidateApi(queryClient, ...PRODUCT_DEPENDENT);
    },
  });
}

/**
 * A product's photos changed (decision 0033): the product's own cache takes the new list at once, and
 * the lists that show its main photo are asked again.
 */
export function useProductImagesSaved(id: string) {
  const queryClient = useQueryClient();
  return (saved: ProductImages) => {
    queryClient.setQueryData<ProductView>(productKeys.detail(id), (product) =>
      product ? { ...product, ...saved } : product,
    );
    return invalidateApi(queryClient, ...PRODUCT_DEPENDENT);
  };
}

/** Adds one photo, reporting the upload's progress. */
export function uploadProductImage(id: string, file: File, onProgress: (percent: number) => void) {
  const form = new FormData();
  form.set("image", file);
  return uploadWithProgress<ProductImages>(`${productPath(id)}/images`, form, onProgress);
}

export function useReorderProductImages(id: string) {
  const saved = useProductImagesSaved(id);
  return useMutation({
    mutationFn: (imageIds: string[]) =>
      apiJson<ProductImages>("PUT", `${productPath(id)}/images/order`, { imageIds }),
    onSuccess: saved,
  });
}

export function useRemoveProductImage(id: string) {
  const saved = useProductImagesSaved(id);
  return useMutation({
    mutationFn: (imageId: string) =>
      apiJson<ProductImages>("DELETE", `${productPath(id)}/images/${encodeURIComponent(imageId)}`),
    onSuccess: saved,
  });
}
