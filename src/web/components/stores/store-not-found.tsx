import { Store } from "lucide-react";
import { Link } from "react-router";
import { useTranslation } from "../../lib/i18n";
import { PageTitle } from "../page-title";
import { Button } from "../ui/button";
import { EmptyState } from "../ui/empty-state";

/** docs/product-spec.md 2.8: a store that does not exist, or is not the seller's (decision 0004), with the way back. */
export function StoreNotFound() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle title={t("stores.notFound")} />
      <EmptyState
        icon={Store}
        title={t("stores.notFound")}
        text={t("stores.notFoundText")}
        className="my-auto border-none bg-transparent"
        action={
          <Button asChild>
            <Link to="/">{t("stores.returnToDashboard")}</Link>
          </Button>
        }
      />
    </>
  );
}
