import { ArrowRight, CircleAlert, CircleCheck, Sparkles, X } from "lucide-react";
import { useId } from "react";
import { MAX_IMAGE_MB } from "../../../../shared/image-limits";
import { Button } from "../../../components/ui/button";
import { useTranslation } from "../../../lib/i18n";
import { DropZone } from "../components/drop-zone";
import { Photo, thumbnailUrl, useObjectUrl } from "../components/photo";
import { StepFrame } from "../components/step-frame";
import type { DraftProduct } from "../draft";
import { MAX_PHOTOS, PHOTO_ACCEPT } from "../files";
import type { ChosenFile, Rejections } from "../machine";
import type { FrameProps } from "./frame-props";

function RemoveButton({ name, onClick }: { name: string; onClick: () => void }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={t("quickCreate.uploadMultiple.remove", { name })}
      className="absolute top-1.5 right-1.5 flex size-8 items-center justify-center rounded-full bg-background/90 text-foreground shadow-sm backdrop-blur-sm transition-colors hover:bg-background focus-visible:outline-2 focus-visible:outline-ring"
    >
      <X aria-hidden="true" className="size-4" />
    </button>
  );
}

function FileTile({ chosen, onRemove }: { chosen: ChosenFile; onRemove: () => void }) {
  const { t } = useTranslation();
  const src = useObjectUrl(chosen.file);
  return (
    <li className="relative">
      <Photo src={src} alt={chosen.file.name} fallbackLabel={chosen.file.name} className="rounded-xl border">
        {chosen.error && (
          <span className="absolute inset-x-1.5 bottom-1.5 flex items-center gap-1 rounded-md bg-destructive px-2 py-1 text-xs font-medium text-destructive-foreground">
            <CircleAlert aria-hidden="true" className="size-3.5 shrink-0" />
            <span className="truncate">{t("quickCreate.uploadMultiple.failedBefore")}</span>
          </span>
        )}
      </Photo>
      <RemoveButton name={chosen.file.name} onClick={onRemove} />
    </li>
  );
}

function ProductTile({ product, onRemove }: { product: DraftProduct; onRemove: () => void }) {
  const { t } = useTranslation();
  const name = product.title || product.fileName;
  return (
    <li className="relative">
      <Photo
        src={thumbnailUrl(product.imageUrl)}
        alt={name}
        fallbackLabel={name}
        className="rounded-xl border"
      >
        <span className="absolute bottom-1.5 left-1.5 flex items-center gap-1 rounded-full bg-background/90 px-2 py-0.5 text-xs font-medium shadow-sm backdrop-blur-sm">
          <CircleCheck aria-hidden="true" className="size-3.5 text-primary" />
          {t("quickCreate.uploadMultiple.analyzed")}
        </span>
      </Photo>
      <RemoveButton name={name} onClick={onRemove} />
    </li>
  );
}

interface UploadMultipleStepProps {
  frame: FrameProps;
  products: DraftProduct[];
  files: ChosenFile[];
  rejections: Rejections | null;
  onAddFiles: (files: File[]) => void;
  onRemoveFile: (key: string) => void;
  onRemoveProduct: (id: string) => void;
  /** Analyses the new photos, or goes straight on when every photo is analysed already. */
  onNext: () => void;
}

/** docs/product-spec.md 2.14's multi-image upload: up to 10 photos (the one rule of decision 0062), checked when chosen. */
export function UploadMultipleStep({
  frame,
  products,
  files,
  rejections,
  onAddFiles,
  onRemoveFile,
  onRemoveProduct,
  onNext,
}: UploadMultipleStepProps) {
  const { t } = useTranslation();
  const errorId = useId();
  const total = products.length + files.length;
  const hasRejections = Boolean(rejections && (rejections.items.length || rejections.overflow));
  const dropZoneTexts = {
    title: t("quickCreate.uploadMultiple.dropTitle"),
    touchTitle: t("quickCreate.uploadMultiple.touchTitle"),
    hint: `${t("photoFiles.formats", { mb: MAX_IMAGE_MB })}, ${t("quickCreate.uploadMultiple.upTo", { max: MAX_PHOTOS })}`,
  };

  return (
    <StepFrame
      {...frame}
      step="upload-multiple"
      title={t("quickCreate.uploadMultiple.title")}
      description={t("quickCreate.uploadMultiple.subtitle")}
    >
      <div className="grid gap-5">
        {total === 0 ? (
          <DropZone
            multiple
            accept={PHOTO_ACCEPT}
            onFiles={onAddFiles}
            action={t("quickCreate.uploadMultiple.choose")}
            errorId={hasRejections ? errorId : undefined}
            {...dropZoneTexts}
          />
        ) : (
          <>
            <div className="flex items-center justify-between gap-3">
              <p className="text-sm font-medium" aria-live="polite">
                {t("quickCreate.uploadMultiple.count", { count: total, max: MAX_PHOTOS })}
              </p>
              <div aria-hidden="true" className="h-1.5 w-32 overflow-hidden rounded-full bg-border">
                <div
                  className="h-full rounded-full bg-primary transition-[width] duration-300"
                  style={{ width: `${(total / MAX_PHOTOS) * 100}%` }}
                />
              </div>
            </div>
            <ul className="grid grid-cols-3 gap-2.5 sm:grid-cols-4 sm:gap-3 lg:grid-cols-5">
              {products.map((product) => (
                <ProductTile
                  key={product.id}
                  product={product}
                  onRemove={() => onRemoveProduct(product.id)}
                />
              ))}
              {files.map((chosen) => (
                <FileTile key={chosen.key} chosen={chosen} onRemove={() => onRemoveFile(chosen.key)} />
              ))}
            </ul>
            {total < MAX_PHOTOS && (
              <DropZone
                multiple
                compact
                accept={PHOTO_ACCEPT}
                onFiles={onAddFiles}
                action={t("quickCreate.uploadMultiple.addMore")}
                errorId={hasRejections ? errorId : undefined}
                {...dropZoneTexts}
              />
            )}
          </>
        )}
        {rejections && hasRejections && (
          <div
            id={errorId}
            role="alert"
            className="rounded-xl border border-error/40 bg-destructive/5 p-4 text-sm text-foreground"
          >
            <p className="flex items-center gap-2 font-semibold text-error">
              <CircleAlert aria-hidden="true" className="size-4" />
              {t("quickCreate.uploadMultiple.leftOut")}
            </p>
            <ul className="mt-2 grid gap-1 pl-6">
              {rejections.items.map((item) => (
                <li key={item.key} className="break-words">
                  {t(item.problem.key, item.problem.params)}
                </li>
              ))}
              {rejections.overflow > 0 && (
                <li>
                  {t("quickCreate.uploadMultiple.overflow", { count: rejections.overflow, max: MAX_PHOTOS })}
                </li>
              )}
            </ul>
          </div>
        )}
        {total > 0 && (
          <div className="sticky bottom-0 z-10 -mx-4 border-t bg-background/90 px-4 py-3 backdrop-blur-md sm:static sm:mx-0 sm:border-0 sm:bg-transparent sm:p-0 sm:backdrop-blur-none">
            <Button size="lg" onClick={onNext} className="w-full sm:ml-auto sm:flex sm:w-auto">
              {files.length > 0 ? (
                <>
                  <Sparkles aria-hidden="true" />
                  {t("quickCreate.uploadMultiple.analyze", { count: files.length })}
                </>
              ) : (
                <>
                  {t("quickCreate.uploadMultiple.continue")}
                  <ArrowRight aria-hidden="true" />
                </>
              )}
            </Button>
          </div>
        )}
      </div>
    </StepFrame>
  );
}
