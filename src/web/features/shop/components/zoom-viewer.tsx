import { Dialog as DialogPrimitive } from "radix-ui";
import { useState } from "react";
import { fixImageUrl } from "../../../../shared/image-url";
import type { ProductView } from "../../../../shared/product";
import type { StorefrontProduct } from "../../../../shared/storefront";
import { Button } from "../../../components/ui/button";
import { closesOnEscape } from "../../../components/ui/escape-close";
import { useTranslation } from "../../../lib/i18n";
import { usePriceText } from "../../../lib/money";
import { cn } from "../../../lib/utils";
import { useFocusReturn } from "./focus-return";
import { Maximize, Minus, Plus, ShoppingBag, X } from "./icons";
import { useOpenedOnce } from "./opened-once";
import { Marker } from "./product-photo";
import { useShop } from "./shop-context";
import { useZoom, ZOOM_MAX, ZOOM_MIN } from "./use-zoom";

/** What the viewer shows of a product: a storefront's card view or a product page's whole view. */
type ZoomProduct = Pick<
  ProductView,
  "id" | "title" | "available" | "options" | "primaryImage" | "coordinates"
> &
  Pick<StorefrontProduct, "displayPrice">;

interface ZoomViewerProps<P extends ZoomProduct> {
  product: P | null;
  onOpenChange: (open: boolean) => void;
  onAddToCart: (product: P) => void;
  /** "View Details": off on the product page itself. */
  detailsLink?: boolean;
  /** Which of the product's photos to show (the product page's gallery); the primary by default. */
  photo?: string | null;
  /** The add button says "Choose options": always on a card, on the product page until all are chosen. */
  choiceNeeded?: boolean;
}

/**
 * The zoom viewer of docs/product-spec.md 2.11: opens at the marker, zooms with + and − (buttons and keys), pinch and
 * the mouse wheel, pans by dragging or with the arrow keys, 0 resets, and links to the product page. Nothing
 * of it is rendered until it first opens (useOpenedOnce).
 */
export function ZoomViewer<P extends ZoomProduct>(props: ZoomViewerProps<P>) {
  return useOpenedOnce(props.product !== null) ? <ZoomDialog {...props} /> : null;
}

