import { useId } from "react";
import { useFormContext } from "react-hook-form";
import { FormSwitch } from "../../../components/form-switch";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { useTranslation } from "../../../lib/i18n";
import { SaveFooter } from "./save-footer";
import { SettingRow } from "./setting-row";
import type { SettingsForm } from "./settings-form";

const TOGGLES = [
  {
    name: "emailNotifications",
    label: "settingsPage.notifications.email",
    hint: "settingsPage.notifications.emailHint",
  },
] as const;

/**
 * docs/product-spec.md 2.15: e-mail on by default, saved with the Save button. The SMS switch is in each
 * store's SMS card, beside the phone it texts and its confirmation (decision 0069).
 */
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
              <FormSwitch
                control={control}
                name={name}
                id={`${id}-${name}`}
                describedBy={`${id}-${name}-hint`}
              />
            }
          />
        ))}
      </CardContent>
      <SaveFooter pending={saving} />
    </Card>
  );
}
