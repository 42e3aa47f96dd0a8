import { shopPath } from "../../../../shared/shop-address";
import type { PublicStore } from "../../../../shared/storefront";
import { useTranslation } from "../../../lib/i18n";
import { cn } from "../../../lib/utils";
import { AboutLink } from "./about-link";
import { ArrowLeft } from "./icons";
import { hasOwnLook } from "./shop-look";
import { StoreMark } from "./store-logo";

type HeaderStore = Pick<PublicStore, "name" | "slug" | "domain" | "brand">;

/**
 * The header of a shop's side pages (terms, gift cards, the about page): the way back to the
 * storefront under the store's mark, and its about page (decision 0080).
 */
export function BackToStore({ store, current }: { store: HeaderStore; current?: "about" }) {
  const { t } = useTranslation();
  return (
    <header className={cn("border-b", hasOwnLook(store.brand) && "border-t-4 border-t-brand")}>
      <div className="mx-auto flex h-16 max-w-3xl items-center justify-between gap-3 px-4 sm:px-6">
        <a
          href={shopPath(store)}
          aria-label={t("terms.back", { store: store.name })}
          className="inline-flex min-h-11 min-w-0 items-center gap-2 rounded-md font-medium underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
        >
          <ArrowLeft aria-hidden="true" className="size-4 shrink-0" />
          <StoreMark store={store} />
        </a>
        <AboutLink store={store} current={current === "about"} />
      </div>
    </header>
  );
}
