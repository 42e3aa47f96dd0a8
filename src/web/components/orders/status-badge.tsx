import { ORDER_STATUSES, type OrderStatus, statusWord } from "../../../shared/order";
import { useTranslation } from "../../lib/i18n";
import { cn } from "../../lib/utils";
import { Badge, type BadgeProps } from "../ui/badge";

const STATUS_VARIANTS: Record<OrderStatus, NonNullable<BadgeProps["variant"]>> = {
  paid: "success",
  pending: "warning",
  cancelled: "danger",
  fulfilled: "info",
};

/** The same colours as small dots: status select options and the history timeline. */
export const STATUS_DOT_CLASSES: Record<OrderStatus, string> = {
  paid: "bg-emerald-600 dark:bg-emerald-400",
  pending: "bg-amber-500 dark:bg-amber-400",
  cancelled: "bg-red-600 dark:bg-red-400",
  fulfilled: "bg-sky-600 dark:bg-sky-400",
};

export function statusDotClass(status: string): string {
  return isOrderStatus(status) ? STATUS_DOT_CLASSES[status] : "bg-stone-400 dark:bg-stone-500";
}

export function isOrderStatus(value: unknown): value is OrderStatus {
  return typeof value === "string" && (ORDER_STATUSES as readonly string[]).includes(value);
}

/**
 * The status name in the interface language, "Ready for pick-up" for a fulfilled pick-up order (decision
 * 0067); a status this version does not know is shown as it is. `inSentence` gives the lower-case word.
 */
export function useStatusLabel({ inSentence = false } = {}) {
  const { t } = useTranslation();
  return (status: string, deliveryKind?: string | null) => {
    if (!isOrderStatus(status)) return status;
    const word = statusWord(status, deliveryKind);
    return inSentence ? t(`status.inSentence.${word}`) : t(`status.${word}`);
  };
}

/** Section 4: paid green, pending yellow, cancelled red, fulfilled blue, anything else grey. */
export function StatusBadge({
  status,
  deliveryKind,
  className,
}: {
  status: string;
  /** The order's delivery kind: a fulfilled pick-up order reads "Ready for pick-up". */
  deliveryKind?: string | null;
  className?: string;
}) {
  const label = useStatusLabel();
  return (
    <Badge
      variant={isOrderStatus(status) ? STATUS_VARIANTS[status] : "neutral"}
      className={cn("gap-1.5", className)}
    >
      <span aria-hidden="true" className="size-1.5 rounded-full bg-current opacity-80" />
      {label(status, deliveryKind)}
    </Badge>
  );
}
