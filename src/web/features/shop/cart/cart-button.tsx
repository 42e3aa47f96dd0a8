import { useTranslation } from "../../../lib/i18n";
import { cn } from "../../../lib/utils";
import { ShoppingBag } from "../components/icons";
import { useShop } from "../components/shop-context";
import { itemCount, useCart } from "./cart";

/** The cart in the header: a bag with the number of items, opening the cart drawer. */
export function CartButton({ className }: { className?: string }) {
  const { t } = useTranslation();
  const { openCart } = useShop();
  const count = itemCount(useCart());
  return (
    <button
      type="button"
      onClick={openCart}
      aria-haspopup="dialog"
      aria-label={count > 0 ? t("cart.buttonWithCount", { count }) : t("cart.button")}
      className={cn("torg-round-button relative", className)}
    >
      <ShoppingBag aria-hidden="true" className="size-5" />
      {count > 0 && (
        <span
          aria-hidden="true"
          className="absolute -top-1 -right-1 flex h-5 min-w-5 items-center justify-center rounded-full bg-primary px-1 text-[11px] font-semibold text-primary-foreground tabular-nums ring-2 ring-background"
        >
          {count > 99 ? "99+" : count}
        </span>
      )}
    </button>
  );
}
