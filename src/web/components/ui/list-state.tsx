import type { ReactNode } from "react";
import { Spinner } from "./spinner";

/** A calm empty, waiting or failed state inside a dashed card. */
interface ListStateProps {
  icon?: ReactNode;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
}

export function ListState({ icon, title, description, children }: ListStateProps) {
  return (
    <div className="flex flex-col items-center justify-center gap-3 rounded-xl border border-dashed bg-card/50 px-6 py-14 text-center">
      {icon && (
        <span className="flex size-12 items-center justify-center rounded-full bg-muted text-muted-foreground [&_svg]:size-6">
          {icon}
        </span>
      )}
      <div className="max-w-sm space-y-1">
        <p className="font-medium">{title}</p>
        {description && <p className="text-sm text-muted-foreground">{description}</p>}
      </div>
      {children}
    </div>
  );
}

export function ListSpinner({ label }: { label: string }) {
  return (
    <div className="flex justify-center rounded-xl border bg-card py-16">
      <Spinner label={label} className="size-6 text-primary" />
    </div>
  );
}
