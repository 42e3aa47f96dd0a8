import type { ShopFailureTexts } from "../../../../shared/storefront";
import { Button } from "../../../components/ui/button";
import { useTranslation } from "../../../lib/i18n";
import type { ShopIcon } from "./icons";
import { MissingState } from "./missing-state";
import { ShopFooter } from "./shop-footer";

/**
 * The whole page a shopper sees when a store or product cannot be shown: "not found" with a way home,
 * or "could not be loaded" (the database is away) with a retry. `texts` names the catalogue section
 * (storefront or productPage) holding notFoundTitle/Text and loadFailedTitle/Text.
 */
export function LoadFailurePage({
  reason,
  texts,
  icon,
}: {
  reason: "missing" | "unavailable";
  texts: ShopFailureTexts;
  icon: ShopIcon;
}) {
  const { t } = useTranslation();
  const missing = reason === "missing";
  return (
    <main id="main" tabIndex={-1} className="flex min-h-dvh flex-col outline-none">
      <MissingState
        className="flex-1"
        icon={icon}
        title={t(missing ? `${texts}.notFoundTitle` : `${texts}.loadFailedTitle`)}
        text={t(missing ? `${texts}.notFoundText` : `${texts}.loadFailedText`)}
        action={
          missing ? (
            <Button asChild size="lg" className="h-12">
              <a href="/">{t("storefront.backHome")}</a>
            </Button>
          ) : (
            <Button size="lg" className="h-12" onClick={() => window.location.reload()}>
              {t("storefront.retry")}
            </Button>
          )
        }
      />
      <ShopFooter />
    </main>
  );
}
