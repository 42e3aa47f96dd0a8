import { Monitor, Moon, Sun } from "lucide-react";
import { LANGUAGES, THEMES, type Theme } from "../../shared/preferences";
import { isLanguage, LANGUAGE_NAMES, useTranslation } from "../lib/i18n";
import { useLanguage } from "../lib/settings";
import { useTheme } from "../lib/theme";
import { DropdownMenuRadioGroup, DropdownMenuRadioItem } from "./ui/dropdown-menu";

const THEME_ICONS = { light: Sun, dark: Moon, system: Monitor } as const;

/** Light / Dark / System as radio items of a dropdown menu. */
export function ThemeRadioItems() {
  const { t } = useTranslation();
  const { theme, setTheme } = useTheme();
  return (
    <DropdownMenuRadioGroup
      aria-label={t("userMenu.theme")}
      value={theme}
      onValueChange={(value) => {
        const next = THEMES.find((candidate) => candidate === value);
        if (next) setTheme(next);
      }}
    >
      {THEMES.map((option: Theme) => {
        const Icon = THEME_ICONS[option];
        return (
          <DropdownMenuRadioItem key={option} value={option}>
            <Icon aria-hidden="true" className="text-muted-foreground" />
            {t(`theme.${option}`)}
          </DropdownMenuRadioItem>
        );
      })}
    </DropdownMenuRadioGroup>
  );
}

/** The four interface languages as radio items, each named in itself. */
export function LanguageRadioItems() {
  const { t } = useTranslation();
  const { language, setLanguage } = useLanguage();
  return (
    <DropdownMenuRadioGroup
      aria-label={t("userMenu.language")}
      value={language}
      onValueChange={(value) => {
        if (isLanguage(value)) setLanguage(value);
      }}
    >
      {LANGUAGES.map((option) => (
        <DropdownMenuRadioItem key={option} value={option} lang={option}>
          {LANGUAGE_NAMES[option]}
        </DropdownMenuRadioItem>
      ))}
    </DropdownMenuRadioGroup>
  );
}
