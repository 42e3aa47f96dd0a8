import { type Control, Controller, type FieldValues, type Path } from "react-hook-form";
import { Switch } from "./ui/switch";

interface FormSwitchProps<Values extends FieldValues> {
  control: Control<Values>;
  name: Path<Values>;
  id: string;
  /** The id of the hint under the switch's label. */
  describedBy: string;
  disabled?: boolean;
  className?: string;
}

/** A boolean form field as a switch, wired to react-hook-form (focus on error included). */
export function FormSwitch<Values extends FieldValues>({
  control,
  name,
  id,
  describedBy,
  disabled,
  className,
}: FormSwitchProps<Values>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Switch
          id={id}
          ref={field.ref}
          checked={field.value}
          onCheckedChange={field.onChange}
          onBlur={field.onBlur}
          disabled={disabled}
          aria-describedby={describedBy}
          className={className}
        />
      )}
    />
  );
}
