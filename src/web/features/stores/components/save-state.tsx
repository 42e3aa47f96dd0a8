import { CircleCheck } from "lucide-react";
import { useTranslation } from "../../../lib/i18n";

/**
 * A settings section's state beside its own save button: "Unsaved changes" while the form differs from
 * what is saved, else "All changes saved". Each section of the store's settings saves on its own, so each
 * says where it stands (issue 33: one long page with four save buttons said nothing).
 */
export function SaveState({ dirty }: { dirty: boolean }) {
  const { t } = useTranslation();
  return (
    <p className="me-auto flex items-center gap-1.5 text-sm text-muted-foreground" aria-live="polite">
      {dirty ? (
        t("stores.saveState.unsaved")
      ) : (
        <>
          <CircleCheck aria-hidden="true" className="size-4 text-emerald-600 dark:text-emerald-400" />
          {t("stores.saveState.saved")}
        </>
      )}
    </p>
  );
}
