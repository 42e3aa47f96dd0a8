import { useTranslation } from "../lib/i18n";
import { PageSpinner } from "./ui/spinner";

/** A whole screen waiting for the current user, before any layout can be chosen. */
export function LoadingScreen() {
  const { t } = useTranslation();
  return (
    <main id="main" tabIndex={-1} className="flex min-h-dvh outline-none">
      <PageSpinner label={t("common.loading")} />
    </main>
  );
}
