import { ImageOff } from "lucide-react";
import { type ReactNode, useEffect, useState } from "react";
import { fixImageUrl, imageVariantUrl } from "../../../../shared/image-url";
import { cn } from "../../../lib/utils";

/** A preview address for a chosen file, revoked when the file goes away. */
export function useObjectUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setUrl(null);
      return;
    }
    const next = URL.createObjectURL(file);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [file]);
  return url;
}

/** An uploaded photo at the 400 px width, for thumbnails. */
export function thumbnailUrl(imageUrl: string): string {
  return imageVariantUrl(fixImageUrl(imageUrl, window.location.origin), 400);
}

interface PhotoProps {
  /** An object URL or an uploaded image's address. */
  src: string | null;
  alt: string;
  /** Shown when the browser cannot draw the photo (HEIC outside Safari, say). */
  fallbackLabel: string;
  className?: string;
  imageClassName?: string;
  children?: ReactNode;
}

/** A square photo that fills its box; an unreadable one becomes a calm tile naming the file. */
export function Photo({ src, alt, fallbackLabel, className, imageClassName, children }: PhotoProps) {
  const [failed, setFailed] = useState<string | null>(null);
  const broken = !src || failed === src;
  return (
    <div className={cn("relative aspect-square overflow-hidden bg-muted", className)}>
      {broken ? (
        <div className="flex size-full flex-col items-center justify-center gap-1.5 p-2 text-center text-muted-foreground">
          <ImageOff aria-hidden="true" className="size-6" />
          <span className="line-clamp-2 text-xs break-all">{fallbackLabel}</span>
        </div>
      ) : (
        <img
          src={src}
          alt={alt}
          decoding="async"
          onError={() => setFailed(src)}
          className={cn("size-full object-cover", imageClassName)}
        />
      )}
      {children}
    </div>
  );
}
