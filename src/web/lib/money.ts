import { useCallback } from "react";
import type { DisplayPrice } from "../../shared/display-price";
import { formatKr, lineTotal, sumAmounts, wholeKroner } from "../../shared/money";
import { useTranslation } from "./i18n";

/*
 * Money on the client's screens (decision 0007: exact amounts, whole kroner on screen). The rules are
 * src/shared/money.ts's, which the server uses too: the rounding (`wholeKroner`), the formats (`formatKr`,
 * `formatKrExact` for receipts) and the exact line total (`lineTotal`). This file adds what only a
 * screen needs: the lines and totals shown beside whole-kroner prices, and the hook that formats in the
 * interface language.
 *
 * A line and a total shown together are computed from the shown (whole-kroner) unit prices, so they
 * always add up on screen: "2 × 13 kr" is "26 kr", never "25 kr" from an exact 12.50. Prices are whole
 * kroner anyway (the product schema, quick-create rounds); order snapshots from before may hold øre.
 */
export { formatKr, wholeKroner };

/** The shown unit price times the quantity, as a decimal amount ("26.00"). */
export function shownLineTotal(unitPrice: string, qty: number): string {
  return lineTotal(String(wholeKroner(unitPrice)), qty);
}

/** The sum of the shown lines, as a decimal amount. */
export function shownTotal(lines: readonly { unitPrice: string; qty: number }[]): string {
  return sumAmounts(lines.map((line) => shownLineTotal(line.unitPrice, line.qty)));
}

/**
 * Whole kroner in the interface language: en "3,280 kr", nb "3 280 kr". The one money hook (the
 * workspace's `useFormatters().kr` is this one). Free of zod and dates, so the shop's small bundle can
 * use it as the dashboard does.
 */
export function useKr(): (amount: string | number | null | undefined) => string {
  const { language } = useTranslation();
  return useCallback((amount) => formatKr(amount, language), [language]);
}

/**
 * A product's price before a variant is chosen (src/shared/display-price.ts, decision 0060): "345 kr",
 * or "from 345 kr" when its variants cost different amounts. The text is the shared catalogue's
 * `price.from`, the one the server's Finn.no listing uses too.
 */
export function usePriceText(): (price: Pick<DisplayPrice, "amount" | "from">) => string {
  const { t, language } = useTranslation();
  return useCallback(
    (price) => {
      const amount = formatKr(price.amount, language);
      return price.from ? t("price.from", { price: amount }) : amount;
    },
    [t, language],
  );
}
