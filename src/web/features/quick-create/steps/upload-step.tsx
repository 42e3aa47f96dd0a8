import { ArrowRight, Images, Sparkles, Store, SwitchCamera } from "lucide-react";
import { useId } from "react";
import { MAX_IMAGE_MB, type PhotoRefusal } from "../../../../shared/image-limits";
import { Button } from "../../../components/ui/button";
import { useAuth } from "../../../lib/auth";
import { useTranslation } from "../../../lib/i18n";
import { DropZone } from "../components/drop-zone";
import { Photo, thumbnailUrl } from "../components/photo";
import { StepFrame } from "../components/step-frame";
import type { DraftProduct } from "../draft";
import { PHOTO_ACCEPT } from "../files";
import type { FrameProps } from "./frame-props";

const HOW_IT_WORKS = [
  { icon: SwitchCamera, key: "photo" },
  { icon: Sparkles, key: "ai" },
  { icon: Store, key: "shop" },
] as const;

interface UploadStepProps {
  frame: FrameProps;
  products: DraftProduct[];
  /** What was wrong with the last photo chosen, as a message naming it. */
  error: PhotoRefusal | null;
  onFile: (file: File) => void;
  onSwitchToMultiple: () => void;
  onContinue: () => void;
}

/** docs/product-spec.md 2.14's upload step: one photo (the one rule of decision 0062), or a switch to several. */
export function UploadStep({
  frame,
  products,
  error,
  onFile,
  onSwitchToMultiple,
  onContinue,
}: UploadStepProps) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const errorId = useId();
  const [first] = products;

  return (
    <StepFrame
      {...frame}
      step="upload"
      centered
      title={t("quickCreate.upload.title")}
      description={t("quickCreate.upload.subtitle")}
    >
      <div className="mx-auto grid max-w-2xl gap-5">
        {first && (
          <div className="flex flex-wrap items-center gap-4 rounded-2xl border bg-card p-3 pr-4 shadow-sm">
            <Photo
              src={thumbnailUrl(first.imageUrl)}
              alt=""
              fallbackLabel={first.fileName}
              className="size-16 shrink-0 rounded-xl"
            />
            <p className="min-w-0 flex-1 text-sm text-muted-foreground">
              <span className="block font-medium text-foreground">
                {t("quickCreate.upload.resumeTitle", { count: products.length })}
              </span>
              {t("quickCreate.upload.resumeText")}
            </p>
            <Button onClick={onContinue} className="w-full sm:w-auto">
              {t("quickCreate.upload.resume")}
              <ArrowRight aria-hidden="true" />
            </Button>
          </div>
        )}
        <DropZone
          multiple={false}
          accept={PHOTO_ACCEPT}
          onFiles={([file]) => file && onFile(file)}
          title={t("quickCreate.upload.dropTitle")}
          touchTitle={t("quickCreate.upload.touchTitle")}
          action={t("quickCreate.upload.choose")}
          hint={t("photoFiles.formats", { mb: MAX_IMAGE_MB })}
          errorId={error ? errorId : undefined}
        />
        {error && (
          <p id={errorId} role="alert" className="-mt-1 text-center text-sm font-medium text-error">
            {t(error.key, error.params)}
          </p>
        )}
        <div className="flex flex-col items-center gap-1 text-center">
          <Button variant="outline" size="lg" onClick={onSwitchToMultiple} className="rounded-full">
            <Images aria-hidden="true" />
            {t("quickCreate.upload.switchToMultiple")}
          </Button>
          <p className="text-xs text-muted-foreground">{t("quickCreate.upload.switchHint")}</p>
        </div>
        <ol className="mt-4 grid gap-3 sm:grid-cols-3">
          {HOW_IT_WORKS.map(({ icon: Icon, key }, index) => (
            <li
              key={key}
              className="flex items-start gap-3 rounded-xl p-2 sm:flex-col sm:items-center sm:text-center"
            >
              <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-accent text-accent-foreground">
                <Icon aria-hidden="true" className="size-5" />
              </span>
              <span className="text-sm">
                <span className="block font-semibold">
                  {index + 1}. {t(`quickCreate.upload.how.${key}Title`)}
                </span>
                <span className="text-muted-foreground">{t(`quickCreate.upload.how.${key}Text`)}</span>
              </span>
            </li>
          ))}
        </ol>
        {/* A signed-in seller needs no account: the new shop joins the one they have. */}
        <p className="text-center text-sm text-muted-foreground">
          {user ? t("quickCreate.upload.signedIn") : t("quickCreate.upload.noAccount")}
        </p>
      </div>
    </StepFrame>
  );
}
