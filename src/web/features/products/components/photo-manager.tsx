import {
  type Announcements,
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  MouseSensor,
  TouchSensor,
  useSensor,
  useSensors,
} from "@dnd-kit/core";
import {
  arrayMove,
  rectSortingStrategy,
  SortableContext,
  sortableKeyboardCoordinates,
} from "@dnd-kit/sortable";
import { CircleAlert, ImagePlus, X } from "lucide-react";
import { type DragEvent, useId, useRef, useState } from "react";
import { IMAGE_ACCEPT, MAX_IMAGE_MB, type PhotoRefusal } from "../../../../shared/image-limits";
import { MAX_PRODUCT_IMAGES } from "../../../../shared/product-images";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { useTranslation } from "../../../lib/i18n";
import { examinePhotos } from "../../../lib/photo-files";
import { cn } from "../../../lib/utils";
import { PendingPhoto, type PhotoTile, SortablePhoto } from "./photo-tiles";

export type { PhotoTile };

interface PhotoManagerProps {
  label: string;
  tiles: PhotoTile[];
  /** Only files that passed the check when chosen (decision 0062): the others never become tiles. */
  onAdd: (files: File[]) => void;
  /** Called once the seller confirmed. */
  onRemove: (key: string) => void;
  /** The ready photos' keys in their new order; the first is the main photo. */
  onReorder: (keys: string[]) => void;
  onRetry?: (key: string) => void;
  onDismiss: (key: string) => void;
  /** Removing is saved at once (product edit), so the question says the photo is deleted. */
  removeDeletes?: boolean;
  /** An error from outside, as an i18n key ("errors.imageRequired"). */
  error?: string;
}

/**
 * The photos of a product (decision 0033): add several at once, remove, reorder by dragging or by
 * keyboard (dnd-kit's keyboard sensor, with spoken announcements) or with the move buttons, and choose
 * the main photo, which is simply the first. Chosen files are checked by their first bytes and size
 * (decision 0062): a refused one is named in a message and never enters the grid. Seller screens only:
 * dnd-kit never reaches the shop bundle.
 */
