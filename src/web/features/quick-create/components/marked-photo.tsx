import { useState } from "react";
import { fixImageUrl, imageSrcSet } from "../../../../shared/image-url";
import { cn } from "../../../lib/utils";

type Point = { x: number; y: number };

/**
 * Where a point of the photo (percent of its width and height) lands in a square box that shows the
 * photo with object-fit: cover, centred on that same point.
 */
export function pointInSquare(point: Point, natural: { width: number; height: number }): Point {
  const scale = Math.max(1 / natural.width, 1 / natural.height);
  const width = natural.width * scale;
  const height = natural.height * scale;
  return {
    x: ((1 - width) * (point.x / 100) + (point.x / 100) * width) * 100,
    y: ((1 - height) * (point.y / 100) + (point.y / 100) * height) * 100,
  };
}

interface MarkedPhotoProps {
  imageUrl: string;
  alt: string;
  coordinates: Point | null;
  /** The number drawn in the marker; without one the photo is only centred on the product. */
  number?: number;
  sizes: string;
  className?: string;
}

/** A product's photo, square, with a numbered marker where the AI found the product (spec 2.14). */
export function MarkedPhoto({ imageUrl, alt, coordinates, number, sizes, className }: MarkedPhotoProps) {
  const src = fixImageUrl(imageUrl, window.location.origin);
  const [natural, setNatural] = useState<{ width: number; height: number } | null>(null);
  const marker = coordinates && natural && number !== undefined ? pointInSquare(coordinates, natural) : null;

  return (
    <div className={cn("relative aspect-square overflow-hidden bg-muted", className)}>
      <img
        src={src}
        srcSet={imageSrcSet(src)}
        sizes={sizes}
        alt={alt}
        decoding="async"
        onLoad={(event) => {
          const { naturalWidth: width, naturalHeight: height } = event.currentTarget;
          if (width && height) setNatural({ width, height });
        }}
        className="size-full object-cover transition-transform duration-500 group-hover:scale-[1.03]"
        style={coordinates ? { objectPosition: `${coordinates.x}% ${coordinates.y}%` } : undefined}
      />
      {marker && (
        <span
          aria-hidden="true"
          className="absolute flex size-7 -translate-x-1/2 -translate-y-1/2 items-center justify-center rounded-full border-2 border-white bg-primary text-xs font-bold text-primary-foreground tabular-nums shadow-[0_0_0_1px_rgb(0_0_0/0.2),0_2px_8px_rgb(0_0_0/0.35)]"
          style={{ left: `${marker.x}%`, top: `${marker.y}%` }}
        >
          {number}
        </span>
      )}
    </div>
  );
}
