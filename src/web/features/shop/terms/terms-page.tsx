import type { PublicStore } from "../../../../shared/storefront";
import { termsSections } from "../../../../shared/terms";
import { useTranslation } from "../../../lib/i18n";
import { ArrowLeft } from "../components/icons";
import { ShopFooter } from "../components/shop-footer";
import { StoreLogo } from "../components/store-logo";

/**
 * The store's terms of sale /s/{slug}/terms (decision 0036): generated from its settings by the shared
 * termsSections, rendered by the server like the other shop pages and readable without JavaScript.
 */
export function TermsPage({ store }: { store: PublicStore }) {
  const { t, language } = useTranslation();
  const sections = termsSections(store, t, language);
  const storePath = `/s/${store.slug}`;
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="border-b">
        <div className="mx-auto flex h-16 max-w-3xl items-center gap-3 px-4 sm:px-6">
          <a
            href={storePath}
            className="inline-flex min-h-11 items-center gap-2 rounded-md font-medium underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
          >
            <ArrowLeft aria-hidden="true" className="size-4" />
            <StoreLogo name={store.name} className="size-8 text-xs" />
            {t("terms.back", { store: store.name })}
          </a>
        </div>
      </header>
      <main
        id="main"
        tabIndex={-1}
        className="mx-auto w-full max-w-3xl flex-1 px-4 py-10 outline-none sm:px-6"
      >
        <h1 className="text-3xl font-semibold tracking-tight text-balance">
          {t("terms.title", { store: store.name })}
        </h1>
        <p className="mt-3 text-pretty text-muted-foreground">{t("terms.intro", { store: store.name })}</p>
        {sections.map((section) => (
          <section
            key={section.id}
            id={section.id}
            aria-labelledby={`${section.id}-heading`}
            className="mt-8"
          >
            <h2 id={`${section.id}-heading`} className="text-xl font-semibold tracking-tight">
              {section.heading}
            </h2>
            {section.paragraphs.map((paragraph) => (
              <p key={paragraph} className="mt-3 leading-relaxed text-pretty whitespace-pre-line">
                {paragraph}
              </p>
            ))}
            {section.points && (
              <ul className="mt-3 list-disc space-y-1.5 pl-6 leading-relaxed">
                {section.points.map((point) => (
                  <li key={point}>{point}</li>
                ))}
              </ul>
            )}
          </section>
        ))}
        <p className="mt-10 text-sm text-muted-foreground">{t("terms.generated")}</p>
      </main>
      <ShopFooter storeSlug={store.slug} />
    </div>
  );
}
