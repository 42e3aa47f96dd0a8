import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { AddDomainInput, DomainView } from "../../../shared/domains";
import { apiJson } from "../../lib/api";
import { storePath } from "../../lib/queries/stores";

/** A store's own domains (decision 0080), as GET /api/stores/{id}/domains lists them. */
const domainsKey = (storeId: string) => [`${storePath(storeId)}/domains`] as const;

export function useDomains(storeId: string) {
  return useQuery<DomainView[]>({ queryKey: domainsKey(storeId) });
}

export function useAddDomain(storeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AddDomainInput) => apiJson<DomainView>("POST", domainsKey(storeId)[0], input),
    // Another domain may have become (or stopped being) the primary one: read the whole list again.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: domainsKey(storeId) }),
  });
}

export function useCheckDomain(storeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiJson<DomainView>("POST", `/api/domains/${encodeURIComponent(id)}/check`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: domainsKey(storeId) }),
    // A 503 (DNS not answering) changed nothing, but the periodic check may have: read again either way.
    onError: () => queryClient.invalidateQueries({ queryKey: domainsKey(storeId) }),
  });
}

export function useRemoveDomain(storeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiJson<{ ok: boolean }>("DELETE", `/api/domains/${encodeURIComponent(id)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: domainsKey(storeId) }),
  });
}
