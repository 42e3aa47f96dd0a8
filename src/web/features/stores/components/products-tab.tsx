import { PackageOpen, Plus, Search, SearchX, X } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { Link, useSearchParams } from "react-router";
import type { StoreSummary } from "../../../../shared/store";
import { Button } from "../../../components/ui/button";
import { EmptyState } from "../../../components/ui/empty-state";
import { Input } from "../../../components/ui/input";
import { LoadFailed } from "../../../components/ui/load-failed";
import { Pager, useStayOnAPageWithRows } from "../../../components/ui/pager";
import { Spinner } from "../../../components/ui/spinner";
import { useDebouncedValue } from "../../../hooks/use-debounced-value";
import { backToFirstPage, usePageParam } from "../../../hooks/use-page-param";
import { useTranslation } from "../../../lib/i18n";
import { cn } from "../../../lib/utils";
import { PRODUCT_PAGE_SIZE, PRODUCT_SEARCH_MAX_LENGTH, useStoreProductPage } from "../api";
import { FinnListingDialog } from "./finn-listing-dialog";
import { ProductCard } from "./product-card";

/** The search lives in the address (?tab=products&q=mug&page=2) beside the page, so a reload keeps both. */
const SEARCH_PARAM = "q";
/** Typing settles this long before the server is asked. */
const SEARCH_DELAY_MS = 300;

/** The search box's text, and the search the list uses: the text once typing settles, in the address. */
function useProductSearch(): [string, (text: string) => void, string] {
  const [params, setParams] = useSearchParams();
  const search = params.get(SEARCH_PARAM)?.trim() ?? "";
  const [text, setText] = useState(search);
  const settled = useDebouncedValue(text.trim(), SEARCH_DELAY_MS);
  useEffect(() => {
    if (settled === search) return;
    setParams(
      (current) => {
        if (settled) current.set(SEARCH_PARAM, settled);
        else current.delete(SEARCH_PARAM);
        // Another search starts at its first page.
        return backToFirstPage(current);
      },
      { replace: true, preventScrollReset: true },
    );
  }, [settled, search, setParams]);
  return [text, setText, search];
}

/**
 * docs/product-spec.md 2.8 Products: the store's products (inactive ones marked) a page at a time with a
 * search, paged and counted on the server (decision 0041), and the Finn.no listing.
 */
export function ProductsTab({ store }: { store: StoreSummary }) {
  const { t } = useTranslation();
  const searchId = useId();
  const [text, setText, search] = useProductSearch();
  const [page, setPage] = usePageParam();
  const products = useStoreProductPage(store.id, { page, search });
  const settled = products.isSuccess && !products.isPlaceholderData;
  useStayOnAPageWithRows(page, PRODUCT_PAGE_SIZE, settled ? products.data.total : undefined, setPage);
  const total = products.data?.total ?? 0;
  // The store has no products at all: its empty state says how to add one, and there is nothing to search.
  const storeIsEmpty = products.isSuccess && total === 0 && !search;

  const addProduct = (
    <Button asChild>
      <Link to={`/stores/${store.id}/add-product`}>
        <Plus aria-hidden="true" />
        {t("products.add")}
      </Link>
    </Button>
  );

  return (
    <div className="grid gap-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-lg font-semibold tracking-tight">
          {t("products.title")}
          {!search && total > 0 && (
            <span className="ml-2 text-base font-normal text-muted-foreground tabular-nums">{total}</span>
          )}
        </h2>
        <FinnListingDialog storeId={store.id} />
      </div>
      {!storeIsEmpty && !products.isPending && (
        <search className="relative sm:max-w-sm">
          <label htmlFor={searchId} className="sr-only">
            {t("products.searchLabel")}
          </label>
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          />
          <Input
            id={searchId}
            type="search"
            value={text}
            onChange={(event) => setText(event.target.value)}
            placeholder={t("products.searchPlaceholder")}
            maxLength={PRODUCT_SEARCH_MAX_LENGTH}
            autoComplete="off"
            className="pl-9"
          />
        </search>
      )}
      {products.isPending ? (
        <div className="flex justify-center py-16">
          <Spinner label={t("common.loading")} className="size-7 text-primary" />
        </div>
      ) : products.isError ? (
        <LoadFailed onRetry={() => void products.refetch()} />
      ) : storeIsEmpty ? (
        <EmptyState
          icon={PackageOpen}
          title={t("products.empty")}
          text={t("products.emptyText")}
          action={addProduct}
        />
      ) : total === 0 ? (
        <EmptyState
          icon={SearchX}
          title={t("products.noMatch", { query: search })}
          text={t("products.noMatchText")}
          action={
            <Button variant="outline" onClick={() => setText("")}>
              <X aria-hidden="true" />
              {t("products.clearSearch")}
            </Button>
          }
        />
      ) : (
        <div className="grid scroll-mt-24 gap-5">
          {/* The page shown stays, dimmed, while the next one (or another search's) is on its way. */}
          <ul
            className={cn(
              "grid grid-cols-2 gap-3 transition-opacity sm:gap-5 lg:grid-cols-3 xl:grid-cols-4",
              products.isPlaceholderData && "opacity-60",
            )}
            aria-busy={products.isPlaceholderData || undefined}
          >
            {products.data.items.map((product) => (
              <li key={product.id} className="flex">
                <ProductCard product={product} />
              </li>
            ))}
          </ul>
          <Pager page={page} pageSize={PRODUCT_PAGE_SIZE} total={total} onPageChange={setPage} />
        </div>
      )}
    </div>
  );
}
