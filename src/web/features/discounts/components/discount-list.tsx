import { CircleStop, EllipsisVertical, Pause, Pencil, Play, Trash2 } from "lucide-react";
import type { DiscountView } from "../../../../shared/discount";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "../../../components/ui/dropdown-menu";
import { useTranslation } from "../../../lib/i18n";
import { type DiscountStatus, discountStatus, useDiscountText } from "./discount-text";

export type DiscountAction = "edit" | "pause" | "resume" | "end" | "delete";

interface DiscountListProps {
  codes: DiscountView[];
  onAction: (code: DiscountView, action: DiscountAction) => void;
}

const STATUS_VARIANT = {
  active: "success",
  paused: "warning",
  scheduled: "info",
  ended: "neutral",
  usedUp: "neutral",
} as const satisfies Record<DiscountStatus, string>;

/** The store's codes: a table on a wide screen, a card per code on a phone, the same facts in both. */
export function DiscountList({ codes, onAction }: DiscountListProps) {
  const { t } = useTranslation();
  const text = useDiscountText();
  const now = Date.now();
  const rows = codes.map((code) => ({ code, status: discountStatus(code, now) }));
  const uses = (code: DiscountView) =>
    code.maxUses === null ? String(code.uses) : t("discounts.usesOf", { uses: code.uses, max: code.maxUses });
  const conditions = (code: DiscountView) => {
    const lines = text.conditions(code);
    return lines.length > 0 ? lines : [t("discounts.conditions.none")];
  };

  return (
    <>
      <div className="hidden overflow-hidden rounded-xl border bg-card md:block">
        <table className="w-full text-sm">
          <caption className="sr-only">{t("discounts.title")}</caption>
          <thead className="border-b bg-muted/50 text-left text-xs font-medium text-muted-foreground">
            <tr>
              <th scope="col" className="px-4 py-3">
                {t("discounts.columns.code")}
              </th>
              <th scope="col" className="px-4 py-3">
                {t("discounts.columns.conditions")}
              </th>
              <th scope="col" className="px-4 py-3 text-right">
                {t("discounts.columns.uses")}
              </th>
              <th scope="col" className="px-4 py-3 text-right">
                {t("discounts.columns.given")}
              </th>
              <th scope="col" className="px-4 py-3 text-right">
                {t("discounts.columns.revenue")}
              </th>
              <th scope="col" className="px-4 py-3">
                {t("discounts.columns.status")}
              </th>
              <th scope="col" className="px-4 py-3">
                <span className="sr-only">{t("discounts.columns.actions")}</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y">
            {rows.map(({ code, status }) => (
              <tr key={code.id} data-testid="discount-row" className="align-top">
                <td className="px-4 py-3">
                  <p className="font-mono font-semibold break-all">{code.code}</p>
                  <p className="text-muted-foreground">{text.effect(code)}</p>
                </td>
                <td className="px-4 py-3 text-muted-foreground">
                  <ul className="grid gap-0.5">
                    {conditions(code).map((line) => (
                      <li key={line}>{line}</li>
                    ))}
                  </ul>
                </td>
                <td className="px-4 py-3 text-right tabular-nums">{uses(code)}</td>
                <td className="px-4 py-3 text-right tabular-nums">{text.kr(code.discountTotal)}</td>
                <td className="px-4 py-3 text-right tabular-nums">{text.kr(code.revenue)}</td>
                <td className="px-4 py-3">
                  <Badge variant={STATUS_VARIANT[status]}>{t(`discounts.status.${status}`)}</Badge>
                </td>
                <td className="px-2 py-2 text-right">
                  <DiscountActions code={code} onAction={onAction} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <ul className="grid gap-3 md:hidden">
        {rows.map(({ code, status }) => (
          <li key={code.id} data-testid="discount-card" className="rounded-xl border bg-card p-4">
            <div className="flex items-start justify-between gap-3">
              <div className="min-w-0">
                <p className="font-mono text-base font-semibold break-all">{code.code}</p>
                <p className="text-sm text-muted-foreground">{text.effect(code)}</p>
              </div>
              <div className="flex shrink-0 items-center gap-1">
                <Badge variant={STATUS_VARIANT[status]}>{t(`discounts.status.${status}`)}</Badge>
                <DiscountActions code={code} onAction={onAction} />
              </div>
            </div>
            <ul className="mt-2 grid gap-0.5 text-sm text-muted-foreground">
              {conditions(code).map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
            <dl className="mt-3 grid grid-cols-3 gap-2 border-t pt-3 text-sm">
              <div>
                <dt className="text-xs text-muted-foreground">{t("discounts.columns.uses")}</dt>
                <dd className="font-medium tabular-nums">{uses(code)}</dd>
              </div>
              <div>
                <dt className="text-xs text-muted-foreground">{t("discounts.columns.given")}</dt>
                <dd className="font-medium tabular-nums">{text.kr(code.discountTotal)}</dd>
              </div>
              <div>
                <dt className="text-xs text-muted-foreground">{t("discounts.columns.revenue")}</dt>
                <dd className="font-medium tabular-nums">{text.kr(code.revenue)}</dd>
              </div>
            </dl>
          </li>
        ))}
      </ul>
    </>
  );
}

/** A code's actions in one menu: edit, pause or resume, end (while it can still be used) and delete. */
function DiscountActions({
  code,
  onAction,
}: {
  code: DiscountView;
  onAction: DiscountListProps["onAction"];
}) {
  const { t } = useTranslation();
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" className="size-9">
          <EllipsisVertical aria-hidden="true" />
          <span className="sr-only">{t("discounts.actions.menu", { code: code.code })}</span>
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuItem onSelect={() => onAction(code, "edit")}>
          <Pencil aria-hidden="true" />
          {t("discounts.actions.edit")}
        </DropdownMenuItem>
        {code.state === "active" && (
          <DropdownMenuItem onSelect={() => onAction(code, "pause")}>
            <Pause aria-hidden="true" />
            {t("discounts.actions.pause")}
          </DropdownMenuItem>
        )}
        {code.state === "paused" && (
          <DropdownMenuItem onSelect={() => onAction(code, "resume")}>
            <Play aria-hidden="true" />
            {t("discounts.actions.resume")}
          </DropdownMenuItem>
        )}
        {code.state !== "ended" && (
          <DropdownMenuItem onSelect={() => onAction(code, "end")}>
            <CircleStop aria-hidden="true" />
            {t("discounts.actions.end")}
          </DropdownMenuItem>
        )}
        <DropdownMenuSeparator />
        <DropdownMenuItem
          onSelect={() => onAction(code, "delete")}
          className="text-error focus:bg-red-50 focus:text-error dark:focus:bg-red-950/50"
        >
          <Trash2 aria-hidden="true" />
          {t("discounts.actions.delete")}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
