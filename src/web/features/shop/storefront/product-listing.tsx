import { type RefObject, useEffect, useRef, useState } from "react";
import {
  SEARCH_TEXT_MAX_LENGTH,
  STOREFRONT_PAGE_SIZE,
  storefrontPageCount,
} from "../../../../shared/catalogue-paging";
import { formatCount } from "../../../../shared/money";
import type { PublicStore, StorefrontListing } from "../../../../shared/storefront";
import { type StorefrontProduct, toStorefrontProduct } from "../../../../shared/storefront-product";
import { Button } from "../../../components/ui/button";
import { useTranslation } from "../../../lib/i18n";
import { fetchStorefrontPage } from "../api";
import { ChevronLeft, ChevronRight, LoaderCircle, PackageOpen, Search, X } from "../components/icons";
import { storefrontHref } from "../components/shop-links";
import { ProductCard } from "./product-card";

/** "Clear search": back to the whole store, from the results and from an empty search alike. */
const CLEAR_SEARCH_LINK =
  "inline-flex h-11 items-center gap-1.5 rounded-full px-3 text-sm font-medium underline underline-offset-4 hover:bg-accent focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring";

/** Cards in the grid's first row on a phone (grid-cols-2). */
const PHONE_ROW = 2;

interface ProductListingProps {
  store: PublicStore;
  /** The page the server rendered. */
  products: StorefrontProduct[];
  listing: StorefrontListing;
  headingRef: RefObject<HTMLHeadingElement | null>;
  onZoom: (product: StorefrontProduct) => void;
  onAdd: (product: StorefrontProduct) => void;
}

/**
 * The storefront's products a page at a time (decision 0040): the page the server rendered, "Show more"
 * appending the next from the API, real links to the previous and next pages for crawlers and pages
 * without JavaScript, and a search box that is a plain GET form, so it works before the page is taken over.
 */
export function ProductListing({ store, products, listing, headingRef, onZoom, onAdd }: ProductListingProps) {
  const { t, language } = useTranslation();
  const [shown, setShown] = useState(products);
  const [total, setTotal] = useState(listing.total);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const gridRef = useRef<HTMLUListElement>(null);
  /** The first product "Show more" added, until it has the focus. */
  const [focusFrom, setFocusFrom] = useState<number | null>(null);
  // Focus goes on to the first new product once it is on the page: the button may be gone by then.
  useEffect(() => {
    if (focusFrom === null) return;
    gridRef.current?.children[focusFrom]?.querySelector<HTMLElement>("a, button")?.focus();
    setFocusFrom(null);
  }, [focusFrom]);
  const number = (value: number) => formatCount(value, language);
  const firstOffset = (listing.page - 1) * STOREFRONT_PAGE_SIZE;
  /** The last page whose products are on screen: the server's page, then each "Show more". */
  const lastPage = listing.page + Math.ceil((shown.length - products.length) / STOREFRONT_PAGE_SIZE);
  const pages = storefrontPageCount(total);
  const hasMore = firstOffset + shown.length < total;

  const showMore = async () => {
    if (loading) return;
    setLoading(true);
    setFailed(false);
    try {
      const next = await fetchStorefrontPage(store.id, { offset: firstOffset + shown.length, q: listing.q });
      const before = shown.length;
      // A product the seller moved between the two reads may come twice; it is shown once.
      const seen = new Set(shown.map((product) => product.id));
      setShown([
        ...shown,
        ...next.products.filter((product) => !seen.has(product.id)).map(toStorefrontProduct),
      ]);
      setTotal(next.total);
      // Where a reload or a shared link comes back to: the last page shown.
      window.history.replaceState(window.history.state, "", storefrontHref(store, lastPage + 1, listing.q));
      setFocusFrom(before);
    } catch {
      setFailed(true);
    } finally {
      setLoading(false);
    }
  };

  const heading = listing.q ? t("storefront.searchResults", { q: listing.q }) : t("storefront.ourProducts");

  return (
    <section aria-labelledby="products-heading" className="mx-auto mt-10 max-w-6xl px-4 sm:px-6">
      <div className="mb-4 flex flex-wrap items-end justify-between gap-x-6 gap-y-3">
        <div className="flex min-w-0 flex-wrap items-baseline gap-x-3">
          <h2
            id="products-heading"
            ref={headingRef}
            tabIndex={-1}
            className="scroll-mt-20 text-xl font-semibold tracking-tight break-words outline-none sm:text-2xl"
          >
            {heading}
          </h2>
          {total > 0 && (
            <span className="shrink-0 text-sm text-muted-foreground">
              {t("storefront.totalProducts", { count: total, formatted: number(total) })}
            </span>
          )}
          {listing.q && total > 0 && (
            <a href={storefrontHref(store)} className={`${CLEAR_SEARCH_LINK} shrink-0`}>
              <X aria-hidden="true" className="size-4" />
              {t("storefront.clearSearch")}
            </a>
          )}
        </div>
        {(listing.total > 0 || listing.q) && <SearchForm store={store} q={listing.q} />}
      </div>

      {shown.length === 0 ? (
        <EmptyState store={store} q={listing.q} />
      ) : (
        <ul ref={gridRef} className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-5 lg:grid-cols-4">
          {shown.map((product, index) => (
            <ProductCard
              key={product.id}
              product={product}
              onZoom={onZoom}
              onAdd={onAdd}
              // Without a hero photo the first row's photos are what a phone paints largest (its LCP).
              lead={index < PHONE_ROW && !store.heroImageUrl}
            />
          ))}
        </ul>
      )}

      <div className="mt-8 flex flex-col items-center gap-3">
        {/* Mounted whenever there is more than one page, so what "Show more" added is announced. */}
        {listing.total > products.length && (
          <p aria-live="polite" className="text-sm text-muted-foreground">
            {firstOffset === 0
              ? t("storefront.showing", { shown: number(shown.length), total: number(total) })
              : t("storefront.showingRange", {
                  from: number(firstOffset + 1),
                  to: number(firstOffset + shown.length),
                  total: number(total),
                })}
          </p>
        )}
        {hasMore && (
          <Button
            variant="outline"
            size="lg"
            onClick={showMore}
            aria-busy={loading}
            className="h-12 min-w-48 rounded-full"
          >
            {loading && <LoaderCircle aria-hidden="true" className="animate-spin" />}
            {t("storefront.showMore")}
          </Button>
        )}
        {failed && (
          <p role="alert" className="text-sm text-destructive">
            {t("storefront.showMoreFailed")}
          </p>
        )}
        {pages > 1 && (
          <Pagination
            store={store}
            q={listing.q}
            firstPage={listing.page}
            lastPage={lastPage}
            pages={pages}
          />
        )}
      </div>
    </section>
  );
}

