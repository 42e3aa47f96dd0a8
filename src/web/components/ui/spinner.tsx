import { LoaderCircle } from "lucide-react";
import { cn } from "../../lib/utils";

interface SpinnerProps {
  className?: string;
  /** Announced to screen readers. Leave it out when the spinner sits next to text that says the same. */
  label?: string;
}

export function Spinner({ className, label }: SpinnerProps) {
  const icon = <LoaderCircle aria-hidden="true" className={cn("size-4 animate-spin", className)} />;
  if (!label) return icon;
  return (
    <span role="status" className="inline-flex">
      {icon}
      <span className="sr-only">{label}</span>
    </span>
  );
}

/** Fills the page area while a page or the current user loads. */
export function PageSpinner({ label }: { label: string }) {
  return (
    <div className="flex min-h-[50vh] flex-1 items-center justify-center">
      <Spinner label={label} className="size-8 text-primary" />
    </div>
  );
}
