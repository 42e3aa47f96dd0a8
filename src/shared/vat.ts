import { fromOre } from "./money";
import { z } from "./zod";

/**
 * MVA (decision 0036). Prices include VAT; the VAT in a gross amount at rate r % is gross · r / (100 + r),
 * rounded half up to the øre once per rate (never per line, so the per-rate figures are what a
 * bookkeeper recomputes from the rate's gross). Integer øre only: no floating point touches money.
 */
export const VAT_RATES = [25, 15] as const;
export type VatRate = (typeof VAT_RATES)[number];

/** Whether a number is one of the rates a store may charge (the database's check says the same). */
export const isVatRate = (rate: unknown): rate is VatRate => VAT_RATES.includes(rate as VatRate);

/** A store's rate as it is read: one of VAT_RATES. */
export const vatRateSchema = z.union([z.literal(VAT_RATES[0]), z.literal(VAT_RATES[1])]);
/** A store's rate as settings take it: one of VAT_RATES, or null for a store that is not registered. */
export const vatRateSettingSchema = z.union(
  [z.literal(VAT_RATES[0]), z.literal(VAT_RATES[1]), z.null()],
  "errors.vatRateInvalid",
);

export const vatLineSchema = z.object({
  rate: z.number(),
  /** VAT in kroner with two decimals, as every amount travels (decision 0007). */
  amount: z.string(),
});
export type VatLine = z.infer<typeof vatLineSchema>;

/** The VAT included in `grossOre` at `rate` percent, in øre, half up. */
export function vatIncludedOre(grossOre: number, rate: number): number {
  if (!Number.isSafeInteger(grossOre) || grossOre < 0) throw new Error(`Not an amount in øre: ${grossOre}`);
  if (!Number.isInteger(rate) || rate < 0 || rate > 100) throw new Error(`Not a VAT rate: ${rate}`);
  const divisor = 100 + rate;
  // round(gross·rate/divisor) half up in integers: floor((2·gross·rate + divisor) / (2·divisor)).
  return Math.floor((2 * grossOre * rate + divisor) / (2 * divisor));
}

/**
 * The VAT lines an order keeps: the VAT included in its whole total (lines and delivery) at the store's
 * one rate, or none for a store that is not VAT registered (rate null).
 */
export function orderVat(totalOre: number, rate: number | null): VatLine[] {
  if (rate === null) return [];
  return [{ rate, amount: fromOre(vatIncludedOre(totalOre, rate)) }];
}

/**
 * Shares `amountOre` out over `weights` in proportion, by largest remainder: the parts always add up to
 * the amount exactly. Delivery follows the goods' rate, so a delivery price on an order whose goods carry
 * two rates is split by the goods' gross per rate.
 */
export function apportionOre(amountOre: number, weights: number[]): number[] {
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  if (weights.length === 0) return [];
  if (total === 0) return weights.map((_, index) => (index === 0 ? amountOre : 0));
  const exact = weights.map((weight) => (amountOre * weight) / total);
  const parts = exact.map((value) => Math.floor(value));
  let left = amountOre - parts.reduce((sum, part) => sum + part, 0);
  const byRemainder = exact
    .map((value, index) => ({ index, remainder: value - Math.floor(value) }))
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of byRemainder) {
    if (left <= 0) break;
    parts[index] = (parts[index] ?? 0) + 1;
    left -= 1;
  }
  return parts;
}

export interface VatSplit {
  /** Gross per rate in øre: together they are the order's total (lines + delivery). */
  grossByRate: { rate: number; grossOre: number }[];
  /** VAT per rate in øre, rates with no VAT (0 %) left out. */
  vatByRate: { rate: number; vatOre: number }[];
}

/**
 * An order's VAT: the lines' gross grouped by rate, the delivery shared out over those rates in
 * proportion, and the VAT of each rate's gross. A store that is not registered passes rate null: no VAT.
 */
export function splitVat(lines: { grossOre: number; rate: number | null }[], deliveryOre: number): VatSplit {
  const byRate = new Map<number, number>();
  for (const line of lines) {
    const rate = line.rate ?? 0;
    byRate.set(rate, (byRate.get(rate) ?? 0) + line.grossOre);
  }
  if (byRate.size === 0) byRate.set(0, 0);
  const rates = [...byRate.keys()].sort((a, b) => b - a);
  const deliveryParts = apportionOre(
    deliveryOre,
    rates.map((rate) => byRate.get(rate) ?? 0),
  );
  const grossByRate = rates.map((rate, index) => ({
    rate,
    grossOre: (byRate.get(rate) ?? 0) + (deliveryParts[index] ?? 0),
  }));
  return {
    grossByRate,
    vatByRate: grossByRate
      .filter((entry) => entry.rate > 0)
      .map(({ rate, grossOre }) => ({ rate, vatOre: vatIncludedOre(grossOre, rate) })),
  };
}
