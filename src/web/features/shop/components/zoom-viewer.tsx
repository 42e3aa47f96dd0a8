import { Dialog as DialogPrimitive } from "radix-ui";
import { type KeyboardEvent, type PointerEvent, useCallback, useEffect, useRef, useState } from "react";
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

/** docs/product-spec.md 9: zoom from 1 to 4 in steps of 0.5; a product with a marker opens at 2.8, centred on it. */
export const ZOOM_MIN = 1;
export const ZOOM_MAX = 4;
export const ZOOM_STEP = 0.5;
export const MARKER_ZOOM = 2.8;

interface View {
  scale: number;
  x: number;
  y: number;
}

interface Size {
  width: number;
  height: number;
}

const clampScale = (scale: number) => Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, scale));

/** The next step up or down on the 0.5 grid, so 2.8 goes to 3 or 2.5. */
export function stepZoom(scale: number, direction: 1 | -1): number {
  const grid = scale / ZOOM_STEP;
  const next = direction > 0 ? Math.floor(grid + 1e-6) + 1 : Math.ceil(grid - 1e-6) - 1;
  return clampScale(next * ZOOM_STEP);
}

/** The largest box of the photo's shape that fits the frame. */
function fitStage(frame: Size, natural: Size): Size {
  const scale = Math.min(frame.width / natural.width, frame.height / natural.height);
  return { width: natural.width * scale, height: natural.height * scale };
}

/** Keeps the photo over the frame: no panning past its edges, centred on an axis where it is smaller. */
function clampView(view: View, frame: Size, stage: Size): View {
  const scale = clampScale(view.scale);
  const maxX = Math.max(0, (stage.width * scale - frame.width) / 2);
  const maxY = Math.max(0, (stage.height * scale - frame.height) / 2);
  return {
    scale,
    x: Math.min(maxX, Math.max(-maxX, view.x)),
    y: Math.min(maxY, Math.max(-maxY, view.y)),
  };
}

/** Zooms to `scale` keeping the point `at` (relative to the frame's centre) where it is. */
function zoomAt(view: View, scale: number, at: { x: number; y: number }): View {
  const next = clampScale(scale);
  const ratio = next / view.scale;
  return { scale: next, x: at.x - (at.x - view.x) * ratio, y: at.y - (at.y - view.y) * ratio };
}

