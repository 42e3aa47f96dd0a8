import { type Language, LOCALE_TAGS } from "./preferences";
/**
 * Money is exact (decision 0007): amounts travel as decimal strings ("199.50") and are computed in integer øre.
 * Display is whole kroner, rounded, grouped by locale: en "3,280 kr", nb "3 280 kr".
 */
export const PRICE_PATTERN = /^\d{1,8}([.,]\d{1,2})?$/;

/** "199,5" or 199.5 → "199.50"; undefined when it is not a price. No floating-point arithmetic. */
export function normalizePrice(input: string | number): string | undefined {
  const text = String(input).trim();
  if (!PRICE_PATTERN.test(text)) return undefined;
  const [whole = "0", fraction = ""] = text.replace(",", ".").split(".");
  return `${BigInt(whole).toString()}.${fraction.padEnd(2, "0")}`;
}

/** "199.50" → 19950 øre. */
export function toOre(amount: string | number): number {
  const normalized = normalizePrice(amount);
  if (normalized === undefined) throw new Error(`Not an amount: ${amount}`);
  const [whole = "0", fraction = "00"] = normalized.split(".");
  return Number(whole) * 100 + Number(fraction);
}

/** 19950 → "199.50". */
export function fromOre(ore: number): string {
  const sign = ore < 0 ? "-" : "";
  const abs = Math.abs(ore);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

const AMOUNT_PATTERN = /^\d+([.,]\d+)?$/;

/**
 * An amount in whole kroner, rounded half up: how every screen shows a price, and what quick-create
 * saves. Integer arithmetic on the text's parts: no floating point touches the money, and any size
 * works (an analytics total past 10^12 kr).
 */
export function wholeKroner(amount: string | number): number {
  const text = String(amount).trim();
  if (!AMOUNT_PATTERN.test(text)) throw new Error(`Not an amount: ${amount}`);
  const [whole = "0", fraction = ""] = text.replace(",", ".").split(".");
  return Number(whole) + (Number(fraction.padEnd(2, "0").slice(0, 2)) >= 50 ? 1 : 0);
}

const formatters = new Map<string, Intl.NumberFormat>();

/** Whole kroner, half up, with the locale's grouping and the suffix "kr". */
export function formatKr(amount: string | number | null | undefined, language = "en"): string {
  const kroner = amount === null || amount === undefined || amount === "" ? 0 : wholeKroner(amount);
  // Building a NumberFormat costs far more than using one: one per language, made once.
  let formatter = formatters.get(language);
  if (!formatter) {
    const tag = LOCALE_TAGS[language as Language] ?? language;
    formatter = new Intl.NumberFormat(tag, { maximumFractionDigits: 0 });
    formatters.set(language, formatter);
  }
  return `${formatter.format(kroner)} kr`;
}
/** The median of decimal amounts, exactly (the mean of the middle two when even, rounded to øre). */
export function median(amounts: string[]): string {
  const ore = amounts.map((amount) => toOre(amount)).sort((a, b) => a - b);
  if (ore.length === 0) throw new Error("median of nothing");
  const middle = Math.floor(ore.length / 2);
  const value =
    ore.length % 2 ? (ore[middle] ?? 0) : Math.round(((ore[middle - 1] ?? 0) + (ore[middle] ?? 0)) / 2);
  return fromOre(value);
}

const oreFormatters = new Map<string, Intl.NumberFormat>();

/**
 * An amount to the øre ("89,60 kr" in nb): for VAT, which a receipt must state exactly, where every
 * price is shown in whole kroner.
 */
export function formatKrExact(amount: string, language = "en"): string {
  let formatter = oreFormatters.get(language);
  if (!formatter) {
    const tag = LOCALE_TAGS[language as Language] ?? language;
    formatter = new Intl.NumberFormat(tag, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    oreFormatters.set(language, formatter);
  }
  // Øre as an integer below 2^53 divide exactly enough for two decimals.
  return `${formatter.format(toOre(amount) / 100)} kr`;
}
