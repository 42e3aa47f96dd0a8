import type { PublicStore } from "../../../../shared/storefront";
import { useTranslation } from "../../../lib/i18n";
import { ArrowLeft } from "./icons";
import { StoreLogo } from "./store-logo";

/** The header of a shop's side pages (terms, gift cards): the way back to the storefront. */
export function BackToStore({ store }: { store: Pick<PublicStore, "name" | "slug"> }) {
  const { t } = useTranslation();
  return (
    <header className="border-b">
      <div className="mx-auto flex h-16 max-w-3xl items-center gap-3 px-4 sm:px-6">
        <a
          href={`/s/${store.slug}`}
          className="inline-flex min-h-11 items-center gap-2 rounded-md font-medium underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          <StoreLogo name={store.name} className="size-8 text-xs" />
          {t("terms.back", { store: store.name })}
        </a>
      </div>
    </header>
  );
}
