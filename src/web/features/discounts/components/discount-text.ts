import { useCallback } from "react";
import { type DiscountView, discountAvailability, discountRuleOf } from "../../../../shared/discount";
import type { Language } from "../../../../shared/preferences";
import { LOCALE_TAGS } from "../../../../shared/preferences";
import { useTranslation } from "../../../lib/i18n";
import { useKr } from "../../../lib/money";
import { STORE_TIME_ZONE } from "../oslo-time";

export type DiscountStatus = "active" | "paused" | "scheduled" | "ended" | "usedUp";

/**
 * Where a code stands now, from the shared rule the checkout refuses with (discountAvailability), so the
 * list never says "Active" about a code a shopper would be told has ended.
 */
export function discountStatus(code: DiscountView, now = Date.now()): DiscountStatus {
  const refusal = discountAvailability(
    discountRuleOf({
      kind: code.kind,
      value: code.value,
      min_order_total: code.minOrderTotal,
      starts_at: code.startsAt,
      ends_at: code.endsAt,
      max_uses: code.maxUses,
      uses: code.uses,
      one_per_shopper: code.onePerShopper,
      state: code.state,
      product_ids: code.productIds,
    }),
    now,
  );
  switch (refusal) {
    case undefined:
      return "active";
    case "discountPaused":
      return "paused";
    case "discountNotStarted":
      return "scheduled";
    case "discountUsedUp":
      return "usedUp";
    default:
      return "ended";
  }
}

/** The words a code's row uses: what it does, its conditions and a moment in Oslo time. */
export function useDiscountText() {
  const { t, language } = useTranslation();
  const kr = useKr();
  const effect = useCallback(
    (code: Pick<DiscountView, "kind" | "value">) =>
      code.kind === "percent"
        ? t("discounts.effect.percent", { value: Math.trunc(Number(code.value)) })
        : code.kind === "amount"
          ? t("discounts.effect.amount", { amount: kr(code.value) })
          : t("discounts.effect.freeDelivery"),
    [t, kr],
  );
  const moment = useCallback(
    (iso: string) =>
      new Intl.DateTimeFormat(LOCALE_TAGS[language as Language] ?? "en-GB", {
        dateStyle: "medium",
        timeStyle: "short",
        timeZone: STORE_TIME_ZONE,
      }).format(new Date(iso)),
    [language],
  );
  const conditions = useCallback(
    (code: DiscountView): string[] => {
      const lines: string[] = [];
      if (code.minOrderTotal)
        lines.push(t("discounts.conditions.minimum", { amount: kr(code.minOrderTotal) }));
      if (code.startsAt && code.endsAt)
        lines.push(
          t("discounts.conditions.window", { start: moment(code.startsAt), end: moment(code.endsAt) }),
        );
      else if (code.startsAt) lines.push(t("discounts.conditions.from", { date: moment(code.startsAt) }));
      else if (code.endsAt) lines.push(t("discounts.conditions.until", { date: moment(code.endsAt) }));
      if (code.productIds) lines.push(t("discounts.conditions.products", { count: code.productIds.length }));
      if (code.onePerShopper) lines.push(t("discounts.conditions.onePerShopper"));
      return lines;
    },
    [t, kr, moment],
  );
  return { effect, conditions, kr };
}
