import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { QuickStoreResult } from "../../../shared/quickstore";
import { apiJson } from "../../lib/api";
import { invalidateApi } from "../../lib/queries/stores";
import type { QuickStoreRequest } from "./save-request";

/** docs/product-spec.md 3's created-store result of quick-create, as the server declares it (src/shared/quickstore.ts). */
export type { QuickStoreResult };

/** POST /api/quickstore or /api/quickstore/multiple (signed in only); the new store joins the seller's lists. */
export function useCreateQuickStore() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: QuickStoreRequest) => apiJson<QuickStoreResult>("POST", request.path, request.body),
    onSuccess: () =>
      invalidateApi(queryClient, "/api/stores", "/api/dashboard", "/api/products", "/api/qr-codes"),
  });
}
