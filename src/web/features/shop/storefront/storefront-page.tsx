import {
  type CSSProperties,
  type MouseEvent,
  type RefObject,
  useCallback,
  useEffect,
  useRef,
  useState,
} from "react";
import { fixImageUrl, imageSrcSet, LEAD_IMAGE_SIZES, PLACEHOLDER_IMAGE } from "../../../../shared/image-url";
import { formatPhone } from "../../../../shared/phone-format";
import { shopUrl } from "../../../../shared/shop-address";
import type { PublicStore, StorefrontListing, StorefrontProduct } from "../../../../shared/storefront";
import { Button } from "../../../components/ui/button";
import { toast } from "../../../hooks/use-toast";
import { useTranslation } from "../../../lib/i18n";
import { useKr } from "../../../lib/money";
import { cn } from "../../../lib/utils";
import { cartStore, cartTotal, itemCount, useCart } from "../cart/cart";
import { CartButton } from "../cart/cart-button";
import { AboutLink } from "../components/about-link";
import { hasCoarsePointer, smsHref } from "../components/format";
import { ArrowRight, MessageCircle, ShoppingBag } from "../components/icons";
import { useSettledImage } from "../components/product-photo";
import { ShareButton } from "../components/share-button";
import { useShop } from "../components/shop-context";
import { ShopFooter } from "../components/shop-footer";
import { hasOwnLook } from "../components/shop-look";
import { StoreBadge, StoreMark, storeHue } from "../components/store-logo";
import { ZoomViewer } from "../components/zoom-viewer";
import { ProductListing } from "./product-listing";

/**
 * The public storefront /s/{slug} (docs/product-spec.md 2.11). The server renders it with the store and a page of
 * its active products or of a search (decision 0040; src/web/features/shop), and the browser takes it over.
 */
export function StorefrontPage({
  store,
  products,
  listing,
  giftCards,
}: {
  store: PublicStore;
  products: StorefrontProduct[];
  listing: StorefrontListing;
  giftCards?: boolean;
}) {
  const { t } = useTranslation();
  const { openCart, origin } = useShop();
  const cart = useCart();
  const count = itemCount(cart);
  const [zoomed, setZoomed] = useState<StorefrontProduct | null>(null);
  const nameRef = useRef<HTMLHeadingElement>(null);
  const productsHeadingRef = useRef<HTMLHeadingElement>(null);
  const nameVisible = useVisible(nameRef);
  const description = store.description?.trim() || t("storefront.defaultDescription");

  // docs/product-spec.md 4: opening another store's page empties a cart that belongs to a different store.
  useEffect(() => {
    cartStore.selectStore({ id: store.id, name: store.name });
  }, [store.id, store.name]);

  const add = (product: StorefrontProduct) => {
    // With options the shopper chooses one on the product's page; a sold-out one is not added (0032).
    if (product.options.length > 0) {
      window.location.assign(`/products/${product.id}`);
      return;
    }
    if (!product.available) return;
    // The card view leaves the store to the page: the cart keeps it with the product.
    const { id, name, slug } = store;
    cartStore.add({ ...product, storeId: id, store: { id, name, slug } }, 1);
    toast({ title: t("cart.added"), description: t("cart.addedText", { qty: 1, title: product.title }) });
  };

  const orderNow = () => {
    if (count > 0) {
      openCart();
      return;
    }
    const heading = productsHeadingRef.current;
    heading?.scrollIntoView({ behavior: "smooth", block: "start" });
    heading?.focus({ preventScroll: true });
  };

  return (
    <div className={cn("min-h-dvh", count > 0 && "max-sm:pb-24")}>
      <header
        className={cn(
          "fixed inset-x-0 top-0 z-40 border-b transition-[background-color,border-color] duration-200",
          nameVisible
            ? "border-transparent bg-transparent"
            : "bg-background/85 backdrop-blur-md supports-[backdrop-filter]:bg-background/70",
        )}
      >
        <div className="mx-auto flex h-16 max-w-6xl items-center gap-3 px-4 sm:px-6">
          <div
            className={cn(
              "flex min-w-0 flex-1 items-center gap-2.5 transition-opacity duration-200",
              nameVisible ? "pointer-events-none opacity-0" : "opacity-100",
            )}
            aria-hidden={nameVisible}
          >
            <StoreMark store={store} />
          </div>
          <AboutLink store={store} className="bg-background/70 backdrop-blur-sm" />
          <ShareButton url={shopUrl(store, origin)} title={store.name} label={t("share.store")} />
          <CartButton />
        </div>
      </header>

      <main id="main" tabIndex={-1} className="outline-none">
        <Hero store={store} />

        <section className="relative mx-auto max-w-6xl px-4 sm:px-6">
          {/* A wide logo reads at its own shape, on a tile; a square crop of it would shrink it to a dot. */}
          {store.brand.logoWide ? (
            <img src={store.brand.logoWide} alt="" className="torg-hero-logo" />
          ) : (
            <StoreBadge
              store={store}
              className="-mt-10 size-20 text-2xl ring-4 ring-background sm:-mt-12 sm:size-24 sm:text-3xl"
            />
          )}
          <h1 ref={nameRef} className="mt-3 text-3xl font-semibold tracking-tight text-balance sm:text-4xl">
            {store.name}
          </h1>
          <p className="mt-2 max-w-2xl text-base leading-relaxed text-pretty whitespace-pre-line text-muted-foreground sm:text-lg">
            {description}
          </p>
        </section>

        <ProductListing
          store={store}
          products={products}
          listing={listing}
          headingRef={productsHeadingRef}
          onZoom={setZoomed}
          onAdd={add}
        />

        {/* Nothing to order yet: no "Order Now" that leads nowhere (issue 33 item 4). */}
        {(listing.total > 0 || listing.q) && <ReadyToOrder store={store} onOrderNow={orderNow} />}
      </main>

      <ShopFooter store={store} giftCards={giftCards} />
      <MobileCartBar />
      <ZoomViewer
        product={zoomed}
        onOpenChange={(open) => {
          if (!open) setZoomed(null);
        }}
        onAddToCart={add}
      />
    </div>
  );
}

