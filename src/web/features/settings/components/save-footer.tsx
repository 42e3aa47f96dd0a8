import { useFormState } from "react-hook-form";
import { Button } from "../../../components/ui/button";
import { CardFooter } from "../../../components/ui/card";
import { Spinner } from "../../../components/ui/spinner";
import { useTranslation } from "../../../lib/i18n";
import type { SettingsForm } from "./settings-form";

/** The settings form's submit button, at the foot of each tab that has saved fields. */
export function SaveFooter({ pending }: { pending: boolean }) {
  const { t } = useTranslation();
  const { isDirty } = useFormState<SettingsForm>();
  return (
    <CardFooter className="justify-end border-t pt-5 sm:pt-6">
      <Button type="submit" disabled={pending || !isDirty} className="w-full sm:w-auto">
        {pending && <Spinner />}
        {pending ? t("settingsPage.saving") : t("settingsPage.save")}
      </Button>
    </CardFooter>
  );
}
