import { CloudOff, RotateCw } from "lucide-react";
import { useTranslation } from "../../lib/i18n";
import { Button } from "./button";
import { EmptyState } from "./empty-state";

/** When a list or page could not be loaded: say so, and offer to try again. */
export function LoadFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <EmptyState
      icon={CloudOff}
      title={t("stores.loadFailed")}
      text={t("common.tryAgain")}
      action={
        <Button variant="outline" onClick={onRetry}>
          <RotateCw aria-hidden="true" />
          {t("stores.retry")}
        </Button>
      }
    />
  );
}
