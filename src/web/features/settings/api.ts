import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { UserSettings } from "../../../shared/preferences";
import { toast } from "../../hooks/use-toast";
import { apiJson } from "../../lib/api";
import { useTranslation } from "../../lib/i18n";
import { SETTINGS_QUERY_KEY } from "../../lib/settings";
import { toastFailure } from "../../lib/toast-failure";

/** The settings page's Save: PUT /api/settings with a confirmation toast, or the server's message. */
export function useSaveSettingsForm() {
  const queryClient = useQueryClient();
  const { t } = useTranslation();
  return useMutation({
    mutationFn: (patch: Partial<UserSettings>) => apiJson<UserSettings>("PUT", "/api/settings", patch),
    onSuccess: (saved) => {
      queryClient.setQueryData(SETTINGS_QUERY_KEY, saved);
      toast({ title: t("settingsPage.savedTitle"), description: t("settingsPage.savedDescription") });
    },
    onError: (err) => {
      toastFailure(t("settingsPage.saveFailedTitle"), err, t("settingsPage.saveFailedDescription"));
    },
  });
}
