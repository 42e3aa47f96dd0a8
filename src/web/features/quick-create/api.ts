import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { StoreSummary } from "../../../shared/store";
import { apiJson } from "../../lib/api";
import { invalidateApi } from "../../lib/queries/stores";
import type { QuickStoreRequest } from "./save-request";

export interface QuickStoreQrCode {
  code: string;
  url: string;
  scanUrl: string;
  /** "/api/qr-codes/{code}/image" */
  imageUrl: string;
}

/** Spec 3's created-store result of quick-create. */
export interface QuickStoreResult {
  storeSlug: string;
  store: StoreSummary & { qrCode: QuickStoreQrCode | null };
}

/** POST /api/quickstore or /api/quickstore/multiple (signed in only); the new store joins the seller's lists. */
export function useCreateQuickStore() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: QuickStoreRequest) => apiJson<QuickStoreResult>("POST", request.path, request.body),
    onSuccess: () =>
      invalidateApi(queryClient, "/api/stores", "/api/dashboard", "/api/products", "/api/qr-codes"),
  });
}
