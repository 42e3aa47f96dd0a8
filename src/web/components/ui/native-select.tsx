import type { ComponentProps } from "react";
import { cn } from "../../lib/utils";

/** A plain <select> styled like the inputs: forms that register it with react-hook-form as it is. */
export function NativeSelect({ className, ...props }: ComponentProps<"select">) {
  return (
    <select
      className={cn(
        "h-10 w-full min-w-0 rounded-md border border-input bg-card px-3 text-base shadow-xs focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring aria-invalid:border-error sm:text-sm",
        className,
      )}
      {...props}
    />
  );
}
