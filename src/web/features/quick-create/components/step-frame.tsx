import { ArrowLeft } from "lucide-react";
import { type ReactNode, useEffect, useRef } from "react";
import { useTranslation } from "../../../lib/i18n";
import { cn } from "../../../lib/utils";
import type { QuickCreateStep } from "../draft";
import "./quick-create.css";

const STAGES = ["photos", "analysis", "store", "account", "done"] as const;
type Stage = (typeof STAGES)[number];

const STAGE_OF: Record<QuickCreateStep, Stage> = {
  upload: "photos",
  "upload-multiple": "photos",
  analysis: "analysis",
  store: "store",
  register: "account",
  success: "done",
};

/** Where the visitor is in the flow; the account stage is only there for visitors who are signed out. */
function StepProgress({ step, withAccount }: { step: QuickCreateStep; withAccount: boolean }) {
  const { t } = useTranslation();
  const stages = STAGES.filter((stage) => withAccount || stage !== "account");
  const current = Math.max(0, stages.indexOf(STAGE_OF[step]));
  const label = t(`quickCreate.stages.${stages[current] ?? "photos"}`);
  return (
    <div className="flex min-w-0 flex-1 flex-col items-end gap-1.5 sm:max-w-xs">
      <p className="truncate text-xs font-medium text-muted-foreground">
        {t("quickCreate.stageOf", { current: current + 1, total: stages.length, label })}
      </p>
      <div aria-hidden="true" className="flex w-full max-w-48 gap-1">
        {stages.map((stage, index) => (
          <span
            key={stage}
            className={cn(
              "h-1.5 flex-1 rounded-full transition-colors duration-500",
              index <= current ? "bg-primary" : "bg-border",
            )}
          />
        ))}
      </div>
    </div>
  );
}

interface StepFrameProps {
  step: QuickCreateStep;
  /** Shows the account stage: the visitor is, or was when they started saving, signed out. */
  withAccount: boolean;
  title: string;
  description?: ReactNode;
  /** The back arrow; left out where a step has none (success). */
  onBack?: () => void;
  backLabel?: string;
  /** Moves focus to the heading: on every step change after the first screen. */
  focusHeading: boolean;
  /** Centred text for the hero-like steps. */
  centered?: boolean;
  width?: "narrow" | "medium" | "wide";
  children: ReactNode;
}

const WIDTHS = { narrow: "max-w-xl", medium: "max-w-3xl", wide: "max-w-6xl" };

/** One step of quick-create: back arrow, progress, a heading that takes focus, and the step itself. */
export function StepFrame({
  step,
  withAccount,
  title,
  description,
  onBack,
  backLabel,
  focusHeading,
  centered = false,
  width = "medium",
  children,
}: StepFrameProps) {
  const { t } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (focusHeading) heading.current?.focus({ preventScroll: true });
  }, [focusHeading]);

  return (
    <section aria-labelledby={`step-${step}`} className={cn("torg-step-in mx-auto w-full", WIDTHS[width])}>
      <div className="flex min-h-10 items-center justify-between gap-4">
        {onBack ? (
          <button
            type="button"
            onClick={onBack}
            className="-ml-2 inline-flex h-10 shrink-0 items-center gap-1.5 rounded-md px-2 text-sm font-medium text-muted-foreground transition-colors hover:bg-accent hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
          >
            <ArrowLeft aria-hidden="true" className="size-4" />
            {backLabel ?? t("quickCreate.back")}
          </button>
        ) : (
          <span />
        )}
        <StepProgress step={step} withAccount={withAccount} />
      </div>
      <header className={cn("mt-5 space-y-2 sm:mt-8", centered && "text-center")}>
        <h1
          id={`step-${step}`}
          ref={heading}
          tabIndex={-1}
          className="text-3xl font-semibold tracking-tight text-balance outline-none sm:text-4xl"
        >
          {title}
        </h1>
        {description && (
          <p
            className={cn(
              "text-base text-muted-foreground sm:text-lg",
              centered ? "mx-auto max-w-xl text-balance" : "max-w-2xl text-pretty",
            )}
          >
            {description}
          </p>
        )}
      </header>
      <div className="mt-6 sm:mt-8">{children}</div>
    </section>
  );
}
