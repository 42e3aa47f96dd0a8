import { ImageUp, Trash2 } from "lucide-react";
import { type DragEvent, useId, useRef, useState } from "react";
import { Button } from "../../../../components/ui/button";
import { Spinner } from "../../../../components/ui/spinner";
import { errorMessage } from "../../../../lib/api";
import { useTranslation } from "../../../../lib/i18n";
import { cn } from "../../../../lib/utils";

interface ImageDropProps {
  label: string;
  hint: string;
  /** The image's address once uploaded (or saved), else null. */
  value: string | null;
  onChange: (url: string | null) => void;
  upload: (file: File) => Promise<string>;
  /** What the image is drawn as: a logo on a plain ground, or a photo that fills its box. */
  kind: "logo" | "photo";
  error?: string;
}

/**
 * An image field: dropped on it or picked with the button, uploaded at once, shown, and removable. The
 * upload answers an address only; the form saves it.
 */
export function ImageDrop({ label, hint, value, onChange, upload, kind, error }: ImageDropProps) {
  const { t } = useTranslation();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  const message = failed ?? (error ? t(error) : null);

  const send = async (file: File | undefined) => {
    if (!file || busy) return;
    setBusy(true);
    setFailed(null);
    try {
      onChange(await upload(file));
    } catch (err) {
      setFailed(errorMessage(err, t("identity.uploadFailed")));
    } finally {
      setBusy(false);
      if (input.current) input.current.value = "";
    }
  };

  const drop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    void send(event.dataTransfer.files[0]);
  };

  return (
    <div className="grid content-start gap-2">
      <span id={`${id}-label`} className="text-sm leading-none font-medium">
        {label}
      </span>
      {/* biome-ignore lint/a11y/useSemanticElements: a drop target grouping its buttons under the field's name. */}
      <div
        role="group"
        aria-labelledby={`${id}-label`}
        onDragOver={(event) => {
          event.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={drop}
        data-testid={`${kind}-drop`}
        className={cn(
          "flex items-center gap-4 rounded-xl border-2 border-dashed p-3 transition-colors",
          over ? "border-primary bg-accent" : "border-border",
          message && "border-error",
        )}
      >
        <div
          className={cn(
            "flex shrink-0 items-center justify-center overflow-hidden rounded-lg bg-muted",
            kind === "logo" ? "h-16 w-28" : "size-20",
          )}
        >
          {busy ? (
            <Spinner label={t("identity.uploading")} className="size-5 text-primary" />
          ) : value ? (
            <img
              src={value}
              alt={kind === "logo" ? t("identity.logoUploaded") : t("identity.photoUploaded")}
              className={cn("size-full", kind === "logo" ? "bg-white object-contain p-1.5" : "object-cover")}
            />
          ) : (
            <ImageUp aria-hidden="true" className="size-6 text-muted-foreground" />
          )}
        </div>
        <div className="grid min-w-0 gap-2">
          <p id={`${id}-hint`} className="text-xs text-muted-foreground">
            {hint}
          </p>
          <div className="flex flex-wrap gap-2">
            <Button
              type="button"
              variant="outline"
              size="sm"
              disabled={busy}
              aria-describedby={`${id}-hint`}
              onClick={() => input.current?.click()}
            >
              {value ? t("identity.replaceImage") : t("identity.chooseImage")}
            </Button>
            {value && (
              <Button type="button" variant="ghost" size="sm" disabled={busy} onClick={() => onChange(null)}>
                <Trash2 aria-hidden="true" />
                {t("identity.removeImage")}
              </Button>
            )}
          </div>
        </div>
        <input
          ref={input}
          type="file"
          accept="image/*"
          aria-labelledby={`${id}-label`}
          hidden
          onChange={(event) => void send(event.target.files?.[0])}
        />
      </div>
      {message && (
        <p role="alert" className="text-sm font-medium text-error">
          {message}
        </p>
      )}
    </div>
  );
}
