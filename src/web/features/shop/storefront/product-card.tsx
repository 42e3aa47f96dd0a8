import { ScanSearch } from "lucide-react";
import type { StorefrontProduct } from "../../../../shared/storefront";
import { useTranslation } from "../../../lib/i18n";
import { useKr } from "../../../lib/money";
import { ProductPhoto } from "../components/product-photo";
import { StockLabel } from "../components/stock-label";

// The card's long class lists are component classes (components/storefront.css): written once in the
// stylesheet, not 20 times in the page (decision 0042).
const addButton = "torg-card-add";

/** lucide's Plus, its stroke set by .torg-card-add svg: a third of the markup of the icon component. */
const plus = (
  <svg aria-hidden="true" viewBox="0 0 24 24">
    <path d="M5 12h14M12 5v14" />
  </svg>
);

interface ProductCardProps {
  product: StorefrontProduct;
  onZoom: (product: StorefrontProduct) => void;
  onAdd: (product: StorefrontProduct) => void;
  /** The page's largest picture (a first-row card of a store without a hero photo): loaded first, not lazily. */
  lead?: boolean;
}

/**
 * One product in the grid. The whole card is the target: a product with a marker opens the zoom
 * viewer, any other goes to its page. The round + adds one to the cart without leaving the grid.
 */
export function ProductCard({ product, onZoom, onAdd, lead = false }: ProductCardProps) {
  const { t } = useTranslation();
  const kr = useKr();
  const stretched = "torg-card-target";
  const title = <span className="line-clamp-2">{product.title}</span>;

  return (
    // The card draws the keyboard focus ring of its stretched link or button: the target itself is a
    // line of text, and its full-card overlay would be clipped by the card's rounded, hidden overflow.
    <li className="group torg-card">
      <div className="relative">
        <ProductPhoto
          src={product.primaryImage}
          alt={product.title}
          coordinates={product.coordinates}
          sizes="(min-width: 1024px) 300px, (min-width: 640px) 33vw, 50vw"
          imageClassName="torg-card-photo"
          priority={lead}
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
              {plus}
            </a>
          ) : (
            <button
              type="button"
              onClick={() => onAdd(product)}
              aria-label={t("storefront.addToCartLabel", { title: product.title })}
              className={addButton}
            >
              {plus}
            </button>
          )}
        </div>
      </div>
    </li>
  );
}
