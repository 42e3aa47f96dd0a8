import { Plus, ScanSearch } from "lucide-react";
import type { ProductView } from "../../../../shared/product";
import { useTranslation } from "../../../lib/i18n";
import { useKr } from "../../../lib/money";
import { ProductPhoto } from "../components/product-photo";
import { StockLabel } from "../components/stock-label";

const addButton =
  "relative z-10 -mr-1 -mb-1 flex size-11 shrink-0 items-center justify-center rounded-full bg-primary text-primary-foreground shadow-sm transition-transform hover:bg-primary/90 active:scale-95 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring";

interface ProductCardProps {
  product: ProductView;
  onZoom: (product: ProductView) => void;
  onAdd: (product: ProductView) => void;
}

/**
 * One product in the grid. The whole card is the target: a product with a marker opens the zoom
 * viewer, any other goes to its page. The round + adds one to the cart without leaving the grid.
 */
export function ProductCard({ product, onZoom, onAdd }: ProductCardProps) {
  const { t } = useTranslation();
  const kr = useKr();
  const stretched =
    "after:absolute after:inset-0 after:rounded-2xl after:content-[''] focus-visible:outline-none";
  const title = <span className="line-clamp-2">{product.title}</span>;

  return (
    // The card draws the keyboard focus ring of its stretched link or button: the target itself is a
    // line of text, and its full-card overlay would be clipped by the card's rounded, hidden overflow.
    <li className="group relative flex flex-col overflow-hidden rounded-2xl border bg-card shadow-[0_1px_2px_rgb(60_40_20/0.06)] transition-shadow hover:shadow-md has-[h3_:focus-visible]:outline-3 has-[h3_:focus-visible]:outline-offset-2 has-[h3_:focus-visible]:outline-ring">
      <div className="relative">
        <ProductPhoto
          src={product.primaryImage}
          alt={product.title}
          coordinates={product.coordinates}
          sizes="(min-width: 1024px) 300px, (min-width: 640px) 33vw, 50vw"
          imageClassName="transition-transform duration-300 ease-out group-hover:scale-[1.03] motion-reduce:transition-none"
        />
        {product.coordinates && (
          <span className="pointer-events-none absolute top-2 left-2 inline-flex items-center gap-1 rounded-full bg-stone-950/60 px-2 py-1 text-[11px] font-medium text-white backdrop-blur-sm">
            <ScanSearch aria-hidden="true" className="size-3.5" />
            {t("storefront.zoomBadge")}
          </span>
        )}
      </div>
      <div className="flex flex-1 flex-col gap-1 p-3 sm:p-4">
        <h3 className="text-sm leading-snug font-medium sm:text-base">
          {product.coordinates ? (
            <button
              type="button"
              className={`text-left ${stretched}`}
              onClick={() => onZoom(product)}
              aria-haspopup="dialog"
            >
              {title}
            </button>
          ) : (
            <a href={`/products/${product.id}`} className={stretched}>
              {title}
            </a>
          )}
        </h3>
        {product.sku && <p className="truncate text-xs text-muted-foreground">{product.sku}</p>}
        <StockLabel stockQty={product.available ? product.stockQty : 0} />
        <div className="mt-auto flex items-center justify-between gap-2 pt-1">
          <p className="text-base font-semibold tabular-nums">{kr(product.basePrice)}</p>
          {/* Sold out: nothing to add (decision 0032). With options, the shopper chooses on its page. */}
          {!product.available ? null : product.options.length > 0 ? (
            <a
              href={`/products/${product.id}`}
              aria-label={t("stock.chooseOptionsFor", { title: product.title })}
              className={addButton}
            >
              <Plus aria-hidden="true" className="size-5" />
            </a>
          ) : (
            <button
              type="button"
              onClick={() => onAdd(product)}
              aria-label={t("storefront.addToCartLabel", { title: product.title })}
              className={addButton}
            >
              <Plus aria-hidden="true" className="size-5" />
            </button>
          )}
        </div>
      </div>
    </li>
  );
}
