import { useTranslation } from "../../lib/i18n";
import { LogoMark } from "../logo";

/** Spec 2.11: "Powered by" and the product's name. */
export function ShopFooter() {
  const { t } = useTranslation();
  return (
    <footer className="flex items-center justify-center gap-2 border-t px-4 py-8 text-sm text-muted-foreground">
      {t("storefront.poweredBy")}
      <span className="inline-flex items-center gap-1.5 font-semibold text-foreground">
        <LogoMark className="size-5" />
        {t("common.brand")}
      </span>
    </footer>
  );
}
