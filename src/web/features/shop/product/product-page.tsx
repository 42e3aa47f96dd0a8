import { useRef, useState } from "react";
import type { ProductView } from "../../../../shared/product";
import { productUrl, shopPath } from "../../../../shared/shop-address";
import type { PublicStore } from "../../../../shared/storefront";
import { Button } from "../../../components/ui/button";
import { toast } from "../../../hooks/use-toast";
import { useTranslation } from "../../../lib/i18n";
import { usePriceText } from "../../../lib/money";
import { cartStore } from "../cart/cart";
import { CartButton } from "../cart/cart-button";
import { QuantityStepper } from "../cart/quantity-stepper";
import { AboutLink } from "../components/about-link";
import { ArrowLeft, ShoppingBag } from "../components/icons";
import { ShareButton } from "../components/share-button";
import { useShop } from "../components/shop-context";
import { ShopFooter } from "../components/shop-footer";
import { StockLabel } from "../components/stock-label";
import { StoreBadge } from "../components/store-logo";
import { ZoomViewer } from "../components/zoom-viewer";
import { ProductGallery } from "./product-gallery";
import { useProductViewBeacon } from "./product-view-beacon";
import { chosen, initialChoice } from "./variant-choice";
import { VariantPicker } from "./variant-picker";

/**
 * The public product page /products/{id} (docs/product-spec.md 2.13), rendered by the server with the product and its
 * store (src/web/features/shop), and taken over by the browser.
 */
export function ProductPage({ product, store }: { product: ProductView; store: PublicStore }) {
  const { t } = useTranslation();
  const priceText = usePriceText();
  const [quantity, setQuantity] = useState(1);
  const [zooming, setZooming] = useState(false);
  const [values, setValues] = useState(() => initialChoice(product));
  const choice = chosen(product, values);
  const soldOut = !choice.offered || choice.stockQty === 0;
  // Variants that cost different amounts start with nothing chosen (decision 0060): the shopper picks.
  const canAdd = choice.complete && !soldOut;
  const pickerRef = useRef<HTMLDivElement>(null);
  const maxQuantity = Math.min(99, choice.stockQty ?? 99);
  const [zoomPhoto, setZoomPhoto] = useState<string | null>(null);
  const { origin } = useShop();
  const storePath = shopPath(store);
  const description = product.blurb?.trim();

  useProductViewBeacon(product.id);

  const addToCart = (qty: number) => {
    // A sold-out product or variant cannot be added (decision 0032), nor half a choice; the button says so.
    if (!canAdd) return;
    const before = cartStore.get();
    const replaced = before.items.length > 0 && before.storeId !== product.storeId;
    cartStore.add(product, qty, choice.variant);
    const title = choice.variant ? `${product.title} (${choice.variant.label})` : product.title;
    const added = t("cart.addedText", { qty: Math.min(qty, maxQuantity), title });
    toast({
      title: t("cart.added"),
      description: replaced ? `${added}. ${t("cart.replacedText", { store: product.store.name })}` : added,
    });
  };

  return (
    <div className="min-h-dvh max-sm:pb-28">
      <header className="sticky top-0 z-40 bg-background/85 backdrop-blur-md supports-[backdrop-filter]:bg-background/70">
        <div className="mx-auto flex h-16 max-w-5xl items-center justify-between gap-3 px-2 sm:px-6">
          <Button asChild variant="ghost" size="lg" className="h-11 px-3">
            <a href={storePath}>
              <ArrowLeft aria-hidden="true" />
              {t("productPage.backToStore")}
            </a>
          </Button>
          <div className="mr-2 flex items-center gap-2 sm:mr-0">
            <AboutLink store={store} />
            <ShareButton
              url={productUrl(store, origin, product.id)}
              title={product.title}
              label={t("share.product")}
            />
            <CartButton />
          </div>
        </div>
      </header>

      <main id="main" tabIndex={-1} className="mx-auto max-w-5xl outline-none sm:px-6 sm:pt-4">
        <div className="grid gap-6 sm:grid-cols-2 sm:gap-10">
          <ProductGallery
            product={product}
            onZoom={(photo) => {
              setZoomPhoto(photo);
              setZooming(true);
            }}
          />

          <div className="flex flex-col px-4 sm:px-0 sm:pt-2">
            <a
              href={storePath}
              className="inline-flex items-center gap-2 self-start rounded-full py-1 pr-3 text-sm text-muted-foreground transition-colors hover:text-foreground"
            >
              <StoreBadge store={store} className="size-7 text-[10px]" />
              <span>{t("productPage.from", { store: product.store.name })}</span>
            </a>
            <h1 className="mt-3 text-3xl font-semibold tracking-tight text-balance sm:text-4xl">
              {product.title}
            </h1>
            <div className="mt-2 flex flex-wrap items-center gap-3">
              <p className="text-2xl font-semibold text-brand-text tabular-nums">{priceText(choice.price)}</p>
              {/* Read out when the choice changes what is left. */}
              <div aria-live="polite" className="empty:hidden">
                {choice.offered ? (
                  <StockLabel stockQty={choice.stockQty} />
                ) : (
                  <span className="text-sm text-muted-foreground">{t("stock.notOffered")}</span>
                )}
              </div>
            </div>
            {(choice.variant?.sku ?? product.sku) && (
              <p className="mt-1 text-sm text-muted-foreground">{choice.variant?.sku ?? product.sku}</p>
            )}
            {product.options.length > 0 && (
              <div className="mt-6" ref={pickerRef}>
                <VariantPicker product={product} values={values} onChange={setValues} />
              </div>
            )}

            <div className="mt-6 border-t pt-6">
              <h2 className="sr-only">{t("productPage.description")}</h2>
              <p className="leading-relaxed text-pretty whitespace-pre-line text-muted-foreground">
                {description || t("productPage.noDescription")}
              </p>
            </div>

            <div className="z-30 flex items-center gap-3 border-t bg-background/95 px-4 pt-3 pb-[max(env(safe-area-inset-bottom),0.75rem)] backdrop-blur-md max-sm:fixed max-sm:inset-x-0 max-sm:bottom-0 sm:mt-8 sm:border-t-0 sm:bg-transparent sm:p-0 sm:backdrop-blur-none">
              <QuantityStepper
                value={quantity}
                title={product.title}
                max={Math.max(1, maxQuantity)}
                onDecrement={() => setQuantity((q) => Math.max(1, q - 1))}
                onIncrement={() => setQuantity((q) => Math.min(maxQuantity, q + 1))}
              />
              <Button
                size="lg"
                className="h-12 flex-1 text-base sm:max-w-72"
                disabled={!canAdd}
                onClick={() => {
                  addToCart(quantity);
                  setQuantity(1);
                }}
              >
                <ShoppingBag aria-hidden="true" />
                {soldOut
                  ? t("stock.soldOut")
                  : choice.complete
                    ? t("productPage.addToCart")
                    : t("stock.chooseOptions")}
              </Button>
            </div>
          </div>
        </div>
      </main>

      <div className="mt-12">
        <ShopFooter store={store} />
      </div>
      <ZoomViewer
        product={zooming ? { ...product, displayPrice: choice.price } : null}
        photo={zoomPhoto}
        onOpenChange={setZooming}
        onAddToCart={() => {
          if (choice.complete) return addToCart(1);
          // Nothing chosen yet: back to the page, at the options.
          setZooming(false);
          pickerRef.current?.querySelector("input")?.focus();
        }}
        detailsLink={false}
        choiceNeeded={!choice.complete}
      />
    </div>
  );
}