const RESET: View = { scale: ZOOM_MIN, x: 0, y: 0 };

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
  const frameRef = useRef<HTMLDivElement>(null);
  const [frame, setFrame] = useState<Size | null>(null);
  const [natural, setNatural] = useState<Size | null>(null);
  const [view, setView] = useState<View>(RESET);
  const [gesturing, setGesturing] = useState(false);
  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const placedFor = useRef<string | null>(null);
  const focus = useFocusReturn();
  // The last product stays on screen while the dialog fades out.
  const [product, setProduct] = useState(requested);
  if (requested && requested !== product) setProduct(requested);

  const stage = frame && natural ? fitStage(frame, natural) : null;
  const shownPhoto = photo ?? product?.primaryImage ?? null;
  // The marker's coordinates are a place in the primary photo; another photo is shown without it.
  const coordinates = shownPhoto === product?.primaryImage ? (product?.coordinates ?? null) : null;

  // A new product or photo starts from scratch: its photo still has to load before the view can be placed.
  const viewing = requested ? `${requested.id} ${photo ?? requested.primaryImage}` : null;
  useEffect(() => {
    if (viewing === null) return;
    setNatural(null);
    setView(RESET);
    placedFor.current = null;
  }, [viewing]);

  const measure = useCallback(() => {
    const node = frameRef.current;
    if (node) setFrame({ width: node.clientWidth, height: node.clientHeight });
  }, []);

  const frameCallbackRef = useCallback(
    (node: HTMLDivElement | null) => {
      frameRef.current = node;
      if (!node) return;
      measure();
      const observer = new ResizeObserver(measure);
      observer.observe(node);
      return () => observer.disconnect();
    },
    [measure],
  );

  // Once the photo and the frame are known: the marker zoom, centred on the marker.
  useEffect(() => {
    if (!frame || !stage || !viewing || placedFor.current === viewing) return;
    placedFor.current = viewing;
    if (!coordinates) {
      setView(RESET);
      return;
    }
    const point = {
      x: (coordinates.x / 100 - 0.5) * stage.width,
      y: (coordinates.y / 100 - 0.5) * stage.height,
    };
    setView(
      clampView({ scale: MARKER_ZOOM, x: -point.x * MARKER_ZOOM, y: -point.y * MARKER_ZOOM }, frame, stage),
    );
  }, [frame, stage, viewing, coordinates]);

  const update = useCallback(
    (change: (view: View) => View) => {
      setView((current) => (frame && stage ? clampView(change(current), frame, stage) : current));
    },
    [frame, stage],
  );

  const zoomBy = (direction: 1 | -1) =>
    update((v) => zoomAt(v, stepZoom(v.scale, direction), { x: 0, y: 0 }));
  const reset = () => setView(RESET);

  /** A point of the page as an offset from the frame's centre. */
  const fromCentre = (clientX: number, clientY: number) => {
    const rect = frameRef.current?.getBoundingClientRect();
    if (!rect) return { x: 0, y: 0 };
    return { x: clientX - rect.left - rect.width / 2, y: clientY - rect.top - rect.height / 2 };
  };

  // Wheel zoom needs a listener that may cancel the page's own scrolling, which React's onWheel cannot.
  useEffect(() => {
    const node = frameRef.current;
    if (!node) return;
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      const factor = Math.exp(-event.deltaY * (event.ctrlKey ? 0.01 : 0.002));
      const rect = node.getBoundingClientRect();
      const at = {
        x: event.clientX - rect.left - rect.width / 2,
        y: event.clientY - rect.top - rect.height / 2,
      };
      update((v) => zoomAt(v, v.scale * factor, at));
    };
    node.addEventListener("wheel", onWheel, { passive: false });
    return () => node.removeEventListener("wheel", onWheel);
  }, [update]);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.pointerType === "mouse" && event.button !== 0) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    setGesturing(true);
  };

  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const previous = pointers.current.get(event.pointerId);
    if (!previous) return;
    const others = [...pointers.current.entries()].filter(([id]) => id !== event.pointerId);
    const current = { x: event.clientX, y: event.clientY };
    pointers.current.set(event.pointerId, current);
    const other = others[0]?.[1];
    if (other) {
      // Pinch: scale by the change in finger distance, about the point between the fingers.
      const before = Math.hypot(previous.x - other.x, previous.y - other.y);
      const after = Math.hypot(current.x - other.x, current.y - other.y);
      if (before < 1) return;
      const mid = fromCentre((current.x + other.x) / 2, (current.y + other.y) / 2);
      const shift = { x: (current.x - previous.x) / 2, y: (current.y - previous.y) / 2 };
      update((v) => {
        const zoomed = zoomAt(v, v.scale * (after / before), mid);
        return { ...zoomed, x: zoomed.x + shift.x, y: zoomed.y + shift.y };
      });
      return;
    }
    update((v) => ({ ...v, x: v.x + current.x - previous.x, y: v.y + current.y - previous.y }));
  };

  const onPointerEnd = (event: PointerEvent<HTMLDivElement>) => {
    pointers.current.delete(event.pointerId);
    if (pointers.current.size === 0) setGesturing(false);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.metaKey || event.ctrlKey || event.altKey) return;
    const pan = 48;
    const actions: Record<string, () => void> = {
      "+": () => zoomBy(1),
      "=": () => zoomBy(1),
      "-": () => zoomBy(-1),
      _: () => zoomBy(-1),
      "0": reset,
      ArrowLeft: () => update((v) => ({ ...v, x: v.x + pan })),
      ArrowRight: () => update((v) => ({ ...v, x: v.x - pan })),
      ArrowUp: () => update((v) => ({ ...v, y: v.y + pan })),
      ArrowDown: () => update((v) => ({ ...v, y: v.y - pan })),
    };
    const action = actions[event.key];
    if (!action) return;
    event.preventDefault();
    action();
  };

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
                onDoubleClick={(event) => {
                  const at = fromCentre(event.clientX, event.clientY);
                  update((v) => (v.scale > ZOOM_MIN ? RESET : zoomAt(v, MARKER_ZOOM, at)));
                }}
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
