import { useSortable } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { ArrowLeft, ArrowRight, ImageOff, RotateCcw, Star, Trash2, X } from "lucide-react";
import { useState } from "react";
import { ProductImage } from "../../../components/products/product-image";
import { Button } from "../../../components/ui/button";
import { useTranslation } from "../../../lib/i18n";
import { cn } from "../../../lib/utils";

/** One photo on screen: saved (or chosen, on Add product) and sortable, or on its way, or refused. */
export interface PhotoTile {
  key: string;
  /** An uploaded image's URL, or an object URL of a file not uploaded yet. */
  src: string;
  state: "ready" | "uploading" | "failed";
  /** 0-100 while uploading. */
  progress?: number;
  /** Why it failed, already in the reader's language. */
  error?: string;
}

/** A chosen file the browser cannot draw (HEIC outside Safari) shows a calm tile, not a broken image. */
export function TileImage({ src, alt }: { src: string; alt: string }) {
  const [failed, setFailed] = useState<string | null>(null);
  if (failed === src)
    return (
      <span className="flex aspect-square w-full items-center justify-center bg-muted text-muted-foreground">
        <ImageOff aria-hidden="true" className="size-6" />
      </span>
    );
  return src.startsWith("blob:") ? (
    <img
      src={src}
      alt={alt}
      onError={() => setFailed(src)}
      className="aspect-square w-full bg-muted object-cover"
    />
  ) : (
    <ProductImage url={src} alt={alt} sizes="200px" />
  );
}

interface SortablePhotoProps {
  tile: PhotoTile;
  index: number;
  count: number;
  onMove: (from: number, to: number) => void;
  onRemove: () => void;
}

export function SortablePhoto({ tile, index, count, onMove, onRemove }: SortablePhotoProps) {
  const { t } = useTranslation();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id: tile.key });
  const n = index + 1;
  const main = index === 0;
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      className={cn(
        "relative grid min-w-0 grid-cols-[minmax(0,1fr)] gap-1.5 rounded-xl border bg-card p-1.5",
        main && "border-primary ring-1 ring-primary",
        isDragging && "z-10 shadow-lg",
      )}
      data-photo={tile.key}
    >
      <button
        type="button"
        ref={setActivatorNodeRef}
        {...attributes}
        {...listeners}
        aria-label={t("photos.handle", { n, count })}
        className="relative cursor-grab overflow-hidden rounded-lg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring active:cursor-grabbing"
      >
        <TileImage src={tile.src} alt="" />
        {main && (
          <span className="absolute top-1.5 left-1.5 inline-flex items-center gap-1 rounded-full bg-primary px-2 py-0.5 text-xs font-medium text-primary-foreground shadow-sm">
            <Star aria-hidden="true" className="size-3 fill-current" />
            {t("photos.main")}
          </span>
        )}
      </button>
      <div className="flex flex-wrap items-center justify-between gap-x-0.5 gap-y-1">
        <div className="flex gap-0.5">
          <IconButton
            label={t("photos.moveLeft", { n })}
            disabled={index === 0}
            onClick={() => onMove(index, index - 1)}
          >
            <ArrowLeft />
          </IconButton>
          <IconButton
            label={t("photos.moveRight", { n })}
            disabled={index === count - 1}
            onClick={() => onMove(index, index + 1)}
          >
            <ArrowRight />
          </IconButton>
        </div>
        <div className="flex gap-0.5">
          {!main && (
            <IconButton label={t("photos.makeMain", { n })} onClick={() => onMove(index, 0)}>
              <Star />
            </IconButton>
          )}
          <IconButton label={t("photos.remove", { n })} onClick={onRemove} danger>
            <Trash2 />
          </IconButton>
        </div>
      </div>
    </li>
  );
}

function IconButton({
  label,
  onClick,
  disabled,
  danger,
  children,
}: {
  label: string;
  onClick: () => void;
  disabled?: boolean;
  danger?: boolean;
  children: React.ReactNode;
}) {
  return (
    <Button
      variant="ghost"
      size="icon"
      className={cn("size-8", danger && "text-error hover:text-error")}
      aria-label={label}
      title={label}
      disabled={disabled}
      onClick={onClick}
    >
      {children}
    </Button>
  );
}

export function PendingPhoto({
  tile,
  onRetry,
  onDismiss,
}: {
  tile: PhotoTile;
  onRetry?: () => void;
  onDismiss: () => void;
}) {
  const { t } = useTranslation();
  const uploading = tile.state === "uploading";
  return (
    <li
      className={cn(
        "grid min-w-0 grid-cols-[minmax(0,1fr)] gap-1.5 rounded-xl border bg-card p-1.5",
        !uploading && "border-error",
      )}
    >
      <div className="relative overflow-hidden rounded-lg">
        <TileImage src={tile.src} alt="" />
        {uploading && (
          <div className="absolute inset-0 flex items-end bg-stone-950/35 p-2">
            <div
              role="progressbar"
              aria-label={t("photos.uploading")}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={tile.progress ?? 0}
              className="h-1.5 w-full overflow-hidden rounded-full bg-white/40"
            >
              <div
                className="h-full bg-white transition-[width]"
                style={{ width: `${tile.progress ?? 0}%` }}
              />
            </div>
          </div>
        )}
      </div>
      {uploading ? (
        <p className="px-1 text-xs text-muted-foreground">
          {t("photos.uploadingPercent", { percent: tile.progress ?? 0 })}
        </p>
      ) : (
        <div className="grid gap-1 px-1">
          <p role="alert" className="text-xs font-medium text-error">
            {tile.error}
          </p>
          <div className="flex justify-end gap-1">
            {onRetry && (
              <IconButton label={t("photos.retry")} onClick={onRetry}>
                <RotateCcw />
              </IconButton>
            )}
            <IconButton label={t("photos.dismiss")} onClick={onDismiss}>
              <X />
            </IconButton>
          </div>
        </div>
      )}
    </li>
  );
}
