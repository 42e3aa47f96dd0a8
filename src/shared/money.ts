import { type Language, LOCALE_TAGS } from "./preferences";
/**
 * The one money module (decision 0007), for the server and the browser alike. Amounts are exact: they
 * travel as decimal strings ("199.50") and are computed in integer øre, never in floating point. Each
 * rule is written here once:
 *  - screens show whole kroner, rounded half up (`wholeKroner`), grouped by the locale: `formatKr`
 *    (en "3,280 kr", nb "3 280 kr"), and `formatKrCompact` for chart axes ("1.2K kr");
 *  - a receipt (the e-mail, the shopper's order page, VAT lines) is exact to the øre: `formatKrExact`
 *    ("1 246,50 kr") and `lineTotal` (unit price × quantity);
 *  - the client's lines and totals shown beside whole-kroner prices are src/web/lib/money.ts's
 *    `shownLineTotal`/`shownTotal`, built from these.
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

/** A NumberFormat per language and kind: building one costs far more than using it, so each is made once. */
function numberFormat(language: string, kind: "whole" | "compact" | "ore"): Intl.NumberFormat {
  const key = `${kind}:${language}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    const tag = LOCALE_TAGS[language as Language] ?? language;
    formatter = new Intl.NumberFormat(
      tag,
      kind === "whole"
        ? { maximumFractionDigits: 0 }
        : kind === "compact"
          ? { notation: "compact", maximumFractionDigits: 1 }
          : { useGrouping: true },
    );
    formatters.set(key, formatter);
  }
  return formatter;
}

/** A count ("1,234 products", nb "1 234 produkter"), grouped as a screen's amounts are (groupDigits). */
export function formatCount(value: number, language = "en"): string {
  return groupDigits(value, language, "whole");
}

/**
 * Whole kroner, half up, with the locale's grouping and the suffix "kr": how every screen shows an
 * amount. `unit` names another currency the same way ("450 NOK", the admin's product list).
 */
export function formatKr(amount: string | number | null | undefined, language = "en", unit = "kr"): string {
  const kroner = amount === null || amount === undefined || amount === "" ? 0 : wholeKroner(amount);
  return `${groupDigits(kroner, language, "whole")} ${unit}`;
}

/** Whole kroner in the locale's short form, for chart axes: "1.2K kr" (en), "1,2k kr" (nb). */
export function formatKrCompact(amount: string | number, language = "en"): string {
  return `${numberFormat(language, "compact").format(wholeKroner(amount))} kr`;
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

/** "349.50" → 34950n øre, by the text's parts: any size, no floating point. */
function oreOf(amount: string): bigint {
  const [whole = "0", fraction = ""] = amount.trim().replace(",", ".").split(".");
  const negative = whole.startsWith("-");
  const ore = BigInt(negative ? whole.slice(1) : whole) * 100n + BigInt(fraction.padEnd(2, "0").slice(0, 2));
  return negative ? -ore : ore;
}

/** 104850n øre → "1048.50". */
function amountOf(ore: bigint): string {
  const abs = ore < 0n ? -ore : ore;
  return `${ore < 0n ? "-" : ""}${abs / 100n}.${String(abs % 100n).padStart(2, "0")}`;
}

/** A unit price times a quantity, exactly: "349.50" × 3 → "1048.50". The one line-total rule. */
export function lineTotal(unitPrice: string, qty: number): string {
  return amountOf(oreOf(unitPrice) * BigInt(qty));
}

/** Decimal amounts added up exactly: ["26.00", "199.50"] → "225.50". */
export function sumAmounts(amounts: readonly string[]): string {
  return amountOf(amounts.reduce((sum, amount) => sum + oreOf(amount), 0n));
}

/** How a language groups a whole number's digits: its separator, and from how many digits it groups. */
interface Grouping {
  separator: string;
  fromDigits: number;
}

const groupings = new Map<string, Grouping | null>();

/** A screen's whole kroner (Intl's default grouping: es writes "1000", "10.000"), or a receipt's (always). */
type GroupingKind = "whole" | "ore";

/**
 * The language's grouping as its formatter does it, learnt from the formatter once; null when it is not
 * plain groups of three (say, Indian lakhs) or not Latin digits, which then go through the formatter.
 */
function groupingOf(language: string, kind: GroupingKind): Grouping | null {
  const key = `${kind}:${language}`;
  let grouping = groupings.get(key);
  if (grouping === undefined) {
    const format = numberFormat(language, kind);
    const separator = format.formatToParts(1234567).find((part) => part.type === "group")?.value ?? "";
    const candidate = { separator, fromDigits: format.format(1000) === "1000" ? 5 : 4 };
    const agrees = [0n, 999n, 1000n, 12345n, 123456n, 1234567n, 12345678901234567890n].every(
      (value) => groupByThree(value.toString(), candidate) === format.format(value),
    );
    grouping = agrees ? candidate : null;
    groupings.set(key, grouping);
  }
  return grouping;
}

const groupByThree = (digits: string, { separator, fromDigits }: Grouping) =>
  digits.length < fromDigits ? digits : digits.replace(/\B(?=(\d{3})+$)/g, separator);

/**
 * A whole number of 0 or more grouped as the language's formatter groups it ("1 246" in nb): written out
 * from the grouping the formatter showed once. Formatting through Intl on every amount was the largest
 * part of composing a receipt, and a tenth of rendering a storefront's cards (decisions 0046, 0049); this
 * costs about a tenth of that. A number past 2^53 (or not whole) goes through the formatter.
 */
function groupDigits(value: bigint | number, language: string, kind: GroupingKind): string {
  const grouping =
    typeof value === "bigint" || Number.isSafeInteger(value) ? groupingOf(language, kind) : null;
  return grouping ? groupByThree(value.toString(), grouping) : numberFormat(language, kind).format(value);
}

const decimalSeparators = new Map<string, string>();

/** The language's decimal sign ("," in nb, "." in en), asked of its formatter once. */
function decimalSeparator(language: string): string {
  let decimal = decimalSeparators.get(language);
  if (decimal === undefined) {
    decimal =
      numberFormat(language, "ore")
        .formatToParts(1.5)
        .find((part) => part.type === "decimal")?.value ?? ".";
    decimalSeparators.set(language, decimal);
  }
  return decimal;
}

/**
 * An amount exactly, with øre, as a receipt shows it (decision 0037): "1 246,50 kr" in Norwegian,
 * "1,246.50 kr" in English. Screens round to whole kroner (`formatKr`); a receipt must add up to the
 * øre, VAT included. Integer text arithmetic only: no floating point touches the money.
 */
export function formatKrExact(amount: string, language = "en"): string {
  const [whole = "0", fraction = ""] = amount.trim().replace(",", ".").split(".");
  const negative = whole.startsWith("-");
  const grouped = groupDigits(BigInt(negative ? whole.slice(1) : whole), language, "ore");
  const decimal = decimalSeparator(language);
  return `${negative ? "-" : ""}${grouped}${decimal}${fraction.padEnd(2, "0").slice(0, 2)} kr`;
}
