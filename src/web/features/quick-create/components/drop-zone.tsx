import { Camera, ImagePlus } from "lucide-react";
import { type DragEvent, useId, useRef, useState } from "react";
import { cn } from "../../../lib/utils";

interface DropZoneProps {
  multiple: boolean;
  /** The file input's accept list (image types; the camera is offered, never forced). */
  accept: string;
  onFiles: (files: File[]) => void;
  /** Desktop wording ("Drop a photo here") and touch wording ("Take or choose a photo"). */
  title: string;
  touchTitle: string;
  /** The button-like call to action. */
  action: string;
  hint: string;
  /** The id of an error message below the zone, when there is one. */
  errorId?: string;
  /** A smaller zone beside photos already chosen. */
  compact?: boolean;
}

/** A big, friendly target: click, tap (camera or library), keyboard, or drop photos onto it. */
export function DropZone({
  multiple,
  accept,
  onFiles,
  title,
  touchTitle,
  action,
  hint,
  errorId,
  compact = false,
}: DropZoneProps) {
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const titleId = useId();
  const actionId = useId();
  const hintId = useId();

  function onDrop(event: DragEvent<HTMLFieldSetElement>) {
    event.preventDefault();
    setDragging(false);
    const files = [...event.dataTransfer.files];
    if (files.length) onFiles(multiple ? files : files.slice(0, 1));
  }

  return (
    <fieldset
      aria-labelledby={titleId}
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
      }}
      onDrop={onDrop}
      className={cn(
        "group relative min-w-0 rounded-3xl border-2 border-dashed bg-card transition-[border-color,background-color,transform] duration-200",
        dragging
          ? "scale-[1.01] border-primary bg-accent"
          : "border-input/70 hover:border-primary/60 hover:bg-accent/40",
      )}
    >
      <button
        type="button"
        onClick={() => input.current?.click()}
        aria-labelledby={`${titleId} ${actionId}`}
        aria-describedby={[hintId, errorId].filter(Boolean).join(" ")}
        className={cn(
          "flex w-full rounded-[inherit] focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-ring",
          compact
            ? "flex-wrap items-center gap-x-4 gap-y-2 p-4 text-left sm:px-6"
            : "min-h-[19rem] flex-col items-center justify-center gap-3 px-6 py-10 text-center sm:min-h-[22rem] sm:py-14",
        )}
      >
        <span
          aria-hidden="true"
          className={cn("relative", compact ? "size-12 shrink-0" : "mb-2 size-20 sm:size-24")}
        >
          <span className="absolute inset-0 -rotate-12 rounded-2xl bg-primary/15 transition-transform duration-300 group-hover:-rotate-[18deg]" />
          <span className="absolute inset-0 rotate-6 rounded-2xl bg-primary/25 transition-transform duration-300 group-hover:rotate-12" />
          <span className="absolute inset-0 flex items-center justify-center rounded-2xl bg-primary text-primary-foreground shadow-lg shadow-primary/25">
            {multiple ? (
              <ImagePlus className={compact ? "size-6" : "size-9 sm:size-10"} />
            ) : (
              <Camera className={compact ? "size-6" : "size-9 sm:size-10"} />
            )}
          </span>
        </span>
        <span className={cn(compact && "grid min-w-0 flex-1 basis-48 gap-0.5")}>
          <span
            id={titleId}
            className={cn(
              "block font-semibold tracking-tight",
              compact ? "text-base" : "text-xl sm:text-2xl",
            )}
          >
            <span className="pointer-coarse:hidden">{title}</span>
            <span className="hidden pointer-coarse:inline">{touchTitle}</span>
          </span>
          {compact && (
            <span id={hintId} className="block text-xs text-muted-foreground">
              {hint}
            </span>
          )}
        </span>
        <span
          id={actionId}
          className={cn(
            "inline-flex items-center rounded-full bg-primary font-medium text-primary-foreground shadow-sm transition-colors group-hover:bg-primary/90",
            compact ? "h-9 w-full justify-center px-4 text-sm sm:w-auto" : "mt-1 h-11 px-6",
          )}
        >
          {action}
        </span>
        {!compact && (
          <span id={hintId} className="text-sm text-muted-foreground">
            {hint}
          </span>
        )}
      </button>
      <input
        ref={input}
        type="file"
        accept={accept}
        multiple={multiple}
        hidden
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          event.target.value = "";
          if (files.length) onFiles(files);
        }}
      />
    </fieldset>
  );
}