/** True while the element is on screen (the header shows the store's name once the big one is gone). */
function useVisible(ref: RefObject<HTMLElement | null>): boolean {
  const [visible, setVisible] = useState(true);
  useEffect(() => {
    const node = ref.current;
    if (!node) return;
    const observer = new IntersectionObserver(([entry]) => setVisible(entry?.isIntersecting ?? true), {
      rootMargin: "-64px 0px 0px 0px",
    });
    observer.observe(node);
    return () => observer.disconnect();
  }, [ref]);
  return visible;
}

/**
 * The store's hero photo; without one (or when it fails to load), a calm header in the store's colour.
 * The first product's photo (fallbackHeroImage) is no hero: stretched across the page it was soft and
 * cropped to a stripe of the product, so it stays the link-preview image only.
 */
function Hero({ store }: { store: PublicStore }) {
  const origin = useShop().origin;
  const photo = store.heroImageUrl ? fixImageUrl(store.heroImageUrl, origin) : null;
  const [failed, setFailed] = useState<string | null>(null);
  const fail = useCallback(() => setFailed(photo), [photo]);
  const settled = useSettledImage(
    useCallback(
      (image: HTMLImageElement) => {
        if (!image.naturalWidth) fail();
      },
      [fail],
    ),
  );
  if (!photo || photo === PLACEHOLDER_IMAGE || failed === photo)
    return <DrawnHero name={store.name} brand={hasOwnLook(store.brand)} />;
  const src = photo;
  return (
    <div className="relative aspect-[16/10] overflow-hidden bg-muted sm:aspect-auto sm:h-[clamp(18rem,34vw,27rem)]">
      <img
        src={src}
        srcSet={imageSrcSet(src)}
        sizes={LEAD_IMAGE_SIZES.storefrontHero}
        alt=""
        fetchPriority="high"
        loading="eager"
        decoding="async"
        ref={settled}
        onError={fail}
        className="size-full object-cover"
      />
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-0 bg-[linear-gradient(to_bottom,rgb(12_10_9/0.28),transparent_30%,transparent_70%,rgb(12_10_9/0.22))]"
      />
    </div>
  );
}

/**
 * A band in the store's colour with soft light, the store's logo and name following below it: the
 * seller's brand colour when they chose one (decision 0080), else a hue picked from the store's name.
 */