/** Real links to the pages before and after those shown: what crawlers and pages without JavaScript follow. */
function Pagination({
  store,
  q,
  firstPage,
  lastPage,
  pages,
}: {
  store: PublicStore;
  q: string;
  firstPage: number;
  lastPage: number;
  pages: number;
}) {
  const { t, language } = useTranslation();
  const number = (value: number) => formatCount(value, language);
  const link =
    "inline-flex h-11 items-center gap-1 rounded-full px-4 text-sm font-medium underline-offset-4 hover:bg-accent hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring";
  return (
    <nav aria-label={t("storefront.pagination")} className="flex items-center gap-1 text-sm">
      {firstPage > 1 && (
        <a href={storefrontHref(store, firstPage - 1, q)} rel="prev" className={link}>
          <ChevronLeft aria-hidden="true" className="size-4" />
          {t("storefront.previousPage")}
        </a>
      )}
      <span className="px-2 text-muted-foreground">
        {t("storefront.pageOf", { page: number(lastPage), pages: number(pages) })}
      </span>
      {lastPage < pages && (
        <a href={storefrontHref(store, lastPage + 1, q)} rel="next" className={link}>
          {t("storefront.nextPage")}
          <ChevronRight aria-hidden="true" className="size-4" />
        </a>
      )}
    </nav>
  );
}

/** A GET form to the storefront itself: the server renders the results, with or without JavaScript. */
function SearchForm({ store, q }: { store: PublicStore; q: string }) {
  const { t } = useTranslation();
  return (
    <search className="w-full sm:w-72">
      <form action={storefrontHref(store)} method="get" className="relative">
        <label htmlFor="store-search" className="sr-only">
          {t("storefront.searchLabel", { store: store.name })}
        </label>
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3.5 size-4 -translate-y-1/2 text-muted-foreground"
        />
        <input
          id="store-search"
          type="search"
          name="q"
          defaultValue={q}
          maxLength={SEARCH_TEXT_MAX_LENGTH}
          enterKeyHint="search"
          placeholder={t("storefront.searchPlaceholder")}
          className="h-11 w-full rounded-full border bg-background pr-24 pl-10 text-base shadow-xs outline-none placeholder:text-muted-foreground focus-visible:border-ring focus-visible:ring-3 focus-visible:ring-ring/50 sm:text-sm"
        />
        <Button
          type="submit"
          size="sm"
          className="absolute top-1/2 right-1.5 h-8 -translate-y-1/2 rounded-full"
        >
          {t("storefront.searchButton")}
        </Button>
      </form>
    </search>
  );
}

function EmptyState({ store, q }: { store: PublicStore; q: string }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed px-6 py-14 text-center">
      <PackageOpen aria-hidden="true" className="size-8 text-muted-foreground" />
      <p role={q ? "status" : undefined} className="text-muted-foreground">
        {q ? t("storefront.noMatches", { q }) : t("storefront.noProducts")}
      </p>
      {/* A store with nothing at all says it is getting ready, not that it is out (decision 0066). */}
      {!q && (
        <p className="text-sm text-muted-foreground">{t("storefront.emptyStore", { store: store.name })}</p>
      )}
      {q && (
        <a href={storefrontHref(store)} className={CLEAR_SEARCH_LINK}>
          <X aria-hidden="true" className="size-4" />
          {t("storefront.clearSearch")}
        </a>
      )}
    </div>
  );
}
