import { Languages } from "lucide-react";
import { useTranslation } from "../lib/i18n";
import { LanguageRadioItems, ThemeRadioItems } from "./preference-items";
import { Button } from "./ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "./ui/dropdown-menu";

/** Language and theme for visitors who are not signed in (signed-in users find them in the user menu). */
export function PreferencesMenu() {
  const { t } = useTranslation();
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" aria-label={t("nav.preferences")}>
          <Languages aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-52">
        <DropdownMenuLabel>{t("userMenu.language")}</DropdownMenuLabel>
        <LanguageRadioItems />
        <DropdownMenuSeparator />
        <DropdownMenuLabel>{t("userMenu.theme")}</DropdownMenuLabel>
        <ThemeRadioItems />
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
