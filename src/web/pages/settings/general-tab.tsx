import { useId } from "react";
import { Controller, useFormContext } from "react-hook-form";
import { CURRENCIES, LANGUAGES } from "../../../shared/preferences";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { Label } from "../../components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "../../components/ui/select";
import { isLanguage, LANGUAGE_NAMES, useTranslation } from "../../lib/i18n";
import { useLanguage } from "../../lib/settings";
import { SaveFooter } from "./save-footer";
import type { SettingsForm } from "./settings-form";

/** decision 0011: the language switches the whole interface at once (and is saved); the currency waits for Save. */
export function GeneralTab({ saving }: { saving: boolean }) {
  const { t } = useTranslation();
  const { language, setLanguage } = useLanguage();
  const { control } = useFormContext<SettingsForm>();
  const languageId = useId();
  const currencyId = useId();

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
        <div className="grid content-start gap-2">
          <Label htmlFor={currencyId}>{t("settingsPage.general.currency")}</Label>
          <Controller
            control={control}
            name="currency"
            render={({ field }) => (
              <Select value={field.value} onValueChange={field.onChange}>
                <SelectTrigger
                  id={currencyId}
                  ref={field.ref}
                  onBlur={field.onBlur}
                  aria-describedby={`${currencyId}-hint`}
                >
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {CURRENCIES.map((option) => (
                    <SelectItem key={option} value={option}>
                      <span className="font-medium">{option}</span>
                      <span className="text-muted-foreground">
                        {" "}
                        · {t(`settingsPage.currencies.${option}`)}
                      </span>
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          />
          <p id={`${currencyId}-hint`} className="text-xs text-muted-foreground">
            {t("settingsPage.general.currencyHint")}
          </p>
        </div>
      </CardContent>
      <SaveFooter pending={saving} />
    </Card>
  );
}
