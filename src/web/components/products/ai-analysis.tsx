import { Sparkles } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "../../lib/utils";
import { Spinner } from "../ui/spinner";
import "./ai-analysis.css";

/** A scan line moving over a photo the AI is looking at; laid over a `relative` box. */
export function AiScan({ className }: { className?: string }) {
  return <span aria-hidden="true" className={cn("torg-ai-scan", className)} />;
}

/** The class that makes a field shimmer while the AI is about to fill it. */
export const AI_SHIMMER = "torg-ai-shimmer";

interface AiNoticeProps {
  /** "working": spinner; "done": the AI's sparkle. */
  state: "working" | "done";
  children: ReactNode;
  className?: string;
}

/** One line about the AI's part in a form; place it inside a live region that is always rendered. */
export function AiNotice({ state, children, className }: AiNoticeProps) {
  return (
    <p
      className={cn(
        "flex items-start gap-2.5 rounded-lg border border-primary/25 bg-accent/60 px-3 py-2.5 text-sm text-accent-foreground",
        className,
      )}
    >
      {state === "working" ? (
        <Spinner className="mt-0.5 shrink-0 text-primary" />
      ) : (
        <Sparkles aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
      )}
      <span>{children}</span>
    </p>
  );
}
