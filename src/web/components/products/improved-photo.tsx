import { Sparkles } from "lucide-react";
import { useId } from "react";
import { fixImageUrl, imageSrcSet } from "../../../shared/image-url";
import { useTranslation } from "../../lib/i18n";
import { cn } from "../../lib/utils";
import { Switch } from "../ui/switch";

interface ImprovedPhotoChoiceProps {
  /** The analysed photo as it was taken, and the improved copy the analysis offered (decision 0062). */
  originalUrl: string;
  improvedUrl: string;
  /** Whether the improved copy is the product's photo now. */
  useImproved: boolean;
  onChange: (useImproved: boolean) => void;
  className?: string;
}

/** One of the pair: the whole photo, never cropped, so the new framing shows; a link opens it full size. */
function Version({ url, label, alt, chosen }: { url: string; label: string; alt: string; chosen: boolean }) {
  const { t } = useTranslation();
  const src = fixImageUrl(url, window.location.origin);
  return (
    <figure className="grid min-w-0 gap-1.5">
      <a
        href={src}
        target="_blank"
        rel="noreferrer"
        aria-label={t("aiAnalysis.improved.open", { label })}
        className={cn(
          "block overflow-hidden rounded-lg border bg-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring",
          chosen && "border-primary ring-2 ring-primary",
        )}
      >
        <img
          src={src}
          srcSet={imageSrcSet(src)}
          sizes="(min-width: 640px) 220px, 45vw"
          alt={alt}
          decoding="async"
          className="aspect-square w-full object-contain"
        />
      </a>
      <figcaption className="flex items-center justify-between gap-2 text-xs font-medium">
        <span>{label}</span>
        {chosen && <span className="text-primary">{t("aiAnalysis.improved.inUse")}</span>}
      </figcaption>
    </figure>
  );
}

/**
 * The photo as taken beside the improved copy, labelled, and the switch that makes the copy the
 * product's photo. Shown by add product and quick-create only when the analysis offered a copy.
 */
export function ImprovedPhotoChoice({
  originalUrl,
  improvedUrl,
  useImproved,
  onChange,
  className,
}: ImprovedPhotoChoiceProps) {
  const { t } = useTranslation();
  const switchId = useId();
  const hintId = useId();
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className={cn("grid gap-3 rounded-xl border border-primary/25 bg-accent/40 p-3 sm:p-4", className)}
      data-improved-photo=""
    >
      <h3 id={headingId} className="flex items-center gap-2 text-sm font-semibold">
        <Sparkles aria-hidden="true" className="size-4 text-primary" />
        {t("aiAnalysis.improved.title")}
      </h3>
      <div className="grid grid-cols-2 gap-3">
        <Version
          url={originalUrl}
          label={t("aiAnalysis.improved.before")}
          alt={t("aiAnalysis.improved.beforeAlt")}
          chosen={!useImproved}
        />
        <Version
          url={improvedUrl}
          label={t("aiAnalysis.improved.after")}
          alt={t("aiAnalysis.improved.afterAlt")}
          chosen={useImproved}
        />
      </div>
      <div className="flex items-start gap-3">
        <Switch
          id={switchId}
          checked={useImproved}
          onCheckedChange={onChange}
          aria-describedby={hintId}
          className="mt-0.5"
        />
        <div className="grid gap-0.5">
          <label htmlFor={switchId} className="cursor-pointer text-sm font-medium">
            {t("aiAnalysis.improved.use")}
          </label>
          <p id={hintId} className="text-xs text-muted-foreground">
            {t("aiAnalysis.improved.hint")}
          </p>
        </div>
      </div>
    </section>
  );
}
