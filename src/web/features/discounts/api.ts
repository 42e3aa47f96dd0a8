import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { DiscountView } from "../../../shared/discount";
import type { ProductView } from "../../../shared/product";
import { apiGetPage, apiJson, apiRequest } from "../../lib/api";
import { storePath } from "../../lib/queries/stores";

/** The body both saves send: the form's values, which the server parses with discountInputSchema. */
export type DiscountBody = Record<string, unknown>;

export const discountsKey = (storeId: string) => [`${storePath(storeId)}/discounts`] as const;
const discountPath = (id: string) => `/api/discounts/${encodeURIComponent(id)}`;

/** The store's codes with their uses, discount given and revenue; fresh whenever the tab shows. */
export function useDiscounts(storeId: string) {
  return useQuery<DiscountView[]>({ queryKey: discountsKey(storeId), staleTime: 0 });
}

/** Creates (id null) or replaces a code; the list takes the saved code at once. */
export function useSaveDiscount(storeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: DiscountBody }) =>
      id
        ? apiJson<DiscountView>("PUT", discountPath(id), body)
        : apiJson<DiscountView>("POST", discountsKey(storeId)[0], body),
    onSuccess: (saved) => {
      queryClient.setQueryData<DiscountView[]>(discountsKey(storeId), (list) =>
        list?.some((code) => code.id === saved.id)
          ? list.map((code) => (code.id === saved.id ? saved : code))
          : [saved, ...(list ?? [])],
      );
      return queryClient.invalidateQueries({ queryKey: discountsKey(storeId) });
    },
  });
}

export function useDeleteDiscount(storeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest("DELETE", discountPath(id)),
    onSuccess: (_, id) => {
      queryClient.setQueryData<DiscountView[]>(discountsKey(storeId), (list) =>
        list?.filter((code) => code.id !== id),
      );
      return queryClient.invalidateQueries({ queryKey: discountsKey(storeId) });
    },
  });
}

/** The products API's largest page (MAX_PRODUCT_PAGE_SIZE): a search narrows a bigger catalogue. */
const PICKER_PAGE = 48;

/** The store's products matching a search (inactive ones too, as the seller sees them), for the picker. */
export function useProductSearch(storeId: string, search: string, enabled: boolean) {
  const params = new URLSearchParams({ limit: String(PICKER_PAGE), offset: "0" });
  if (search) params.set("q", search);
  const url = `${storePath(storeId)}/products?${params}`;
  return useQuery({
    queryKey: [url],
    queryFn: ({ signal }) => apiGetPage<ProductView>(url, signal),
    enabled,
  });
}

/** The chosen products by id, so their names show even when a search does not list them. */
export function useProductsById(storeId: string, ids: readonly string[]) {
  const url = `${storePath(storeId)}/products?ids=${ids.join(",")}`;
  return useQuery<ProductView[]>({ queryKey: [url], enabled: ids.length > 0 });
}
