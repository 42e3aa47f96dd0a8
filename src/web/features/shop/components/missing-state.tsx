import type { ReactNode } from "react";
import { cn } from "../../../lib/utils";
import type { ShopIcon } from "./icons";

interface MissingStateProps {
  icon: ShopIcon;
  title: string;
  text: string;
  /** The way on: a button or link. */
  action?: ReactNode;
  /** The page's heading level: h1 for a page that is only this, h2 inside a page. */
  as?: "h1" | "h2";
  className?: string;
}

/** A calm, centred message for something that is not there: a store, a product, an empty list. */
export function MissingState({
  icon: Icon,
  title,
  text,
  action,
  as: Heading = "h1",
  className,
}: MissingStateProps) {
  return (
    <div className={cn("flex flex-col items-center justify-center gap-3 px-6 py-16 text-center", className)}>
      <span className="mb-1 flex size-16 items-center justify-center rounded-2xl bg-accent text-accent-foreground">
        <Icon aria-hidden="true" className="size-8" />
      </span>
      <Heading className="text-2xl font-semibold tracking-tight text-balance">{title}</Heading>
      <p className="max-w-sm text-balance text-muted-foreground">{text}</p>
      {action && <div className="mt-3">{action}</div>}
    </div>
  );
}
