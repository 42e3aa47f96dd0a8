import { useState } from "react";
import { fixImageUrl, imageSrcSet, PLACEHOLDER_IMAGE } from "../../../shared/image-url";
import { cn } from "../../lib/utils";

interface ProductImageProps {
  url: string | null | undefined;
  alt: string;
  /** The `sizes` attribute: how wide the image is drawn, so the browser picks the right variant. */
  sizes: string;
  className?: string;
  /** The first image on the page: loaded eagerly. */
  priority?: boolean;
}

/** A square product photo (docs/product-spec.md 5 image URL fixing) that shows the placeholder when it fails to load. */
export function ProductImage({ url, alt, sizes, className, priority = false }: ProductImageProps) {
  const src = fixImageUrl(url, window.location.origin);
  const [failed, setFailed] = useState<string | null>(null);
  const shown = failed === src ? PLACEHOLDER_IMAGE : src;
  return (
    <img
      src={shown}
      srcSet={imageSrcSet(shown)}
      sizes={sizes}
      alt={alt}
      width={800}
      height={800}
      loading={priority ? "eager" : "lazy"}
      decoding="async"
      onError={() => setFailed(src)}
      className={cn(
        "aspect-square w-full bg-muted object-cover",
        shown === PLACEHOLDER_IMAGE && "dark:brightness-[.82]",
        className,
      )}
    />
  );
}
