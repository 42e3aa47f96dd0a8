import { useId } from "react";
import { Controller, useFormContext } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { Switch } from "../../components/ui/switch";
import { SaveFooter } from "./save-footer";
import { SettingRow } from "./setting-row";
import type { SettingsForm } from "./settings-form";

const TOGGLES = [
  {
    name: "emailNotifications",
    label: "settingsPage.notifications.email",
    hint: "settingsPage.notifications.emailHint",
  },
  {
    name: "smsNotifications",
    label: "settingsPage.notifications.sms",
    hint: "settingsPage.notifications.smsHint",
  },
] as const;

/** Spec 2.15: email on and SMS off by default; saved with the Save button. */
export function NotificationsTab({ saving }: { saving: boolean }) {
  const { t } = useTranslation();
  const { control } = useFormContext<SettingsForm>();
  const id = useId();

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("settingsPage.notifications.title")}</CardTitle>
        <CardDescription>{t("settingsPage.notifications.description")}</CardDescription>
      </CardHeader>
      <CardContent className="divide-y">
        {TOGGLES.map(({ name, label, hint }) => (
          <SettingRow
            key={name}
            htmlFor={`${id}-${name}`}
            label={t(label)}
            description={t(hint)}
            descriptionId={`${id}-${name}-hint`}
            control={
              <Controller
                control={control}
                name={name}
                render={({ field }) => (
                  <Switch
                    id={`${id}-${name}`}
                    ref={field.ref}
                    checked={field.value}
                    onCheckedChange={field.onChange}
                    onBlur={field.onBlur}
                    aria-describedby={`${id}-${name}-hint`}
                  />
                )}
              />
            }
          />
        ))}
      </CardContent>
      <SaveFooter pending={saving} />
    </Card>
  );
}
