import { Check, Monitor, Moon, Sun } from "lucide-react";
import { RadioGroup } from "radix-ui";
import { useId } from "react";
import { THEMES } from "../../../../shared/preferences";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { Label } from "../../../components/ui/label";
import { useTranslation } from "../../../lib/i18n";
import { useTheme } from "../../../lib/theme";

const THEME_ICONS = { light: Sun, dark: Moon, system: Monitor } as const;

/**
 * docs/product-spec.md 2.15 with decision 0011: one theme control, light, dark or system, applied and saved
 * at once. The spec's dark-mode toggle only repeated two of its choices and was removed (decision 0069).
 */
export function AppearanceTab() {
  const { t } = useTranslation();
  const { theme, setTheme } = useTheme();
  const id = useId();

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("settingsPage.appearance.title")}</CardTitle>
        <CardDescription>{t("settingsPage.appearance.description")}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <div className="grid gap-3">
          <Label id={`${id}-theme`}>{t("settingsPage.appearance.theme")}</Label>
          <RadioGroup.Root
            value={theme}
            onValueChange={(value) => {
              const next = THEMES.find((option) => option === value);
              if (next) setTheme(next);
            }}
            aria-labelledby={`${id}-theme`}
            aria-describedby={`${id}-theme-hint`}
            className="grid gap-2 sm:grid-cols-3"
          >
            {THEMES.map((option) => {
              const Icon = THEME_ICONS[option];
              return (
                <RadioGroup.Item
                  key={option}
                  value={option}
                  className="flex items-center gap-3 rounded-lg border bg-card px-3.5 py-3 text-left text-sm font-medium transition-colors hover:bg-accent/60 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring data-[state=checked]:border-primary data-[state=checked]:bg-accent data-[state=checked]:text-accent-foreground"
                >
                  <Icon aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
                  {t(`theme.${option}`)}
                  <RadioGroup.Indicator className="ml-auto text-primary">
                    <Check aria-hidden="true" className="size-4" />
                  </RadioGroup.Indicator>
                </RadioGroup.Item>
              );
            })}
          </RadioGroup.Root>
          <p id={`${id}-theme-hint`} className="text-sm text-muted-foreground">
            {t("settingsPage.appearance.systemNote")}
          </p>
        </div>
        <p className="rounded-lg bg-muted px-4 py-3 text-sm text-muted-foreground">
          {t("settingsPage.appearance.appliesNow")}
        </p>
      </CardContent>
    </Card>
  );
}
