import { ChevronLeft } from "lucide-react";
import { Link } from "react-router";

/** The small "back" control above a page title. */
export function BackLink({ to, children }: { to: string; children: string }) {
  return (
    <Link
      to={to}
      className="inline-flex w-fit max-w-full items-center gap-1 rounded-md text-sm font-medium text-muted-foreground hover:text-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
    >
      <ChevronLeft aria-hidden="true" className="size-4 shrink-0" />
      <span className="truncate">{children}</span>
    </Link>
  );
}
