import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Language, UserSettings } from "../../shared/preferences";
import { toast } from "../hooks/use-toast";
import { apiJson } from "./api";
import { useAuth } from "./auth";
import { applyLanguage, useTranslation } from "./i18n";

export const SETTINGS_QUERY_KEY = ["/api/settings"] as const;

/** The signed-in user's saved settings (decision 0011); nothing is fetched while signed out. */
export function useUserSettings() {
  const { user } = useAuth();
  return useQuery<UserSettings>({ queryKey: SETTINGS_QUERY_KEY, enabled: Boolean(user) });
}

export function useSaveSettings() {
  const queryClient = useQueryClient();
  const { t } = useTranslation();
  return useMutation({
    mutationFn: (patch: Partial<UserSettings>) => apiJson<UserSettings>("PUT", "/api/settings", patch),
    onSuccess: (saved) => queryClient.setQueryData(SETTINGS_QUERY_KEY, saved),
    onError: () =>
      toast({
        variant: "destructive",
        title: t("settings.saveFailedTitle"),
        description: t("settings.saveFailedDescription"),
      }),
  });
}

/** The interface language; a signed-in user's choice is saved to their account too. */
export function useLanguage() {
  const { language } = useTranslation();
  const { user } = useAuth();
  const save = useSaveSettings();

  function setLanguage(next: Language): void {
    applyLanguage(next);
    if (user) save.mutate({ language: next });
  }

  return { language, setLanguage };
}
