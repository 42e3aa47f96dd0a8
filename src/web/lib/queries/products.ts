import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ProductView } from "../../../shared/product";
import type { ProductImages } from "../../../shared/product-images";
import type { UpdateProductRequest } from "../../../shared/variants";
import { apiGetPage, apiJson, apiRequest, type ListPage } from "../api";
import { uploadWithProgress } from "../upload";
import { invalidateApi, storeKeys } from "./stores";

const productPath = (id: string) => `/api/products/${encodeURIComponent(id)}`;

export const productKeys = {
  detail: (id: string) => [productPath(id)] as const,
};

/** A product changes its store's list and count, the seller's product lists and the dashboard. */
const PRODUCT_DEPENDENT = [storeKeys.all[0], "/api/products", "/api/dashboard"];

/** Products on one page of a store's Products tab: whole rows of its 2, 3 or 4 columns. */
export const PRODUCT_PAGE_SIZE = 24;

/** The longest search the Products tab sends. */
export const PRODUCT_SEARCH_MAX_LENGTH = 100;

/**
 * One page (1-based) of a store's products, a member's view with the inactive ones, searched by `search`
 * when it is not empty, with the number of products that match (decision 0041). The key is the URL under
 * the store's path, so every change to the store or its products refreshes it; while the next page loads,
 * the current one stays on screen.
 */
export function useStoreProductPage(storeId: string, { page, search }: { page: number; search: string }) {
  const params = new URLSearchParams({
    limit: String(PRODUCT_PAGE_SIZE),
    offset: String((page - 1) * PRODUCT_PAGE_SIZE),
  });
  if (search) params.set("q", search);
  const queryKey = [`${storeKeys.products(storeId)[0]}?${params}`] as const;
  return useQuery<ListPage<ProductView>>({
    queryKey,
    queryFn: ({ signal }) => apiGetPage<ProductView>(queryKey[0], signal),
    placeholderData: keepPreviousData,
  });
}

export function useProduct(id: string) {
  return useQuery<ProductView>({ queryKey: productKeys.detail(id) });
}

/** POST multipart: title, blurb, basePrice, sku and the image file. */
export function useCreateProduct(storeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: FormData) =>
      apiJson<ProductView>("POST", `/api/stores/${encodeURIComponent(storeId)}/products`, form),
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
      apiJson<ProductView>("PUT", productPath(id), input),
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
