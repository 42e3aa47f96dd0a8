import { Gift } from "lucide-react";
import type { ReactNode } from "react";
import { formatKrExact } from "../../../../shared/money";
import type { OrderItemView, OrderView } from "../../../../shared/order";
import { useFormatters } from "../../../lib/format";
import { useTranslation } from "../../../lib/i18n";
import { shownLineTotal } from "../../../lib/money";
import { cn } from "../../../lib/utils";
import { shownOrderAmounts } from "./order-amounts";

/** One row under the lines: a label, its amount, and how it stands out. */
interface SummaryRow {
  key: string;
  label: ReactNode;
  value: string;
  kind?: "total" | "note";
  /** A line above it, setting it apart from the rows before. */
  ruled?: boolean;
  testId?: string;
}

/** What a line is: the product and its variant, or the gift card bought and whom it is for (0076). */
function LineTitle({ item }: { item: OrderItemView }) {
  const { t } = useTranslation();
  if (!item.giftCard) {
    return <>{item.variantLabel ? `${item.title} (${item.variantLabel})` : item.title}</>;
  }
  const { recipientName, recipientEmail } = item.giftCard;
  return (
    <span className="inline-flex min-w-0 items-start gap-1.5" data-testid="order-gift-card-line">
      <Gift aria-hidden="true" className="mt-0.5 size-3.5 shrink-0 text-muted-foreground" />
      <span className="min-w-0">
        <span className="block">
          {recipientName
            ? t("orders.priceRules.giftCardFor", { name: recipientName })
            : t("orders.priceRules.giftCard")}
        </span>
        <span className="block text-xs font-normal break-all text-muted-foreground">
          {[recipientEmail, t("orders.priceRules.noVat")].filter(Boolean).join(" · ")}
        </span>
      </span>
    </span>
  );
}

/** The discount's label: "Discount" and the code the shopper typed, as the store spells it. */
function DiscountLabel({ code }: { code: string | null | undefined }) {
  const { t } = useTranslation();
  return (
    <span className="inline-flex flex-wrap items-center gap-x-2 gap-y-1">
      {t("orders.priceRules.discount")}
      {code && (
        <span className="rounded border bg-muted px-1.5 py-px font-mono text-xs font-medium">{code}</span>
      )}
    </span>
  );
}

/** The rows under the lines: discount, delivery, total, VAT, and what a gift card paid and left to pay. */
function useSummaryRows(order: OrderView): SummaryRow[] {
  const { t, language } = useTranslation();
  const { kr } = useFormatters();
  const amounts = shownOrderAmounts(order);
  const rows: SummaryRow[] = [];
  if (amounts.discount)
    rows.push({
      key: "discount",
      label: <DiscountLabel code={order.discountCode} />,
      value: `−${kr(amounts.discount)}`,
      ruled: true,
      testId: "order-discount",
    });
  if (order.delivery)
    rows.push({
      key: "delivery",
      label: order.delivery.name,
      value: Number(order.delivery.price) === 0 ? t("orders.deliveryFree") : kr(order.delivery.price),
      ruled: true,
    });
  rows.push({
    key: "total",
    label: t("orders.orderTotal"),
    value: kr(amounts.total),
    kind: "total",
    ruled: true,
  });
  for (const vat of order.vat)
    rows.push({
      key: `vat-${vat.rate}`,
      label: t("orders.vatIncluded", { rate: vat.rate }),
      value: formatKrExact(vat.amount, language),
      kind: "note",
    });
  if (amounts.giftCardPaid) {
    rows.push({
      key: "gift-card",
      label: t("orders.priceRules.giftCardPaid"),
      value: `−${kr(amounts.giftCardPaid)}`,
      ruled: true,
      testId: "order-gift-card-paid",
    });
    rows.push({
      key: "left",
      label: t("orders.priceRules.leftToPay"),
      value: kr(amounts.leftToPay),
      kind: "total",
      ruled: true,
      testId: "order-left-to-pay",
    });
  }
  return rows;
}

/** A total stands a little apart above; a ruled row (discount, delivery) has room on both sides of its rule. */
const rowSpace = (row: SummaryRow) => (row.kind === "total" ? "pt-3" : row.ruled ? "py-2.5" : "pt-1");

const rowText = (kind: SummaryRow["kind"]) =>
  kind === "total" ? "font-semibold" : kind === "note" ? "text-xs font-normal text-muted-foreground" : "";

/**
 * docs/product-spec.md 2.10: product title, unit price and quantity, with line totals and the order total;
 * with decision 0076, the gift cards bought, the discount and what a gift card paid.
 */
export function OrderItems({ order }: { order: OrderView }) {
  const { t } = useTranslation();
  const { kr } = useFormatters();
  const rows = useSummaryRows(order);

  return (
    <div className="text-sm">
      <table className="hidden w-full sm:table">
        <thead>
          <tr className="border-b text-left text-xs text-muted-foreground">
            <th scope="col" className="pb-2 font-medium">
              {t("orders.product")}
            </th>
            <th scope="col" className="pb-2 text-right font-medium">
              {t("orders.unitPrice")}
            </th>
            <th scope="col" className="pb-2 text-right font-medium">
              {t("orders.qty")}
            </th>
            <th scope="col" className="pb-2 text-right font-medium">
              {t("orders.lineTotal")}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y">
          {order.items.map((item) => (
            <tr key={item.id}>
              <td className="py-2.5 pr-4 font-medium">
                <LineTitle item={item} />
              </td>
              <td className="py-2.5 pl-2 text-right align-top whitespace-nowrap tabular-nums">
                {kr(item.unitPrice)}
              </td>
              <td className="py-2.5 pl-2 text-right align-top tabular-nums">{item.qty}</td>
              <td className="py-2.5 pl-2 text-right align-top whitespace-nowrap tabular-nums">
                {kr(shownLineTotal(item.unitPrice, item.qty))}
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          {rows.map((row) => (
            <tr key={row.key} className={cn(row.ruled && "border-t")} data-testid={row.testId}>
              <th
                scope="row"
                colSpan={3}
                className={cn("text-left font-medium", rowSpace(row), rowText(row.kind))}
              >
                {row.label}
              </th>
              <td
                className={cn(
                  "text-right whitespace-nowrap tabular-nums",
                  rowSpace(row),
                  row.kind === "total" && "text-base",
                  rowText(row.kind),
                )}
              >
                {row.value}
              </td>
            </tr>
          ))}
        </tfoot>
      </table>

      <ul className="divide-y sm:hidden">
        {order.items.map((item) => (
          <li key={item.id} className="flex items-start justify-between gap-4 py-2.5 first:pt-0">
            <div className="min-w-0">
              <p className="font-medium break-words">
                <LineTitle item={item} />
              </p>
              <p className="text-muted-foreground tabular-nums">
                {t("orders.qtyTimesPrice", { qty: item.qty, price: kr(item.unitPrice) })}
              </p>
            </div>
            <p className="whitespace-nowrap tabular-nums">{kr(shownLineTotal(item.unitPrice, item.qty))}</p>
          </li>
        ))}
      </ul>
      {rows.map((row) => (
        <div
          key={row.key}
          data-testid={row.testId && `${row.testId}-phone`}
          className={cn(
            "flex items-center justify-between gap-4 sm:hidden",
            row.ruled && "border-t",
            rowSpace(row),
            rowText(row.kind),
          )}
        >
          <span className="min-w-0">{row.label}</span>
          <span className={cn("whitespace-nowrap tabular-nums", row.kind === "total" && "text-base")}>
            {row.value}
          </span>
        </div>
      ))}
    </div>
  );
}
