import { LogoMark } from "../../../components/logo";
import { useTranslation } from "../../../lib/i18n";

/**
 * docs/product-spec.md 2.11: "Powered by" and the product's name; what Torg stores about a shopper (/privacy); and on a
 * store's pages its terms of sale (decision 0036).
 */
export function ShopFooter({ storeSlug, giftCards }: { storeSlug?: string; giftCards?: boolean }) {
  const { t } = useTranslation();
  return (
    <footer className="flex flex-wrap items-center justify-center gap-x-6 gap-y-2 border-t px-4 py-8 text-sm text-muted-foreground">
      <span className="inline-flex items-center gap-2">
        {t("storefront.poweredBy")}
        <span className="inline-flex items-center gap-1.5 font-semibold text-foreground">
          <LogoMark className="size-5" />
          {t("common.brand")}
        </span>
      </span>
      {storeSlug && giftCards && (
        <a
          href={`/s/${storeSlug}/gift-card`}
          className="font-medium text-foreground underline-offset-4 hover:underline"
        >
          {t("giftCardPage.link")}
        </a>
      )}
      {storeSlug && (
        <a href={`/s/${storeSlug}/terms`} className="underline-offset-4 hover:underline">
          {t("terms.link")}
        </a>
      )}
      <a href="/privacy" className="underline-offset-4 hover:underline">
        {t("storefront.privacyLink")}
      </a>
    </footer>
  );
}
