import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { IdentityInput, IdentityView } from "../../../shared/identity";
import { apiJson } from "../../lib/api";
import { invalidateApi, storePath } from "../../lib/queries/stores";

/** The store's own look (decision 0080): GET/PUT /api/stores/{id}/identity and its two uploads. */
export const identityPath = (storeId: string) => `${storePath(storeId)}/identity`;

export function useIdentity(storeId: string) {
  return useQuery<IdentityView>({ queryKey: [identityPath(storeId)] });
}

/** Saves the look; what the form leaves out is kept, null clears it. The shop's pages follow. */
export function useSaveIdentity(storeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: IdentityInput) => apiJson<IdentityView>("PUT", identityPath(storeId), input),
    onSuccess: (view) => {
      queryClient.setQueryData([identityPath(storeId)], view);
      return invalidateApi(queryClient, storePath(storeId));
    },
  });
}

/** An image sent as the multipart field `image`; answered with its address, not yet saved. */
const upload = (url: string, file: File) => {
  const body = new FormData();
  body.append("image", file);
  return apiJson<Record<string, string>>("POST", url, body);
};

/** The logo as uploaded (`{ logoImageUrl }`): saved, and cropped into its assets, with the form. */
export const uploadLogo = async (storeId: string, file: File) =>
  (await upload(`${identityPath(storeId)}/logo`, file)).logoImageUrl ?? "";

/** The about page's photo (`{ imageUrl }`). */
export const uploadAboutPhoto = async (storeId: string, file: File) =>
  (await upload(`${identityPath(storeId)}/about-photo`, file)).imageUrl ?? "";
