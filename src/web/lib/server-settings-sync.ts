import { useEffect, useEffectEvent, useRef } from "react";
import type { UserSettings } from "../../shared/preferences";
import { useAuth } from "./auth";
import { applyLanguage } from "./i18n";
import { useUserSettings } from "./settings";
import { useTheme } from "./theme";

/**
 * Once per sign-in, the server's theme and language win over what this device had (chosen while
 * signed out, or on another device). Rendered once, inside the auth and theme providers.
 */
export function ServerSettingsSync(): null {
  const { user } = useAuth();
  const { data } = useUserSettings();
  const { adoptTheme } = useTheme();
  const adoptedFor = useRef<string | null>(null);
  const adopt = useEffectEvent((settings: UserSettings) => {
    adoptTheme(settings.theme);
    applyLanguage(settings.language);
  });

  useEffect(() => {
    if (!user) {
      adoptedFor.current = null;
      return;
    }
    if (data && adoptedFor.current !== user.id) {
      adoptedFor.current = user.id;
      adopt(data);
    }
  }, [user, data]);

  return null;
}
