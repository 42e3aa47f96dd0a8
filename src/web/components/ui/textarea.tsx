import type { ComponentProps } from "react";
import { cn } from "../../lib/utils";

/** A multi-line text field with the same look as Input. */
export function Textarea({ className, ...props }: ComponentProps<"textarea">) {
  return (
    <textarea
      className={cn(
        "flex min-h-24 w-full min-w-0 rounded-md border border-input bg-card px-3 py-2 text-base shadow-xs transition-colors sm:text-sm",
        "placeholder:text-muted-foreground",
        "focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring",
        "disabled:cursor-not-allowed disabled:opacity-60 read-only:bg-muted",
        "aria-invalid:border-error aria-invalid:focus-visible:outline-error",
        className,
      )}
      {...props}
    />
  );
}
