import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { AdminListName, AdminPage, AdminStoreRow, AiLogRow, EmailLogRow } from "../../../shared/admin";
import type { OrderView } from "../../../shared/order";
import { ADMIN_PAGE_SIZE } from "../../../shared/paging";
import type { ProductView } from "../../../shared/product";
import type { QrCodeView } from "../../../shared/qr";
import { apiJson, apiRequest } from "../../lib/api";
import { invalidateApi } from "../../lib/queries/stores";

/** Rows per page of every admin list: the server's default page for them too (src/shared/paging.ts). */
export { ADMIN_PAGE_SIZE };

export interface AdminRows {
  stores: AdminStoreRow;
  products: ProductView;
  orders: OrderView;
  "ai-logs": AiLogRow;
  "email-logs": EmailLogRow;
  "qr-codes": QrCodeView;
}

/** Query keys are the URL they GET, so invalidating "/api/admin" refreshes every list. */
export const adminKeys = {
  page: (list: AdminListName, page: number, storeId?: string) =>
    [
      `/api/admin/${list}?limit=${ADMIN_PAGE_SIZE}&offset=${(page - 1) * ADMIN_PAGE_SIZE}${storeId ? `&storeId=${encodeURIComponent(storeId)}` : ""}`,
    ] as const,
};

/**
 * One page (1-based) of an admin list. The dashboard shows what is true now, so every visit asks the
 * server again; while the next page loads, the current one stays on screen.
 */
export function useAdminPage<L extends AdminListName>(list: L, page: number, storeId?: string) {
  return useQuery<AdminPage<AdminRows[L]>>({
    queryKey: adminKeys.page(list, page, storeId),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}

/** Everything that lists QR codes. */
const QR_LISTS = ["/api/admin/qr-codes", "/api/qr-codes"];

export interface QrCodeInput {
  /** Blank lets the server generate one; ignored when editing (a printed code never changes). */
  code?: string;
  url: string;
  storeId: string | null;
  isActive: boolean;
}

/** POST /api/qr-codes for a new code, PATCH /api/qr-codes/{id} for an existing one (decision 0012). */
export function useSaveQrCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, input }: { id: string | null; input: QrCodeInput }) => {
      const { code, ...changes } = input;
      if (id) return apiJson<QrCodeView>("PATCH", `/api/qr-codes/${encodeURIComponent(id)}`, changes);
      return apiJson<QrCodeView>("POST", "/api/qr-codes", input);
    },
    onSettled: () => invalidateApi(queryClient, ...QR_LISTS),
  });
}

export function useDeleteQrCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest("DELETE", `/api/qr-codes/${encodeURIComponent(id)}`),
    onSuccess: () => invalidateApi(queryClient, ...QR_LISTS),
  });
}
