import type { ComponentProps } from "react";
import { cn } from "../../../lib/utils";

/** The storefront address prefix, "{host}/s/", as shown before a store's slug. */
export function storefrontPrefix(): string {
  return `${window.location.host}/s/`;
}

/** A text input for a store slug with the fixed address prefix in front of it. */
export function SlugInput({ className, readOnly, ...props }: ComponentProps<"input">) {
  return (
    <div
      className={cn(
        "flex h-10 w-full min-w-0 overflow-hidden rounded-md border border-input bg-card shadow-xs transition-colors",
        "focus-within:border-ring focus-within:outline-2 focus-within:outline-offset-1 focus-within:outline-ring",
        "has-[input[aria-invalid=true]]:border-error has-[input[aria-invalid=true]]:focus-within:outline-error",
        readOnly && "bg-muted",
        className,
      )}
    >
      <span
        aria-hidden="true"
        className="flex max-w-[55%] shrink-0 items-center truncate border-r bg-muted px-3 text-sm text-muted-foreground"
      >
        <span className="truncate">{storefrontPrefix()}</span>
      </span>
      <input
        type="text"
        autoCapitalize="none"
        autoCorrect="off"
        spellCheck={false}
        readOnly={readOnly}
        className="min-w-0 flex-1 bg-transparent px-3 py-2 text-base outline-none placeholder:text-muted-foreground sm:text-sm"
        {...props}
      />
    </div>
  );
}
