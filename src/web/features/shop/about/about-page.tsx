import type { ShopAbout } from "../../../../shared/brand";
import { shopPath } from "../../../../shared/shop-address";
import type { PublicStore } from "../../../../shared/storefront";
import { Button } from "../../../components/ui/button";
import { useTranslation } from "../../../lib/i18n";
import { BackToStore } from "../components/back-to-store";
import { ArrowRight } from "../components/icons";
import { ShopFooter } from "../components/shop-footer";
import { ExternalLink, MapPin } from "./about-icons";
import { socialLinkLabel } from "./social-links";

/** The story's paragraphs: a blank line parts them; a single line break stays inside one. */
export const storyParagraphs = (text: string) =>
  text
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);

/**
 * The store's about page /s/{slug}/about (decision 0080): the maker's story, a photo, where they work and
 * their links, in the shop's look. The story is the seller's plain text, drawn as paragraphs (never as
 * HTML). Rendered by the server like the terms page, from the rare pages' chunk.
 */
export function AboutPage({ store, about }: { store: PublicStore; about: ShopAbout }) {
  const { t } = useTranslation();
  const links = about.links.flatMap((href) => {
    const label = socialLinkLabel(href);
    return label ? [{ href, ...label }] : [];
  });
  return (
    <div className="flex min-h-dvh flex-col">
      <BackToStore store={store} current="about" />
      <main
        id="main"
        tabIndex={-1}
        className="mx-auto w-full max-w-5xl flex-1 px-4 py-10 outline-none sm:px-6 sm:py-14"
      >
        <div
          className={
            about.imageUrl
              ? "grid gap-8 md:grid-cols-[minmax(0,5fr)_minmax(0,6fr)] md:items-start md:gap-12"
              : "mx-auto max-w-2xl"
          }
        >
          {about.imageUrl && (
            <img
              src={about.imageUrl}
              alt={t("aboutPage.photoAlt", { store: store.name })}
              className="aspect-[4/5] w-full rounded-3xl bg-muted object-cover shadow-sm max-md:aspect-[4/3] md:sticky md:top-8"
            />
          )}
          <div>
            <h1 className="text-3xl font-semibold tracking-tight text-balance sm:text-4xl">
              {t("aboutPage.title", { store: store.name })}
            </h1>
            {about.location && (
              <p
                className="mt-3 inline-flex items-center gap-1.5 text-muted-foreground"
                data-testid="about-location"
              >
                <MapPin aria-hidden="true" className="size-4 shrink-0 text-brand-text" />
                {t("aboutPage.location", { location: about.location })}
              </p>
            )}
            <div className="mt-6 grid gap-4 text-lg leading-relaxed text-pretty" data-testid="about-story">
              {storyParagraphs(about.text).map((paragraph, index) => (
                // The story's paragraphs never move: their place is their key.
                // biome-ignore lint/suspicious/noArrayIndexKey: a paragraph's text may repeat.
                <p key={index} className="whitespace-pre-line">
                  {paragraph}
                </p>
              ))}
            </div>
            {links.length > 0 && (
              <section aria-labelledby="about-links" className="mt-10">
                <h2 id="about-links" className="text-lg font-semibold tracking-tight">
                  {t("aboutPage.linksHeading")}
                </h2>
                <ul className="mt-3 flex flex-wrap gap-2">
                  {links.map((link) => (
                    <li key={link.href}>
                      <a
                        href={link.href}
                        rel="noopener me"
                        className="inline-flex min-h-11 items-center gap-2 rounded-full border bg-card px-4 text-sm font-medium shadow-xs transition-colors hover:border-brand-text hover:text-brand-text focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
                      >
                        {link.label}
                        <ExternalLink aria-hidden="true" className="size-3.5 opacity-70" />
                      </a>
                    </li>
                  ))}
                </ul>
              </section>
            )}
            <Button asChild size="lg" className="mt-10 h-12 rounded-full px-6">
              <a href={shopPath(store)}>
                {t("aboutPage.visitShop")}
                <ArrowRight aria-hidden="true" />
              </a>
            </Button>
          </div>
        </div>
      </main>
      <ShopFooter store={store} />
    </div>
  );
}