export function PhotoManager({
  label,
  tiles,
  onAdd,
  onRemove,
  onReorder,
  onRetry,
  onDismiss,
  removeDeletes = false,
  error,
}: PhotoManagerProps) {
  const { t } = useTranslation();
  const inputRef = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const [confirming, setConfirming] = useState<string | null>(null);
  const [spoken, setSpoken] = useState("");
  const [refused, setRefused] = useState<PhotoRefusal[]>([]);
  const legendId = useId();
  const hintId = useId();
  const errorId = useId();
  const ready = tiles.filter((tile) => tile.state === "ready");
  const readyKeys = ready.map((tile) => tile.key);
  const room = MAX_PRODUCT_IMAGES - tiles.filter((tile) => tile.state !== "failed").length;
  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: 6 } }),
    // A short hold before a drag on phones, so a swipe over the photos still scrolls the page.
    useSensor(TouchSensor, { activationConstraint: { delay: 200, tolerance: 8 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const numberOf = (key: string | number) => readyKeys.indexOf(String(key)) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) => t("photos.dnd.start", { n: numberOf(active.id) }),
    onDragOver: ({ active, over }) =>
      over
        ? t("photos.dnd.over", { n: numberOf(active.id), position: numberOf(over.id), count: ready.length })
        : t("photos.dnd.outside", { n: numberOf(active.id) }),
    onDragEnd: ({ active, over }) =>
      over
        ? t("photos.dnd.end", { n: numberOf(active.id), position: numberOf(over.id), count: ready.length })
        : t("photos.dnd.cancel", { n: numberOf(active.id) }),
    onDragCancel: ({ active }) => t("photos.dnd.cancel", { n: numberOf(active.id) }),
  };

  function move(from: number, to: number) {
    if (to < 0 || to >= readyKeys.length || from === to) return;
    onReorder(arrayMove(readyKeys, from, to));
    setSpoken(
      to === 0
        ? t("photos.madeMain", { n: from + 1 })
        : t("photos.moved", { position: to + 1, count: readyKeys.length }),
    );
  }

  function onDragEnd({ active, over }: DragEndEvent) {
    if (!over || active.id === over.id) return;
    onReorder(arrayMove(readyKeys, readyKeys.indexOf(String(active.id)), readyKeys.indexOf(String(over.id))));
  }

  async function choose(files: File[]) {
    if (files.length === 0) return;
    const examined = await examinePhotos(files);
    setRefused(examined.flatMap(({ problem }) => problem ?? []));
    const accepted = examined.flatMap(({ file, problem }) => (problem ? [] : [file]));
    if (accepted.length > 0) onAdd(accepted);
  }

  function onDrop(event: DragEvent<HTMLFieldSetElement>) {
    // Files dropped from the desktop; a photo dragged within the grid is dnd-kit's, not a drop of files.
    if (!event.dataTransfer.types.includes("Files")) return;
    event.preventDefault();
    setDragging(false);
    void choose([...event.dataTransfer.files]);
  }

  const confirmingNumber = confirming ? numberOf(confirming) : 0;

  return (
    <fieldset
      className="grid min-w-0 gap-3"
      aria-describedby={[hintId, error ? errorId : null].filter(Boolean).join(" ")}
      onDragOver={(event) => {
        if (!event.dataTransfer.types.includes("Files")) return;
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
    >
      <legend id={legendId} className="mb-1 text-sm font-medium leading-none">
        {label}
      </legend>
      <p id={hintId} className="text-xs text-muted-foreground">
        {t("photos.hint", { max: MAX_PRODUCT_IMAGES })} {t("photoFiles.formats", { mb: MAX_IMAGE_MB })}.
      </p>
      {tiles.length > 0 && (
        <DndContext
          sensors={sensors}
          collisionDetection={closestCenter}
          onDragEnd={onDragEnd}
          accessibility={{
            announcements,
            screenReaderInstructions: { draggable: t("photos.dnd.instructions") },
          }}
        >
          <SortableContext items={readyKeys} strategy={rectSortingStrategy}>
            <ul className="grid grid-cols-2 gap-3" aria-labelledby={legendId}>
              {tiles.map((tile) =>
                tile.state === "ready" ? (
                  <SortablePhoto
                    key={tile.key}
                    tile={tile}
                    index={readyKeys.indexOf(tile.key)}
                    count={readyKeys.length}
                    onMove={move}
                    onRemove={() => setConfirming(tile.key)}
                  />
                ) : (
                  <PendingPhoto
                    key={tile.key}
                    tile={tile}
                    onRetry={onRetry && (() => onRetry(tile.key))}
                    onDismiss={() => onDismiss(tile.key)}
                  />
                ),
              )}
            </ul>
          </SortableContext>
        </DndContext>
      )}
      <button
        type="button"
        onClick={() => inputRef.current?.click()}
        disabled={room <= 0}
        className={cn(
          "flex w-full items-center justify-center gap-3 rounded-xl border-2 border-dashed p-4 text-sm font-medium transition-colors hover:bg-accent/60 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:pointer-events-none disabled:opacity-55",
          dragging ? "border-primary bg-accent" : error ? "border-error" : "border-input",
          tiles.length === 0 && "aspect-[4/3] flex-col sm:aspect-square",
        )}
      >
        <span className="flex size-10 items-center justify-center rounded-xl bg-accent text-accent-foreground">
          <ImagePlus aria-hidden="true" className="size-5" />
        </span>
        {room <= 0
          ? t("photos.full", { max: MAX_PRODUCT_IMAGES })
          : tiles.length === 0
            ? t("photos.choose")
            : t("photos.addMore", { count: room })}
      </button>
      {error && (
        <p id={errorId} role="alert" className="text-sm font-medium text-error">
          {t(error)}
        </p>
      )}
      <div role="alert" className="empty:hidden">
        {refused.length > 0 && (
          <div className="relative rounded-lg border border-error/40 bg-destructive/5 p-3 pr-10 text-sm">
            <p className="flex items-center gap-2 font-medium text-error">
              <CircleAlert aria-hidden="true" className="size-4 shrink-0" />
              {t("photoFiles.leftOut")}
            </p>
            <ul className="mt-1 grid gap-0.5 pl-6">
              {refused.map((refusal, index) => (
                // The same file may be chosen twice: the position keeps the keys apart.
                // biome-ignore lint/suspicious/noArrayIndexKey: a list replaced whole, never reordered
                <li key={index} className="break-words">
                  {t(refusal.key, refusal.params)}
                </li>
              ))}
            </ul>
            <button
              type="button"
              onClick={() => setRefused([])}
              aria-label={t("photos.dismiss")}
              className="absolute top-2 right-2 rounded-md p-1 text-muted-foreground hover:bg-accent hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
            >
              <X aria-hidden="true" className="size-4" />
            </button>
          </div>
        )}
      </div>
      <p role="status" className="sr-only">
        {spoken}
      </p>
      <input
        ref={inputRef}
        type="file"
        multiple
        accept={IMAGE_ACCEPT}
        hidden
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          event.target.value = "";
          void choose(files);
        }}
      />
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => {
          if (!open) setConfirming(null);
        }}
        title={t("photos.removeTitle", { n: confirmingNumber })}
        description={removeDeletes ? t("photos.removeDeletes") : t("photos.removeText")}
        confirmLabel={t("photos.removeConfirm")}
        onConfirm={() => {
          if (confirming) onRemove(confirming);
          setConfirming(null);
        }}
        destructive
      />
    </fieldset>
  );
}
