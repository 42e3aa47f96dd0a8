import { type CSSProperties, type ReactNode, useCallback, useState } from "react";
import { fixImageUrl, imageSrcSet, PLACEHOLDER_IMAGE } from "../../../../shared/image-url";
import { cn } from "../../../lib/utils";
import { useShop } from "./shop-context";

export interface Point {
  x: number;
  y: number;
}

/**
 * A ref for an <img> of a server-rendered page: a picture that finished loading (or failing) before the
 * browser's code took over fired its load event unheard, so `settled` is called for it here instead.
 */
export function useSettledImage(settled: (image: HTMLImageElement) => void) {
  return useCallback(
    (image: HTMLImageElement | null) => {
      if (image?.complete && image.currentSrc) settled(image);
    },
    [settled],
  );
}

/**
 * The marker drawn where the product sits in its photo: only in the zoom viewer, where it is the point the
 * zoom opens on. On a card or the product page's photos it told a shopper nothing and sat on whatever the
 * AI had pointed at (a cat's eye), so ProductPhoto draws none (decision 0069).
 */
export function Marker({ className, style }: { className?: string; style?: CSSProperties }) {
  return (
    <span
      aria-hidden="true"
      data-marker=""
      className={cn("pointer-events-none absolute size-4 -translate-x-1/2 -translate-y-1/2", className)}
      style={style}
    >
      <span className="absolute inset-0 animate-ping rounded-full bg-white/80 motion-reduce:animate-none" />
      <span className="absolute inset-0 rounded-full border-[3px] border-white bg-primary shadow-[0_0_0_1px_rgb(0_0_0/0.25),0_2px_6px_rgb(0_0_0/0.35)]" />
    </span>
  );
}

interface ProductPhotoProps {
  /** The product's primaryImage as the API gives it (a /uploads/ path, a URL or null). */
  src: string | null;
  alt: string;
  /** The browser's hint for picking a width from the srcset. */
  sizes: string;
  /** Where the product sits in the photo: the crop keeps it in view. No marker is drawn. */
  coordinates?: Point | null;
  /** Width divided by height of the box; the photo fills it, cropped around the product. */
  aspect?: number;
  /** The first screenful: load at once and before other images. */
  priority?: boolean;
  className?: string;
  imageClassName?: string;
  /** Drawn over the photo, in its box (a card's zoom badge). */
  children?: ReactNode;
}

/** A product photo in a box of fixed shape (no layout shift), lazy by default, cropped around the product. */
export function ProductPhoto({
  src,
  alt,
  sizes,
  coordinates,
  aspect = 1,
  priority = false,
  className,
  imageClassName,
  children,
}: ProductPhotoProps) {
  const url = fixImageUrl(src, useShop().origin);
  const [failed, setFailed] = useState(false);
  // A picture that loaded with no size is broken: the placeholder is shown instead.
  const settle = useCallback((image: HTMLImageElement) => {
    if (!image.naturalWidth || !image.naturalHeight) setFailed(true);
  }, []);
  const shown = failed ? PLACEHOLDER_IMAGE : url;

  return (
    // Component classes (components/storefront.css): a storefront writes 24 of these (decision 0048).
    <div
      className={className ? `torg-photo ${className}` : "torg-photo"}
      style={aspect === 1 ? undefined : { aspectRatio: aspect }}
    >
      <img
        src={shown}
        srcSet={failed ? undefined : imageSrcSet(url)}
        sizes={sizes}
        alt={alt}
        loading={priority ? "eager" : "lazy"}
        // "auto" is what a browser does unasked: written only when it is "high" (20 bytes a card less).
        fetchPriority={priority ? "high" : undefined}
        decoding="async"
        ref={useSettledImage(settle)}
        onLoad={(event) => settle(event.currentTarget)}
        onError={() => setFailed(true)}
        className={imageClassName ? `torg-photo-image ${imageClassName}` : "torg-photo-image"}
        style={coordinates ? { objectPosition: `${coordinates.x}% ${coordinates.y}%` } : undefined}
      />
      {children}
    </div>
  );
}
