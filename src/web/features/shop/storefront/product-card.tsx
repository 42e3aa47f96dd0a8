import type { StorefrontProduct } from "../../../../shared/storefront";
import { useTranslation } from "../../../lib/i18n";
import { usePriceText } from "../../../lib/money";
import { ScanSearch } from "../components/icons";
import { ProductPhoto } from "../components/product-photo";
import { StockLabel } from "../components/stock-label";

// The card's class lists are component classes (components/storefront.css), its + drawn by the
// stylesheet: written once there, not 24 times in the page (decisions 0042, 0048).
const addButton = "torg-card-add";

interface ProductCardProps {
  product: StorefrontProduct;
  onZoom: (product: StorefrontProduct) => void;
  onAdd: (product: StorefrontProduct) => void;
  /** The page's largest picture (a first-row card of a store without a hero photo): loaded first, not lazily. */
  lead?: boolean;
}

/**
 * One product in the grid. The whole card is the target: a product with coordinates opens the zoom
 * viewer, any other goes to its page. The round + adds one to the cart without leaving the grid.
 */
export function ProductCard({ product, onZoom, onAdd, lead = false }: ProductCardProps) {
  const { t } = useTranslation();
  const priceText = usePriceText();
  const stretched = "torg-card-target";
  const title = <span>{product.title}</span>;

  return (
    // The card draws the keyboard focus ring of its stretched link or button: the target itself is a
    // line of text, and its full-card overlay would be clipped by the card's rounded, hidden overflow.
    <li className="group torg-card">
      <ProductPhoto
        src={product.primaryImage}
        alt={product.title}
        coordinates={product.coordinates}
        sizes="(min-width: 1024px) 300px, (min-width: 640px) 33vw, 50vw"
        imageClassName="torg-card-photo"
        priority={lead}
      >
        {product.coordinates && (
          <span className="pointer-events-none absolute top-2 left-2 inline-flex items-center gap-1 rounded-full bg-stone-950/60 px-2 py-1 text-[11px] font-medium text-white backdrop-blur-sm">
            <ScanSearch aria-hidden="true" className="size-3.5" />
            {t("storefront.zoomBadge")}
          </span>
        )}
      </ProductPhoto>
      <div className="torg-card-body">
        <h3 className="torg-card-title">
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
        {product.sku && <p className="torg-card-sku">{product.sku}</p>}
        <StockLabel stockQty={product.available ? product.stockQty : 0} />
        <div className="torg-card-foot">
          <p className="torg-card-price">{priceText(product.displayPrice)}</p>
          {/* Sold out: nothing to add (decision 0032). With options, the shopper chooses on its page. */}
          {!product.available ? null : product.options.length > 0 ? (
            <a href={`/products/${product.id}`} className={addButton}>
              <span className="sr-only">{t("stock.chooseOptionsFor", { title: product.title })}</span>
            </a>
          ) : (
            <button
              type="button"
              onClick={() => onAdd(product)}
              aria-label={t("storefront.addToCartLabel", { title: product.title })}
              className={addButton}
            />
          )}
        </div>
      </div>
    </li>
  );
}
