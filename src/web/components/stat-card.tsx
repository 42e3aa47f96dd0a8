import { ArrowRight, type LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { Card } from "./ui/card";

interface StatCardProps {
  title: string;
  /** Left out while loading: a quiet placeholder holds the card's height. */
  value?: ReactNode;
  icon: LucideIcon;
  /** A line under the value ("Last 30 days"). */
  description?: ReactNode;
  link?: { to: string; label: string };
}

/** docs/product-spec.md 2.5: title, value, icon and an optional link. */
export function StatCard({ title, value, icon: Icon, description, link }: StatCardProps) {
  return (
    <Card className="flex flex-col gap-3 p-4 sm:gap-4 sm:p-5">
      <div className="flex items-start justify-between gap-3">
        <h2 className="text-sm font-medium text-muted-foreground">{title}</h2>
        <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-accent text-accent-foreground">
          <Icon aria-hidden="true" className="size-[1.125rem]" />
        </span>
      </div>
      <div className="-mt-2 space-y-1">
        {value === undefined ? (
          <span aria-hidden="true" className="block h-8 w-24 animate-pulse rounded-md bg-muted sm:h-9" />
        ) : (
          <p className="text-2xl font-semibold tracking-tight tabular-nums sm:text-3xl">{value}</p>
        )}
        {description && <p className="text-sm text-muted-foreground">{description}</p>}
      </div>
      {link && (
        <Link
          to={link.to}
          className="mt-auto inline-flex items-center gap-1.5 self-start rounded-sm text-sm font-medium text-primary underline-offset-4 hover:underline"
        >
          {link.label}
          <ArrowRight aria-hidden="true" className="size-3.5" />
        </Link>
      )}
    </Card>
  );
}
