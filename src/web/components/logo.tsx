import { cn } from "../lib/utils";

interface LogoMarkProps {
  className?: string;
  /** "inverse" draws it light on a dark green panel. */
  tone?: "default" | "inverse";
}

/** Torg's mark: a market stall under an awning. */
export function LogoMark({ className, tone = "default" }: LogoMarkProps) {
  const inverse = tone === "inverse";
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className={cn("size-8 shrink-0", className)}>
      <rect width="32" height="32" rx="8" className={inverse ? "fill-panel-foreground" : "fill-primary"} />
      <g className={inverse ? "fill-panel" : "fill-primary-foreground"}>
        <path d="M8.6 7h14.8L26 12.5H6z" />
        <path d="M6 12.5a3.33 3.33 0 0 0 6.67 0a3.33 3.33 0 0 0 6.66 0a3.33 3.33 0 0 0 6.67 0z" />
      </g>
      <path
        d="M9 17v8h14v-8M13 25v-4.5h6V25"
        fill="none"
        strokeWidth="2"
        strokeLinejoin="round"
        className={inverse ? "stroke-panel" : "stroke-primary-foreground"}
      />
    </svg>
  );
}
