import { ImageOff, Plus, Search } from "lucide-react";
import { useDeferredValue, useMemo, useState } from "react";
import type { MarketCatalogueItem } from "../../../../shared/market";
import { toOre } from "../../../../shared/money";
import { Input } from "../../../components/ui/input";
import { useTranslation } from "../../../lib/i18n";
import { cn } from "../../../lib/utils";
import { qtyInCart, type StallCart } from "../stall-cart";
import { useMarketKr } from "./market-kr";
import { MarketSheet } from "./market-sheet";

/** What is left of an item or a variant: the catalogue's count, or the server's word after a refusal. */
export type StockOf = (productId: string, variantId: string | null, counted: number | null) => number | null;

interface ProductGridProps {
  items: MarketCatalogueItem[];
  cart: StallCart;
  stockOf: StockOf;
  /** The item (and variant) the server last refused: its tile is marked until the seller has seen it. */
  flagged: string | null;
  onAdd: (item: MarketCatalogueItem, variantId: string | null) => void;
  onOther: () => void;
}

/** Sold out when counted and nothing is left (of every variant, for an item with variants). */
function itemStock(item: MarketCatalogueItem, stockOf: StockOf): number | null {
  if (item.variants.length === 0) return stockOf(item.productId, null, item.stockQty);
  let total = 0;
  for (const variant of item.variants) {
    const left = stockOf(item.productId, variant.id, variant.stockQty);
    if (left === null) return null;
    total += left;
  }
  return total;
}

/** "From" price for an item whose variants cost different amounts: the lowest. */
function lowestPrice(item: MarketCatalogueItem): { price: string; from: boolean } {
  const prices = item.variants.map((variant) => variant.price);
  if (prices.length === 0) return { price: item.price, from: false };
  const sorted = [...prices].sort((a, b) => toOre(a) - toOre(b));
  return { price: sorted[0] ?? item.price, from: new Set(prices).size > 1 };
}

/**
 * The products as big tiles, in the catalogue's order (recently sold first), with a search box. A tap adds
 * one; an item with variants opens a sheet of its variants. Sold-out tiles stay in place, disabled, so the
 * grid does not shift under the seller's thumb.
 */
