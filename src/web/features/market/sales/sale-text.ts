import type { SaleStatus, SaleView } from "../../../../shared/market";
import type { BadgeProps } from "../../../components/ui/badge";

/** How each status of a stall sale looks in the list and the detail. */
export const SALE_STATUS_BADGE: Record<SaleStatus, NonNullable<BadgeProps["variant"]>> = {
  awaiting_payment: "warning",
  paid: "success",
  payment_failed: "danger",
  cancelled: "neutral",
  partly_refunded: "info",
  refunded: "neutral",
};

/** "2 × Krus, Annet" for a list row: what was sold, briefly. */
export function saleLinesText(sale: Pick<SaleView, "items">): string {
  return sale.items
    .map((item) => {
      const title = item.variantLabel ? `${item.title} (${item.variantLabel})` : item.title;
      return item.qty > 1 ? `${item.qty} × ${title}` : title;
    })
    .join(", ");
}

/** "14:03", the Oslo wall-clock time a sale was made. */
export function osloTime(iso: string): string {
  return new Intl.DateTimeFormat("en-GB", {
    timeZone: "Europe/Oslo",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).format(new Date(iso));
}

/** A new id for a refund, made once per dialog: a retry of the same refund is the same refund. */
export function newClientRefundId(): string {
  return crypto.randomUUID();
}
