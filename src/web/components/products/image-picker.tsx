import { ImagePlus, RefreshCw, Trash2 } from "lucide-react";
import { type DragEvent, useEffect, useId, useRef, useState } from "react";
import { IMAGE_TYPES, imageProblem } from "../../../shared/image-limits";
import { useTranslation } from "../../lib/i18n";
import { cn } from "../../lib/utils";
import { Button } from "../ui/button";
import { AiScan } from "./ai-analysis";
import { ProductImage } from "./product-image";

interface ImagePickerProps {
  label: string;
  /** The chosen file, if any. */
  file: File | null;
  /** Called with a file that passed the checks, or null when it is removed. */
  onFileChange: (file: File | null) => void;
  /** The product's current image (edit page), shown until a new file is chosen. */
  currentUrl?: string | null;
  /** An error from outside, as an i18n key ("errors.imageRequired"). */
  error?: string;
  /** The AI is looking at the chosen photo: a scan line moves over the preview. */
  analyzing?: boolean;
}

/** Click, keyboard or drop to choose one product photo; shows a preview and checks type and size first. */
export function ImagePicker({
  label,
  file,
  onFileChange,
  currentUrl,
  error,
  analyzing = false,
}: ImagePickerProps) {
  const { t } = useTranslation();
  const inputRef = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const [preview, setPreview] = useState<string | null>(null);
  const labelId = useId();
  const actionId = useId();
  const hintId = useId();
  const errorId = useId();
  const shownError = problem ?? error;

  useEffect(() => {
    if (!file) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  function choose(candidate: File | undefined) {
    if (!candidate) return;
    const wrong = imageProblem(candidate);
    setProblem(wrong);
    if (!wrong) onFileChange(candidate);
  }

  function onDrop(event: DragEvent<HTMLFieldSetElement>) {
    event.preventDefault();
    setDragging(false);
    choose(event.dataTransfer.files[0]);
  }

  const describedBy = [hintId, shownError ? errorId : null].filter(Boolean).join(" ");
  const openPicker = () => inputRef.current?.click();
  const hasImage = Boolean(preview || currentUrl);

  return (
    <fieldset
      className="grid min-w-0 gap-2"
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
    >
      <legend id={labelId} className="mb-2 text-sm font-medium leading-none">
        {label}
      </legend>
      <div
        className={cn(
          "relative overflow-hidden rounded-xl border-2 border-dashed bg-card transition-colors",
          dragging ? "border-primary bg-accent" : shownError ? "border-error" : "border-input",
          hasImage && !dragging && "border-solid border-border",
        )}
      >
        {hasImage ? (
          <div className="relative">
            {preview ? (
              <img
                src={preview}
                alt={t("products.imagePreview")}
                width={800}
                height={800}
                className="aspect-square w-full bg-muted object-cover"
              />
            ) : (
              <ProductImage
                url={currentUrl}
                alt={t("products.currentImage")}
                sizes="(min-width: 1024px) 400px, 100vw"
                priority
              />
            )}
            {analyzing && preview && <AiScan />}
            <div className="absolute inset-x-0 bottom-0 flex flex-wrap justify-end gap-2 bg-gradient-to-t from-stone-950/60 to-transparent p-3 pt-10">
              <Button
                variant="secondary"
                size="sm"
                onClick={openPicker}
                aria-describedby={describedBy}
                className="shadow-sm"
              >
                <RefreshCw aria-hidden="true" />
                {t("products.replaceImage")}
              </Button>
              {file && (
                <Button
                  variant="secondary"
                  size="sm"
                  onClick={() => {
                    setProblem(null);
                    onFileChange(null);
                  }}
                  className="shadow-sm"
                >
                  <Trash2 aria-hidden="true" />
                  {currentUrl ? t("products.keepCurrentImage") : t("products.removeImage")}
                </Button>
              )}
            </div>
          </div>
        ) : (
          <button
            type="button"
            onClick={openPicker}
            aria-labelledby={`${labelId} ${actionId}`}
            aria-describedby={describedBy}
            className="flex aspect-[4/3] w-full flex-col items-center justify-center gap-3 rounded-[inherit] p-6 text-center transition-colors hover:bg-accent/60 focus-visible:outline-2 focus-visible:-outline-offset-4 focus-visible:outline-ring sm:aspect-square"
          >
            <span className="flex size-14 items-center justify-center rounded-2xl bg-accent text-accent-foreground">
              <ImagePlus aria-hidden="true" className="size-7" />
            </span>
            <span id={actionId} className="text-sm font-medium">
              {t("products.chooseImage")}
            </span>
          </button>
        )}
      </div>
      <p id={hintId} className="text-xs text-muted-foreground">
        {t("products.imageFormats")}
      </p>
      {shownError && (
        <p id={errorId} role="alert" className="text-sm font-medium text-error">
          {t(shownError)}
        </p>
      )}
      <input
        ref={inputRef}
        type="file"
        accept={IMAGE_TYPES.join(",")}
        hidden
        onChange={(event) => {
          choose(event.target.files?.[0]);
          event.target.value = "";
        }}
      />
    </fieldset>
  );
}
