import { useRef, useState } from "react";
import { LEAD_IMAGE_SIZES } from "../../../../shared/image-url";
import type { ProductView } from "../../../../shared/product";
import { useTranslation } from "../../../lib/i18n";
import { cn } from "../../../lib/utils";
import { ScanSearch } from "../components/icons";
import { ProductPhoto } from "../components/product-photo";

/** The photos in the seller's order (decision 0033); a product from before photos had rows shows its primary. */
function photosOf(product: ProductView): { key: string; url: string | null }[] {
  if (product.images.length > 0) return product.images.map((image) => ({ key: image.id, url: image.url }));
  return [{ key: "primary", url: product.primaryImage }];
}

function photoInView(strip: HTMLElement, count: number): number {
  const index = Math.round(strip.scrollLeft / Math.max(strip.clientWidth, 1));
  return Math.min(Math.max(index, 0), count - 1);
}

const prefersReducedMotion = () =>
  typeof window !== "undefined" && window.matchMedia("(prefers-reduced-motion: reduce)").matches;

/**
 * The product page's photos: one at a time in a strip that snaps (a swipe on phones, CSS scroll-snap,
 * no script to download), thumbnails below to pick one, and the zoom viewer for the photo shown.
 */
export function ProductGallery({
  product,
  onZoom,
}: {
  product: ProductView;
  onZoom: (photo: string | null) => void;
}) {
  const { t } = useTranslation();
  const photos = photosOf(product);
  const [current, setCurrent] = useState(0);
  const strip = useRef<HTMLDivElement>(null);
  // The photo a thumbnail asked for while the strip glides to it: the scroll events on the way report the
  // photos it passes, which must not take the highlight (or the zoom) back to them.
  const gliding = useRef<number | null>(null);
  const count = photos.length;
  const several = photos.length > 1;

  function show(index: number) {
    gliding.current = index;
    setCurrent(index);
    const node = strip.current;
    node?.scrollTo({
      left: index * node.clientWidth,
      behavior: prefersReducedMotion() ? "auto" : "smooth",
    });
  }

  return (
    <section
      aria-label={t("productPage.gallery", { title: product.title })}
      className="relative sm:self-start"
    >
      <div className="relative">
        <div
          ref={strip}
          // A strip that scrolls must be reachable by keyboard: the arrow keys then move it too.
          tabIndex={several ? 0 : undefined}
          onScroll={(event) => {
            const index = photoInView(event.currentTarget, count);
            if (gliding.current !== null) {
              if (index === gliding.current) gliding.current = null;
              return;
            }
            if (index !== current) setCurrent(index);
          }}
          // A swipe that interrupts the glide ends it: the photo the strip rests on is the current one.
          onScrollEnd={(event) => {
            gliding.current = null;
            setCurrent(photoInView(event.currentTarget, count));
          }}
          className="flex snap-x snap-mandatory overflow-x-auto overscroll-x-contain focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring sm:rounded-3xl"
          style={{ scrollbarWidth: "none" }}
          data-gallery-strip=""
        >
          {photos.map((photo, index) => (
            <div key={photo.key} className="w-full shrink-0 snap-center snap-always">
              <ProductPhoto
                src={photo.url}
                alt={
                  several
                    ? t("productPage.photoOf", { title: product.title, n: index + 1, count })
                    : product.title
                }
                coordinates={index === 0 && photo.url === product.primaryImage ? product.coordinates : null}
                sizes={LEAD_IMAGE_SIZES.productPage}
                priority={index === 0}
                className="sm:rounded-3xl"
              />
            </div>
          ))}
        </div>
        {(product.coordinates || several) && (
          <button
            type="button"
            onClick={() => onZoom(photos[current]?.url ?? null)}
            aria-haspopup="dialog"
            className="absolute right-3 bottom-3 inline-flex h-11 items-center gap-2 rounded-full bg-stone-950/70 px-4 text-sm font-medium text-white backdrop-blur-sm transition-colors hover:bg-stone-950/80 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
          >
            <ScanSearch aria-hidden="true" className="size-4" />
            {t("productPage.zoom")}
          </button>
        )}
      </div>
      {several && (
        <ul className="mt-3 flex gap-2 overflow-x-auto px-4 pb-1 sm:px-0" style={{ scrollbarWidth: "thin" }}>
          {photos.map((photo, index) => (
            <li key={photo.key} className="shrink-0">
              <button
                type="button"
                onClick={() => show(index)}
                aria-label={t("productPage.showPhoto", { n: index + 1, count })}
                aria-current={index === current ? "true" : undefined}
                className={cn(
                  "block size-16 overflow-hidden rounded-xl border-2 transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring sm:size-20",
                  index === current ? "border-primary" : "border-transparent opacity-80 hover:opacity-100",
                )}
              >
                <ProductPhoto src={photo.url} alt="" sizes="80px" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
