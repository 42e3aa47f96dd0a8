import { useState } from "react";
import { fixImageUrl, imageSrcSet } from "../../../../shared/image-url";
import type { StoreSummary } from "../../../../shared/store";
import { cn } from "../../../lib/utils";

export const STORE_PLACEHOLDER = "/store-placeholder.svg";

/** docs/product-spec.md 2.5: the hero image, else the fallback (a product photo), else the default illustration. */
export function storeImageUrl(store: Pick<StoreSummary, "heroImageUrl" | "fallbackHeroImage">): string {
  const url = store.heroImageUrl || store.fallbackHeroImage;
  return url ? fixImageUrl(url, window.location.origin) : STORE_PLACEHOLDER;
}

interface StoreImageProps {
  store: Pick<StoreSummary, "heroImageUrl" | "fallbackHeroImage">;
  /** The `sizes` attribute for uploaded images, which come in several widths. */
  sizes: string;
  className?: string;
}

/** A decorative store picture at 16:9 that falls back to the illustration when the address fails to load. */
export function StoreImage({ store, sizes, className }: StoreImageProps) {
  const src = storeImageUrl(store);
  const [failed, setFailed] = useState<string | null>(null);
  const shown = failed === src ? STORE_PLACEHOLDER : src;
  return (
    <img
      src={shown}
      srcSet={imageSrcSet(shown)}
      sizes={sizes}
      alt=""
      width={1600}
      height={900}
      loading="lazy"
      decoding="async"
      onError={() => setFailed(src)}
      className={cn(
        "aspect-video w-full bg-muted object-cover",
        shown === STORE_PLACEHOLDER && "dark:brightness-[.82]",
        className,
      )}
    />
  );
}
