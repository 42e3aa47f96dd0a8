import { useId } from "react";
import { LANGUAGES } from "../../../../shared/preferences";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { Label } from "../../../components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "../../../components/ui/select";
import { isLanguage, LANGUAGE_NAMES, useTranslation } from "../../../lib/i18n";
import { useLanguage } from "../../../lib/settings";

/**
 * decision 0011: the language switches the whole interface at once (and is saved). There is no currency
 * choice: Torg's prices are kroner only, and a choice that changed nothing was removed (decision 0069).
 */
export function GeneralTab() {
  const { t } = useTranslation();
  const { language, setLanguage } = useLanguage();
  const languageId = useId();

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("settingsPage.general.title")}</CardTitle>
        <CardDescription>{t("settingsPage.general.description")}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6 sm:grid-cols-2">
        <div className="grid content-start gap-2">
          <Label htmlFor={languageId}>{t("settingsPage.general.language")}</Label>
          <Select
            value={language}
            onValueChange={(value) => {
              if (isLanguage(value)) setLanguage(value);
            }}
          >
            <SelectTrigger id={languageId} aria-describedby={`${languageId}-hint`}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {LANGUAGES.map((option) => (
                <SelectItem key={option} value={option}>
                  {t(`settingsPage.languages.${option}`)}
                  {option !== language && (
                    <span lang={option} className="text-muted-foreground">
                      {" "}
                      · {LANGUAGE_NAMES[option]}
                    </span>
                  )}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          <p id={`${languageId}-hint`} className="text-xs text-muted-foreground">
            {t("settingsPage.general.languageHint")}
          </p>
        </div>
      </CardContent>
    </Card>
  );
}
