import { CircleAlert, CircleCheck, CircleX } from "lucide-react";
import { AiScan } from "../../../components/products/ai-analysis";
import { Spinner } from "../../../components/ui/spinner";
import { useTranslation } from "../../../lib/i18n";
import { cn } from "../../../lib/utils";
import { Photo, useObjectUrl } from "../components/photo";
import { StepFrame } from "../components/step-frame";
import { thumbnailTiles } from "../files";
import type { AnalysisPhoto, AnalysisRun } from "../machine";
import type { FrameProps } from "./frame-props";

/** Three to a row; a short last row (the "+N more" tile, say) is centred. */
const TILE = "w-[calc((100%-1.5rem)/3)]";

function Thumbnail({ photo, current, large }: { photo: AnalysisPhoto; current: boolean; large: boolean }) {
  const { t } = useTranslation();
  const src = useObjectUrl(photo.file);
  return (
    <li className={cn("relative", large ? "mx-auto w-full max-w-sm" : TILE)}>
      <Photo
        src={src}
        alt={photo.file.name}
        fallbackLabel={photo.file.name}
        className={cn("border shadow-sm", large ? "rounded-3xl" : "rounded-2xl")}
        imageClassName={cn(
          "transition-[opacity,filter] duration-500",
          photo.status === "waiting" && !current && "opacity-60 saturate-50",
          photo.status === "failed" && "opacity-50 grayscale",
        )}
      >
        {photo.status === "waiting" && current && <AiScan />}
        {photo.status !== "waiting" && (
          <span
            className={cn(
              "torg-celebrate absolute top-2 right-2 flex size-7 items-center justify-center rounded-full shadow-md",
              photo.status === "done"
                ? "bg-primary text-primary-foreground"
                : "bg-destructive text-destructive-foreground",
            )}
          >
            {photo.status === "done" ? (
              <CircleCheck aria-hidden="true" className="size-4" />
            ) : (
              <CircleX aria-hidden="true" className="size-4" />
            )}
            <span className="sr-only">
              {photo.status === "done"
                ? t("quickCreate.analysis.photoDone")
                : t("quickCreate.analysis.photoFailed")}
            </span>
          </span>
        )}
      </Photo>
    </li>
  );
}

/** Spec 2.14's analysis step: thumbnails (6 and "+N more"), what the AI is doing, and real progress. */
export function AnalysisStep({ frame, run }: { frame: FrameProps; run: AnalysisRun }) {
  const { t } = useTranslation();
  const count = run.photos.length;
  const { shown, more } = thumbnailTiles(run.photos);
  const single = run.mode === "single";
  const currentIndex = run.photos.findIndex((photo) => photo.status === "waiting");
  const failures = run.photos.filter((photo) => photo.status === "failed");
  const known = run.total !== null;
  const finished = known && run.done >= (run.total ?? 0);
  const percent = known && run.total ? Math.round((run.done / run.total) * 100) : 0;
  const status = finished
    ? t("quickCreate.analysis.finished")
    : single
      ? t("aiAnalysis.analyzing")
      : known
        ? t("quickCreate.analysis.progress", { done: run.done, total: run.total })
        : t("quickCreate.analysis.uploading", { count });

  return (
    <StepFrame
      {...frame}
      step="analysis"
      centered
      width="narrow"
      title={t("quickCreate.analysis.title", { count })}
      description={t("quickCreate.analysis.subtitle", { count })}
    >
      <div className="grid gap-6">
        <ul className="flex flex-wrap justify-center gap-3">
          {shown.map((photo, index) => (
            <Thumbnail key={photo.key} photo={photo} current={index === currentIndex} large={single} />
          ))}
          {more > 0 && (
            <li
              className={cn(
                TILE,
                "flex aspect-square items-center justify-center rounded-2xl border border-dashed bg-muted text-xl font-semibold text-muted-foreground",
              )}
            >
              {t("quickCreate.analysis.more", { count: more })}
            </li>
          )}
        </ul>

        <div className="grid gap-3">
          <p role="status" className="flex items-center justify-center gap-2 text-sm font-medium">
            {finished ? (
              <CircleCheck aria-hidden="true" className="size-4 text-primary" />
            ) : (
              <Spinner className="text-primary" />
            )}
            {status}
          </p>
          {known && !single ? (
            <div
              key="determinate"
              role="progressbar"
              aria-label={t("quickCreate.analysis.progressLabel")}
              aria-valuemin={0}
              aria-valuemax={run.total ?? 0}
              aria-valuenow={run.done}
              aria-valuetext={t("quickCreate.analysis.progress", { done: run.done, total: run.total })}
              className="relative h-2.5 overflow-hidden rounded-full bg-border"
            >
              {!finished && (
                <div
                  aria-hidden="true"
                  className="torg-progress-indeterminate absolute inset-y-0 w-1/4 bg-primary/15"
                />
              )}
              <div
                className="relative h-full rounded-full bg-primary transition-[width] duration-500 ease-out"
                style={{ width: `${percent}%` }}
              />
            </div>
          ) : (
            <div
              key="indeterminate"
              role="progressbar"
              aria-label={t("quickCreate.analysis.progressLabel")}
              aria-valuetext={status}
              className="h-2.5 overflow-hidden rounded-full bg-border"
            >
              <div className="torg-progress-indeterminate h-full w-2/5 rounded-full bg-primary/80" />
            </div>
          )}
        </div>

        {failures.length > 0 && (
          <div className="rounded-xl border border-error/40 bg-destructive/5 p-4 text-left text-sm">
            <p className="flex items-center gap-2 font-semibold text-error">
              <CircleAlert aria-hidden="true" className="size-4" />
              {t("quickCreate.analysis.failedHeading", { count: failures.length })}
            </p>
            <ul className="mt-2 grid gap-1 pl-6">
              {failures.map((photo) => (
                <li key={photo.key} className="break-words">
                  <span className="font-medium">{photo.file.name}</span>: {photo.error}
                </li>
              ))}
            </ul>
            <p className="mt-2 text-muted-foreground">{t("quickCreate.analysis.continuesWithRest")}</p>
          </div>
        )}
      </div>
    </StepFrame>
  );
}
