import { Delete } from "lucide-react";
import { useTranslation } from "../../../lib/i18n";
import { cn } from "../../../lib/utils";
import { type KeypadKey, pressKey } from "../stall-cart";

const KEYS: KeypadKey[] = ["1", "2", "3", "4", "5", "6", "7", "8", "9", ",", "0", "back"];

/**
 * A number pad for kroner, big enough for a thumb in a glove: the phone's own keyboard would cover half
 * the screen and hide the change. The amount is also typeable from a hardware keyboard (digits, comma
 * or full stop, Backspace) while the pad has focus.
 */
export function AmountKeypad({
  value,
  onChange,
  label,
}: {
  value: string;
  onChange: (next: string) => void;
  /** What the amount is, for screen readers ("Amount given"). */
  label: string;
}) {
  const { t } = useTranslation();
  const press = (key: KeypadKey) => onChange(pressKey(value, key));

  function onKeyDown(event: React.KeyboardEvent) {
    const key = event.key;
    if (/^[0-9]$/.test(key)) press(key as KeypadKey);
    else if (key === "," || key === ".") press(",");
    else if (key === "Backspace") press("back");
    else return;
    event.preventDefault();
  }

  return (
    // biome-ignore lint/a11y/useSemanticElements: a group of buttons with a shared keyboard handler.
    <div role="group" aria-label={label} onKeyDown={onKeyDown} className="grid grid-cols-3 gap-2">
      {KEYS.map((key) => (
        <button
          key={key}
          type="button"
          onClick={() => press(key)}
          aria-label={
            key === "back" ? t("market.keypad.delete") : key === "," ? t("market.keypad.comma") : undefined
          }
          className={cn(
            "flex h-14 items-center justify-center rounded-xl bg-secondary text-2xl font-semibold tabular-nums text-secondary-foreground transition-colors select-none",
            "hover:bg-secondary/70 active:bg-accent focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring",
          )}
        >
          {key === "back" ? <Delete aria-hidden="true" className="size-6" /> : key}
        </button>
      ))}
    </div>
  );
}
