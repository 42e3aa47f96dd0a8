import { useTranslation } from "../../../lib/i18n";
import { useKr } from "../../../lib/money";
import { cn } from "../../../lib/utils";
import { Info } from "../components/icons";
import type { CartNotes } from "../components/shop-context";

/** What a refresh changed in the cart (prices, products gone, stock), said once, briefly. */
export function CartNotice({ notes, className }: { notes: CartNotes | null; className?: string }) {
  const { t } = useTranslation();
  const kr = useKr();
  if (!notes || Object.values(notes).every((lines) => lines.length === 0)) return null;
  return (
    <div
      role="status"
      className={cn(
        "flex gap-2.5 rounded-xl border border-amber-200 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-800/70 dark:bg-amber-950/60 dark:text-amber-100",
        className,
      )}
    >
      <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <ul className="grid gap-1">
        {notes.repriced.map((line) => (
          <li key={`price-${line.title}`}>
            {t("cart.priceChanged", { title: line.title, price: kr(line.price) })}
          </li>
        ))}
        {notes.removed.map((line) => (
          <li key={`gone-${line.title}`}>{t("cart.itemUnavailable", { title: line.title })}</li>
        ))}
        {notes.soldOut.map((line) => (
          <li key={`sold-${line.title}`}>{t("stock.soldOutInCart", { title: line.title })}</li>
        ))}
        {notes.reduced.map((line) => (
          <li key={`fewer-${line.title}`}>
            {t("stock.reducedInCart", { title: line.title, left: line.left })}
          </li>
        ))}
      </ul>
    </div>
  );
}
