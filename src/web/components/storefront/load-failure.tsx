import type { LucideIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ApiError } from "../../lib/api";
import { Button } from "../ui/button";
import { MissingState } from "./missing-state";
import { ShopFooter } from "./shop-footer";
import { usePageMeta } from "./use-page-meta";

/** Is this failed public read a "does not exist" (404), rather than a network or server error? */
export const isMissing = (error: unknown) => error instanceof ApiError && error.status === 404;

/**
 * The whole page a shopper sees when a store or product could not be shown: "not found" with a way
 * home, or "could not be loaded" with a retry. `texts` names the catalogue section
 * (storefront or productPage) holding notFoundTitle/Text and loadFailedTitle/Text.
 */
export function LoadFailurePage({
  error,
  texts,
  icon,
  onRetry,
}: {
  error: unknown;
  texts: "storefront" | "productPage";
  icon: LucideIcon;
  onRetry: () => void;
}) {
  const { t } = useTranslation();
  const missing = isMissing(error);
  const title = t(missing ? `${texts}.notFoundTitle` : `${texts}.loadFailedTitle`);
  usePageMeta(title, undefined);
  return (
    <main id="main" tabIndex={-1} className="flex min-h-dvh flex-col outline-none">
      <MissingState
        className="flex-1"
        icon={icon}
        title={title}
        text={t(missing ? `${texts}.notFoundText` : `${texts}.loadFailedText`)}
        action={
          missing ? (
            <Button asChild size="lg" className="h-12">
              <Link to="/">{t("storefront.backHome")}</Link>
            </Button>
          ) : (
            <Button size="lg" className="h-12" onClick={onRetry}>
              {t("storefront.retry")}
            </Button>
          )
        }
      />
      <ShopFooter />
    </main>
  );
}