function DrawnHero({ name, brand }: { name: string; brand: boolean }) {
  return (
    <div
      aria-hidden="true"
      data-testid="drawn-hero"
      style={{ "--store-hue": storeHue(name) } as CSSProperties}
      className={cn(
        "relative h-40 overflow-hidden sm:h-56",
        brand
          ? "bg-brand"
          : "bg-[linear-gradient(160deg,oklch(0.93_0.03_var(--store-hue)),oklch(0.8_0.06_var(--store-hue)))] dark:bg-[linear-gradient(160deg,oklch(0.33_0.05_var(--store-hue)),oklch(0.22_0.035_var(--store-hue)))]",
      )}
    >
      <div className="absolute -top-24 -right-16 size-80 rounded-full bg-[radial-gradient(circle,oklch(1_0_0/0.45),transparent_65%)] sm:size-[28rem] dark:bg-[radial-gradient(circle,oklch(1_0_0/0.08),transparent_65%)]" />
      <div className="absolute -bottom-32 left-1/4 size-72 rounded-full bg-[radial-gradient(circle,oklch(0.46_0.1_var(--store-hue)/0.14),transparent_70%)] sm:size-96" />
      <div className="absolute inset-0 bg-[radial-gradient(oklch(0_0_0/0.07)_1px,transparent_1px)] [background-size:18px_18px] dark:bg-[radial-gradient(oklch(1_0_0/0.06)_1px,transparent_1px)]" />
    </div>
  );
}

function ReadyToOrder({ store, onOrderNow }: { store: PublicStore; onOrderNow: () => void }) {
  const { t } = useTranslation();
  const phone = store.phone ? formatPhone(store.phone) : null;

  const smsInstructions = (event: MouseEvent<HTMLAnchorElement>) => {
    toast({ title: t("storefront.smsTitle"), description: t("storefront.smsInstructions", { phone }) });
    // On a computer there is no messaging app to open: the toast says what to do.
    if (!hasCoarsePointer()) event.preventDefault();
  };

  return (
    <section
      aria-labelledby="order-heading"
      className="mx-auto mt-12 mb-12 max-w-6xl px-4 sm:mt-16 sm:px-6"
      // A shop in its own colour: the panel is drawn in it, with its readable text colour (decision 0080).
      data-brand-panel={hasOwnLook(store.brand) || undefined}
    >
      <div className="relative overflow-hidden rounded-3xl bg-panel px-5 py-8 text-panel-foreground sm:px-10 sm:py-10">
        <div
          aria-hidden="true"
          className="pointer-events-none absolute inset-0 bg-[radial-gradient(circle_at_1px_1px,rgb(255_255_255/0.08)_1px,transparent_0)] bg-size-[20px_20px]"
        />
        <div className="relative grid gap-6 sm:grid-cols-[1fr_auto] sm:items-center">
          <div>
            <h2 id="order-heading" className="text-2xl font-semibold tracking-tight sm:text-3xl">
              {t("storefront.readyToOrder")}
            </h2>
            <p className="mt-2 max-w-xl text-panel-muted">
              {phone ? t("storefront.readyToOrderText") : t("storefront.readyToOrderTextNoPhone")}
            </p>
          </div>
          <div className="grid gap-3 sm:min-w-72">
            {store.phone && phone && (
              <a
                href={smsHref(store.phone)}
                onClick={smsInstructions}
                className="flex h-14 items-center gap-3 rounded-2xl bg-white/10 px-4 ring-1 ring-white/20 transition-colors hover:bg-white/15 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
              >
                <MessageCircle aria-hidden="true" className="size-5 shrink-0" />
                <span className="grid text-left leading-tight">
                  <span className="text-xs text-panel-muted">{t("storefront.smsLabel")}</span>
                  <span className="text-lg font-semibold tracking-wide tabular-nums">{phone}</span>
                </span>
              </a>
            )}
            <Button
              size="lg"
              onClick={onOrderNow}
              className="h-14 rounded-2xl bg-panel-foreground text-base text-panel hover:bg-panel-foreground/90"
            >
              {t("storefront.orderNow")}
              <ArrowRight aria-hidden="true" />
            </Button>
          </div>
        </div>
      </div>
    </section>
  );
}

/** Phones: the cart stays one thumb away at the bottom once something is in it. */
function MobileCartBar() {
  const { t } = useTranslation();
  const kr = useKr();
  const { openCart } = useShop();
  const cart = useCart();
  const count = itemCount(cart);
  if (count === 0) return null;
  return (
    <div className="fixed inset-x-0 bottom-0 z-40 px-3 pt-2 pb-[max(env(safe-area-inset-bottom),0.75rem)] sm:hidden">
      <button
        type="button"
        onClick={openCart}
        aria-haspopup="dialog"
        className="flex h-14 w-full items-center gap-3 rounded-2xl bg-primary px-4 text-primary-foreground shadow-[0_8px_24px_rgb(0_0_0/0.22)] transition-transform active:scale-[0.99] focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
      >
        <span className="relative">
          <ShoppingBag aria-hidden="true" className="size-5" />
        </span>
        <span className="flex-1 text-left font-semibold">{t("cart.viewCart", { count })}</span>
        <span className="font-semibold tabular-nums">{kr(cartTotal(cart))}</span>
      </button>
    </div>
  );
}
