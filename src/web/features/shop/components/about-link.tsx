import { shopPath } from "../../../../shared/shop-address";
import type { PublicStore } from "../../../../shared/storefront";
import { useTranslation } from "../../../lib/i18n";
import { cn } from "../../../lib/utils";

// Its own module: the storefront's first load carries the link, not the side pages' header.
/** "About": the store's about page, in a shop header, once the seller wrote one. */
export function AboutLink({
  store,
  current,
  className,
}: {
  store: Pick<PublicStore, "slug" | "domain" | "brand">;
  current?: boolean;
  className?: string;
}) {
  const { t } = useTranslation();
  if (!store.brand?.hasAbout) return null;
  return (
    <a
      href={shopPath(store, "/about")}
      aria-current={current ? "page" : undefined}
      className={cn("torg-about-link", className)}
    >
      {t("storefront.aboutLink")}
    </a>
  );
}
