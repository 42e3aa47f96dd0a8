import type { ReactNode } from "react";
import { Label } from "../../../components/ui/label";

interface SettingRowProps {
  /** The id of the control the label names. */
  htmlFor: string;
  label: string;
  description: string;
  descriptionId: string;
  control: ReactNode;
}

/** A label with its one-line explanation on the left, the control (a switch) on the right. */
export function SettingRow({ htmlFor, label, description, descriptionId, control }: SettingRowProps) {
  return (
    <div className="flex items-start justify-between gap-6 py-4 first:pt-0 last:pb-0">
      <div className="min-w-0 space-y-1">
        <Label htmlFor={htmlFor} className="leading-snug">
          {label}
        </Label>
        <p id={descriptionId} className="text-sm text-muted-foreground">
          {description}
        </p>
      </div>
      <div className="pt-0.5">{control}</div>
    </div>
  );
}
