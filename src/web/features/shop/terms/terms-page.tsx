import type { PublicStore } from "../../../../shared/storefront";
import { termsSections } from "../../../../shared/terms";
import { useTranslation } from "../../../lib/i18n";
import { BackToStore } from "../components/back-to-store";
import { ShopFooter } from "../components/shop-footer";

/**
 * The store's terms of sale /s/{slug}/terms (decision 0036): generated from its settings by the shared
 * termsSections, rendered by the server like the other shop pages and readable without JavaScript.
 */
export function TermsPage({ store }: { store: PublicStore }) {
  const { t, language } = useTranslation();
  const sections = termsSections(store, t, language);
  return (
    <div className="flex min-h-dvh flex-col">
      <BackToStore store={store} />
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
      <ShopFooter store={store} />
    </div>
  );
}
