import { useTranslation } from "../../../lib/i18n";
import { cn } from "../../../lib/utils";

/** At or below this many left, the shop says how many ("Only 2 left"). */
export const FEW_LEFT = 3;

/**
 * "Sold out", or "Only N left" when 3 or fewer remain (decision 0032); nothing for plenty or unlimited.
 * Text, not colour alone, says it.
 */
export function StockLabel({ stockQty, className }: { stockQty: number | null; className?: string }) {
  const { t } = useTranslation();
  if (stockQty === null || stockQty > FEW_LEFT) return null;
  const soldOut = stockQty <= 0;
  return (
    <span
      className={cn(
        "inline-flex w-fit items-center rounded-full px-2.5 py-0.5 text-xs font-medium",
        soldOut
          ? "bg-stone-200 text-stone-800 dark:bg-stone-800 dark:text-stone-100"
          : "bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-100",
        className,
      )}
    >
      {soldOut ? t("stock.soldOut") : t("stock.onlyLeft", { left: stockQty })}
    </span>
  );
}
