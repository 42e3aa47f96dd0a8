import { MAX_QTY_PER_LINE } from "../../../../shared/order-limits";
import { useTranslation } from "../../../lib/i18n";
import { cn } from "../../../lib/utils";
import { Minus, Plus } from "../components/icons";

interface QuantityStepperProps {
  value: number;
  onDecrement: () => void;
  onIncrement: () => void;
  /** What the quantity is of, read out as the group's name: "Quantity: Blue mug". */
  title: string;
  /** In the cart, minus at 1 removes the line; on the product page it stops at 1. */
  minusRemoves?: boolean;
  /** The most the shopper may take: 99, or what is left (decision 0032). */
  max?: number;
  className?: string;
}

const stepButton =
  "flex size-10 items-center justify-center rounded-full text-foreground transition-colors hover:bg-accent active:bg-accent aria-disabled:cursor-default aria-disabled:opacity-35 aria-disabled:hover:bg-transparent focus-visible:outline-2 focus-visible:outline-ring [&_svg]:size-4";

/** − quantity +, every target 44 px tall; minus never goes below 1 unless it removes, plus stops at `max`. */
export function QuantityStepper({
  value,
  onDecrement,
  onIncrement,
  title,
  minusRemoves = false,
  max = MAX_QTY_PER_LINE,
  className,
}: QuantityStepperProps) {
  const { t } = useTranslation();
  return (
    <fieldset
      className={cn("inline-flex h-11 items-center gap-0.5 rounded-full border bg-card p-0.5", className)}
    >
      <legend className="sr-only">{t("cart.quantityOf", { title })}</legend>
      <button
        type="button"
        className={stepButton}
        onClick={onDecrement}
        aria-disabled={!minusRemoves && value <= 1}
        aria-label={minusRemoves && value <= 1 ? t("cart.removeItem", { title }) : t("cart.decrease")}
      >
        <Minus aria-hidden="true" />
      </button>
      <output aria-live="polite" className="w-8 text-center font-semibold tabular-nums">
        {value}
      </output>
      <button
        type="button"
        className={stepButton}
        onClick={onIncrement}
        aria-disabled={value >= Math.min(max, MAX_QTY_PER_LINE)}
        aria-label={t("cart.increase")}
      >
        <Plus aria-hidden="true" />
      </button>
    </fieldset>
  );
}