export function ProductGrid({ items, cart, stockOf, flagged, onAdd, onOther }: ProductGridProps) {
  const { t } = useTranslation();
  const kr = useMarketKr();
  const [query, setQuery] = useState("");
  const deferred = useDeferredValue(query);
  const [choosing, setChoosing] = useState<MarketCatalogueItem | null>(null);

  const shown = useMemo(() => {
    const words = deferred.trim().toLocaleLowerCase().split(/\s+/).filter(Boolean);
    if (words.length === 0) return items;
    return items.filter((item) => {
      const text = [item.title, ...item.variants.map((variant) => variant.label)]
        .join(" ")
        .toLocaleLowerCase();
      return words.every((word) => text.includes(word));
    });
  }, [items, deferred]);

  return (
    <section aria-labelledby="market-products" className="grid gap-3">
      <h2 id="market-products" className="sr-only">
        {t("market.products.title")}
      </h2>
      <div className="relative">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-muted-foreground"
        />
        <Input
          type="search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          aria-label={t("market.products.search")}
          placeholder={t("market.products.search")}
          className="h-12 rounded-xl pl-10 text-base sm:text-base"
        />
      </div>
      {shown.length === 0 && (
        <p role="status" className="py-6 text-center text-sm text-muted-foreground">
          {items.length === 0 ? t("market.products.none") : t("market.products.noMatch", { query: deferred })}
        </p>
      )}
      <ul className="grid grid-cols-2 gap-2.5 sm:grid-cols-3 xl:grid-cols-4">
        <li>
          <button
            type="button"
            onClick={onOther}
            className="flex h-full min-h-40 w-full flex-col items-center justify-center gap-2 rounded-2xl border-2 border-dashed border-input p-3 text-center font-medium text-muted-foreground transition-colors hover:border-primary hover:text-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
          >
            <Plus aria-hidden="true" className="size-7" />
            <span>{t("market.other.tile")}</span>
          </button>
        </li>
        {shown.map((item) => {
          const left = itemStock(item, stockOf);
          const soldOut = left !== null && left <= 0;
          const inCart = item.variants.length
            ? item.variants.reduce((sum, variant) => sum + qtyInCart(cart, item.productId, variant.id), 0)
            : qtyInCart(cart, item.productId, null);
          const price = lowestPrice(item);
          const isFlagged = flagged === item.productId;
          return (
            <li key={item.productId}>
              <button
                type="button"
                disabled={soldOut}
                onClick={() => (item.variants.length ? setChoosing(item) : onAdd(item, null))}
                aria-label={[
                  item.title,
                  price.from ? t("market.products.from", { price: kr(price.price) }) : kr(price.price),
                  soldOut
                    ? t("market.stock.soldOut")
                    : left !== null
                      ? t("market.stock.left", { count: left })
                      : "",
                  inCart ? t("market.products.inCart", { count: inCart }) : "",
                ]
                  .filter(Boolean)
                  .join(", ")}
                className={cn(
                  "group relative flex h-full w-full flex-col overflow-hidden rounded-2xl border bg-card text-left shadow-xs transition",
                  "hover:border-primary/60 active:scale-[0.98] focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring",
                  "disabled:cursor-not-allowed disabled:active:scale-100",
                  inCart > 0 && "border-primary ring-1 ring-primary",
                  isFlagged && "border-error ring-2 ring-error",
                )}
              >
                <span className="relative block aspect-[4/3] w-full overflow-hidden bg-muted">
                  {item.imageUrl ? (
                    <img
                      src={item.imageUrl}
                      alt=""
                      loading="lazy"
                      className={cn(
                        "absolute inset-0 size-full object-cover",
                        soldOut && "opacity-40 grayscale",
                      )}
                    />
                  ) : (
                    <span className="absolute inset-0 flex items-center justify-center text-muted-foreground">
                      <ImageOff aria-hidden="true" className="size-7 opacity-60" />
                    </span>
                  )}
                  {inCart > 0 && (
                    <span
                      aria-hidden="true"
                      className="absolute top-2 right-2 flex min-w-8 items-center justify-center rounded-full bg-primary px-2 py-1 text-sm font-bold tabular-nums text-primary-foreground shadow"
                    >
                      {inCart}
                    </span>
                  )}
                  {soldOut && (
                    <span
                      aria-hidden="true"
                      className="absolute inset-x-0 bottom-0 bg-stone-950/75 py-1 text-center text-xs font-semibold tracking-wide text-white uppercase"
                    >
                      {t("market.stock.soldOut")}
                    </span>
                  )}
                </span>
                <span aria-hidden="true" className="flex flex-1 flex-col gap-1 p-2.5">
                  <span className="line-clamp-2 text-sm leading-snug font-medium">{item.title}</span>
                  <span className="mt-auto flex items-baseline justify-between gap-2">
                    <span className="text-base font-semibold tabular-nums">
                      {price.from ? t("market.products.from", { price: kr(price.price) }) : kr(price.price)}
                    </span>
                    {!soldOut && left !== null && (
                      <span
                        className={cn(
                          "shrink-0 text-xs tabular-nums",
                          left <= 3
                            ? "font-semibold text-amber-700 dark:text-amber-400"
                            : "text-muted-foreground",
                        )}
                      >
                        {t("market.stock.left", { count: left })}
                      </span>
                    )}
                  </span>
                </span>
              </button>
            </li>
          );
        })}
      </ul>
      <VariantSheet
        item={choosing}
        cart={cart}
        stockOf={stockOf}
        onClose={() => setChoosing(null)}
        onChoose={(item, variantId) => {
          onAdd(item, variantId);
          setChoosing(null);
        }}
      />
    </section>
  );
}

function VariantSheet({
  item,
  cart,
  stockOf,
  onClose,
  onChoose,
}: {
  item: MarketCatalogueItem | null;
  cart: StallCart;
  stockOf: StockOf;
  onClose: () => void;
  onChoose: (item: MarketCatalogueItem, variantId: string) => void;
}) {
  const { t } = useTranslation();
  const kr = useMarketKr();
  return (
    <MarketSheet open={item !== null} onOpenChange={(open) => !open && onClose()} title={item?.title ?? ""}>
      {item && (
        <ul className="grid grid-cols-2 gap-2.5">
          {item.variants.map((variant) => {
            const left = stockOf(item.productId, variant.id, variant.stockQty);
            const inCart = qtyInCart(cart, item.productId, variant.id);
            const full = left !== null && inCart >= left;
            const soldOut = left !== null && left <= 0;
            return (
              <li key={variant.id}>
                <button
                  type="button"
                  disabled={full}
                  onClick={() => onChoose(item, variant.id)}
                  className="flex min-h-20 w-full flex-col items-start gap-1 rounded-xl border bg-card p-3 text-left transition-colors hover:border-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-50"
                >
                  <span className="font-medium">{variant.label}</span>
                  <span className="flex w-full items-baseline justify-between gap-2">
                    <span className="font-semibold tabular-nums">{kr(variant.price)}</span>
                    <span className="text-xs text-muted-foreground">
                      {soldOut
                        ? t("market.stock.soldOut")
                        : left !== null
                          ? t("market.stock.left", { count: left })
                          : ""}
                    </span>
                  </span>
                  {inCart > 0 && (
                    <span className="text-xs font-medium text-primary">
                      {t("market.products.inCart", { count: inCart })}
                    </span>
                  )}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </MarketSheet>
  );
}
