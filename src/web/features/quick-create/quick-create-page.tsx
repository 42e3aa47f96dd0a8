import { PageTitle } from "../../components/page-title";
import { PageSpinner } from "../../components/ui/spinner";
import { useAuth } from "../../lib/auth";
import { useTranslation } from "../../lib/i18n";
import { QuickCreateHeader } from "./components/header";
import { QuickCreateFlow } from "./flow";

/** /quick-create: public (D5), with its own light header instead of the signed-in shell. */
export function QuickCreatePage() {
  const { t } = useTranslation();
  const { isLoading } = useAuth();
  return (
    <div className="flex min-h-dvh flex-col bg-[radial-gradient(70rem_28rem_at_50%_-6rem,color-mix(in_oklch,var(--color-primary)_11%,transparent),transparent)]">
      <PageTitle title={t("quickCreate.title")} />
      <QuickCreateHeader />
      <main
        id="main"
        tabIndex={-1}
        className="flex w-full flex-1 flex-col px-4 pt-4 pb-12 outline-none sm:px-6 sm:pt-6 sm:pb-20"
      >
        {isLoading ? <PageSpinner label={t("common.loading")} /> : <QuickCreateFlow />}
      </main>
    </div>
  );
}
