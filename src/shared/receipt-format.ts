import { type Language, LOCALE_TAGS } from "./preferences";

/**
 * An amount exactly, with øre, as a receipt shows it (decision 0037): "1 246,50 kr" in Norwegian,
 * "1,246.50 kr" in English. Screens round to whole kroner (D7); a receipt must add up to the øre.
 * Integer text arithmetic only: no floating point touches the money.
 */
export function formatKrExact(amount: string, language: Language): string {
  const [whole = "0", fraction = ""] = amount.trim().replace(",", ".").split(".");
  const negative = whole.startsWith("-");
  const digits = negative ? whole.slice(1) : whole;
  const grouped = new Intl.NumberFormat(LOCALE_TAGS[language], { useGrouping: true }).format(BigInt(digits));
  const decimal =
    new Intl.NumberFormat(LOCALE_TAGS[language]).formatToParts(1.5).find((part) => part.type === "decimal")
      ?.value ?? ".";
  return `${negative ? "-" : ""}${grouped}${decimal}${fraction.padEnd(2, "0").slice(0, 2)} kr`;
}

/** A unit price times a quantity, exactly: "349.50" × 3 → "1048.50". */
export function lineTotal(unitPrice: string, qty: number): string {
  const [whole = "0", fraction = ""] = unitPrice.split(".");
  const ore = (BigInt(whole) * 100n + BigInt(fraction.padEnd(2, "0").slice(0, 2))) * BigInt(qty);
  return `${ore / 100n}.${String(ore % 100n).padStart(2, "0")}`;
}
