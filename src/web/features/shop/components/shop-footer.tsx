import { type ShopAddress, shopPath } from "../../../../shared/shop-address";
import { LogoMark } from "../../../components/logo";
import { useTranslation } from "../../../lib/i18n";
import { type BrandedStore, StoreMark } from "./store-logo";

const LINK = "underline-offset-4 hover:text-brand-text hover:underline";

/**
 * docs/product-spec.md 2.11: "Powered by" and the product's name; what Torg stores about a shopper (/privacy); and on a
 * store's pages its mark, its about page (decision 0080) and its terms of sale (decision 0036).
 */
export function ShopFooter({
  store,
  giftCards,
}: {
  store?: ShopAddress & BrandedStore & { brand?: { hasAbout: boolean } | null };
  giftCards?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <footer className="border-t px-4 py-8 text-sm text-muted-foreground">
      {/* The seller's logo, small; a shop without one keeps the footer it always had. */}
      {store?.brand?.logoWide && (
        <div className="mb-5 flex justify-center text-foreground">
          {/* Its focus ring is the page's own (theme.css :focus-visible). */}
          <a href={shopPath(store)}>
            <StoreMark store={store} size="sm" />
          </a>
        </div>
      )}
      <div className="flex flex-wrap items-center justify-center gap-x-6 gap-y-2">
        {store?.brand?.hasAbout && (
          <a href={shopPath(store, "/about")} className={`font-medium text-foreground ${LINK}`}>
            {t("storefront.aboutLink")}
          </a>
        )}
        {store && giftCards && (
          <a href={shopPath(store, "/gift-card")} className={`font-medium text-foreground ${LINK}`}>
            {t("giftCardPage.link")}
          </a>
        )}
        {store && (
          <a href={shopPath(store, "/terms")} className={LINK}>
            {t("terms.link")}
          </a>
        )}
        <a href="/privacy" className={LINK}>
          {t("storefront.privacyLink")}
        </a>
        <span className="inline-flex items-center gap-2">
          {t("storefront.poweredBy")}
          <span className="inline-flex items-center gap-1.5 font-semibold text-foreground">
            <LogoMark className="size-5" />
            {t("common.brand")}
          </span>
        </span>
      </div>
    </footer>
  );
}