function ZoomDialog<P extends ZoomProduct>({
  product: requested,
  onOpenChange,
  onAddToCart,
  detailsLink = true,
  photo,
  choiceNeeded = detailsLink,
}: ZoomViewerProps<P>) {
  const { t } = useTranslation();
  const { origin } = useShop();
  const priceText = usePriceText();
  const focus = useFocusReturn();
  // The last product stays on screen while the dialog fades out.
  const [product, setProduct] = useState(requested);
  if (requested && requested !== product) setProduct(requested);

  const shownPhoto = photo ?? product?.primaryImage ?? null;
  // The marker's coordinates are a place in the primary photo; another photo is shown without it.
  const coordinates = shownPhoto === product?.primaryImage ? (product?.coordinates ?? null) : null;

  // A new product or photo starts from scratch: its photo still has to load before the view can be placed.
  const viewing = requested ? `${requested.id} ${photo ?? requested.primaryImage}` : null;
  const {
    frameCallbackRef,
    view,
    gesturing,
    stage,
    setNatural,
    zoomBy,
    reset,
    onPointerDown,
    onPointerMove,
    onPointerEnd,
    onKeyDown,
    onDoubleClick,
  } = useZoom(viewing, coordinates);

  const url = product ? fixImageUrl(shownPhoto, origin) : "";
  const percent = `${Math.round(view.scale * 100)}%`;
  const controlButton =
    "flex size-11 items-center justify-center rounded-full text-white transition-colors hover:bg-white/15 active:bg-white/20 aria-disabled:cursor-default aria-disabled:opacity-35 aria-disabled:hover:bg-transparent focus-visible:outline-2 focus-visible:outline-white [&_svg]:size-5";

  return (
    <DialogPrimitive.Root open={requested !== null} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-stone-950/70 backdrop-blur-sm data-[state=closed]:animate-fade-out data-[state=open]:animate-fade-in" />
        <DialogPrimitive.Content
          onKeyDown={onKeyDown}
          onOpenAutoFocus={focus.remember}
          onCloseAutoFocus={focus.onCloseAutoFocus}
          className={cn(
            "fixed inset-0 z-50 flex flex-col overflow-hidden bg-stone-950 text-white outline-none",
            "sm:inset-auto sm:top-1/2 sm:left-1/2 sm:h-[min(88dvh,820px)] sm:w-[min(92vw,960px)] sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-2xl sm:shadow-2xl",
            "data-[state=closed]:animate-fade-out data-[state=open]:animate-fade-in",
          )}
        >
          {product && (
            <>
              <div className="flex items-start gap-3 px-4 pt-[max(env(safe-area-inset-top),0.75rem)] pb-3 sm:px-5 sm:pt-4">
                <div className="min-w-0 flex-1 pt-1.5">
                  <DialogPrimitive.Title className="truncate text-base font-semibold sm:text-lg">
                    {product.title}
                  </DialogPrimitive.Title>
                  <DialogPrimitive.Description className="text-sm text-white/75">
                    <span className="font-medium text-white">{priceText(product.displayPrice)}</span>
                    <span aria-hidden="true"> · </span>
                    <span className="hidden sm:inline">{t("zoom.hintPointer")}</span>
                    <span className="sm:hidden">{t("zoom.hintTouch")}</span>
                  </DialogPrimitive.Description>
                </div>
                <DialogPrimitive.Close {...closesOnEscape} className={cn(controlButton, "-mr-1.5 shrink-0")}>
                  <X aria-hidden="true" />
                  <span className="sr-only">{t("zoom.close")}</span>
                </DialogPrimitive.Close>
              </div>

              <div
                ref={frameCallbackRef}
                role="img"
                aria-label={t("zoom.imageLabel", { title: product.title, zoom: percent })}
                className={cn(
                  "relative min-h-0 flex-1 touch-none overflow-hidden select-none",
                  gesturing ? "cursor-grabbing" : "cursor-grab",
                )}
                onPointerDown={onPointerDown}
                onPointerMove={onPointerMove}
                onPointerUp={onPointerEnd}
                onPointerCancel={onPointerEnd}
                onDoubleClick={onDoubleClick}
              >
                <div
                  className={cn(
                    "absolute top-1/2 left-1/2 will-change-transform",
                    !gesturing && "transition-transform duration-200 ease-out motion-reduce:transition-none",
                  )}
                  style={{
                    width: stage?.width ?? "100%",
                    height: stage?.height ?? "100%",
                    transform: `translate(-50%, -50%) translate(${view.x}px, ${view.y}px) scale(${view.scale})`,
                  }}
                >
                  <img
                    src={url}
                    alt=""
                    draggable={false}
                    decoding="async"
                    onLoad={(event) => {
                      const { naturalWidth: width, naturalHeight: height } = event.currentTarget;
                      if (width && height) setNatural({ width, height });
                    }}
                    className={cn(
                      "pointer-events-none size-full object-contain transition-opacity duration-300",
                      stage ? "opacity-100" : "opacity-0",
                    )}
                  />
                  {coordinates && stage && (
                    <Marker
                      className="size-5"
                      style={{
                        left: `${coordinates.x}%`,
                        top: `${coordinates.y}%`,
                        transform: `translate(-50%, -50%) scale(${1 / view.scale})`,
                      }}
                    />
                  )}
                </div>
              </div>

              <div className="grid gap-3 border-t border-white/10 px-3 pt-3 pb-[max(env(safe-area-inset-bottom),0.75rem)] sm:flex sm:items-center sm:justify-between sm:px-5 sm:pb-4">
                <div className="flex items-center justify-self-center rounded-full bg-white/10 p-0.5">
                  <button
                    type="button"
                    className={controlButton}
                    onClick={() => zoomBy(-1)}
                    aria-disabled={view.scale <= ZOOM_MIN}
                    aria-label={t("zoom.zoomOut")}
                    aria-keyshortcuts="-"
                  >
                    <Minus aria-hidden="true" />
                  </button>
                  <output aria-live="polite" className="w-12 text-center text-sm font-medium tabular-nums">
                    {percent}
                  </output>
                  <button
                    type="button"
                    className={controlButton}
                    onClick={() => zoomBy(1)}
                    aria-disabled={view.scale >= ZOOM_MAX}
                    aria-label={t("zoom.zoomIn")}
                    aria-keyshortcuts="+"
                  >
                    <Plus aria-hidden="true" />
                  </button>
                  <button
                    type="button"
                    className={controlButton}
                    onClick={reset}
                    aria-label={t("zoom.reset")}
                    aria-keyshortcuts="0"
                  >
                    <Maximize aria-hidden="true" />
                  </button>
                </div>
                <div className={cn("grid gap-2 sm:flex sm:justify-end", detailsLink && "grid-cols-2")}>
                  <Button
                    variant="outline"
                    size="lg"
                    className={cn(
                      "h-11 px-4",
                      detailsLink
                        ? "border-white/25 bg-transparent text-white hover:bg-white/10 hover:text-white"
                        : "border-transparent bg-white text-stone-900 hover:bg-white/90",
                    )}
                    onClick={() => onAddToCart(product)}
                    disabled={!product.available}
                  >
                    <ShoppingBag aria-hidden="true" />
                    {/* Sold out, or (with options) chosen on the product's page: decision 0032. */}
                    {!product.available
                      ? t("stock.soldOut")
                      : product.options.length > 0 && choiceNeeded
                        ? t("stock.chooseOptions")
                        : t("storefront.addToCart")}
                  </Button>
                  {detailsLink && (
                    <Button asChild size="lg" className="h-11 bg-white px-5 text-stone-900 hover:bg-white/90">
                      <a href={`/products/${product.id}`}>{t("zoom.viewDetails")}</a>
                    </Button>
                  )}
                </div>
              </div>
            </>
          )}
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
