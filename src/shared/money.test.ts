import { describe, expect, it } from "vitest";
import { formatCount, formatKr, formatKrCompact, formatKrExact, lineTotal, sumAmounts } from "./money";
import { type Language, LOCALE_TAGS } from "./preferences";

/** Intl's spaces (no-break, narrow no-break) as plain spaces, to compare with what a reader sees. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, " ");

describe("the money rules, each written once", () => {
  it("shows whole kroner on screen, and another currency's code the same way", () => {
    expect(plain(formatKr("3279.50", "nb"))).toBe("3 280 kr");
    expect(formatKr("3279.49", "en")).toBe("3,279 kr");
    expect(formatKr(null)).toBe("0 kr");
    expect(formatKr("450", "en", "NOK")).toBe("450 NOK");
  });

  it("shows a receipt's amounts exactly, at any size", () => {
    expect(plain(formatKrExact("1246.5", "nb"))).toBe("1 246,50 kr");
    expect(formatKrExact("1246.50", "en")).toBe("1,246.50 kr");
    expect(formatKrExact("123456789012.34", "en")).toBe("123,456,789,012.34 kr");
  });

  it("groups a receipt's amounts exactly as each language's Intl formatter does", () => {
    const wholes = [
      ...Array.from({ length: 21 }, (_, n) => 10n ** BigInt(n)),
      ...Array.from({ length: 21 }, (_, n) => 10n ** BigInt(n) - 1n),
      1246n,
      98765n,
      1234567890123n,
    ];
    for (const language of ["en", "nb", "sv", "da", "de", "fr", "es", "pl", "hi", "ar-EG"]) {
      const format = new Intl.NumberFormat(LOCALE_TAGS[language as Language] ?? language, {
        useGrouping: true,
      });
      const decimal = format.formatToParts(1.5).find((part) => part.type === "decimal")?.value;
      for (const whole of wholes) {
        expect(formatKrExact(`${whole}.05`, language)).toBe(`${format.format(whole)}${decimal}05 kr`);
        expect(formatKrExact(`-${whole}.5`, language)).toBe(`-${format.format(whole)}${decimal}50 kr`);
      }
    }
  });

  it("multiplies and adds amounts exactly", () => {
    expect(lineTotal("349.50", 3)).toBe("1048.50");
    expect(lineTotal("0.01", 7)).toBe("0.07");
    expect(sumAmounts(["26.00", "199.50", "0.5"])).toBe("226.00");
    expect(sumAmounts([])).toBe("0.00");
  });

  it("writes chart ticks in whole kroner, compactly", () => {
    expect(formatKrCompact(1200, "en")).toMatch(/^1\.2k kr$/i);
    expect(formatKrCompact(950, "en")).toBe("950 kr");
  });
});

describe("formatCount", () => {
  it("groups a count as the language groups amounts", () => {
    expect(formatCount(1234, "en")).toBe("1,234");
    expect(formatCount(1234, "nb")).toBe(formatKr(1234, "nb").replace(" kr", ""));
    expect(formatCount(20, "sv")).toBe("20");
  });
});

describe("formatKr", () => {
  it("groups whole kroner exactly as each language's Intl formatter does", () => {
    const wholes = [
      ...Array.from({ length: 16 }, (_, n) => 10 ** n),
      ...Array.from({ length: 16 }, (_, n) => 10 ** n - 1),
      1246,
      98765,
      Number.MAX_SAFE_INTEGER,
      10 ** 17,
    ];
    for (const language of ["en", "nb", "sv", "da", "de", "fr", "es", "pl", "hi", "ar-EG"]) {
      const format = new Intl.NumberFormat(LOCALE_TAGS[language as Language] ?? language, {
        maximumFractionDigits: 0,
      });
      for (const whole of wholes) {
        expect(formatKr(whole, language)).toBe(`${format.format(whole)} kr`);
        expect(formatKr(`${whole}.50`, language, "NOK")).toBe(`${format.format(whole + 1)} NOK`);
      }
    }
  });

  it("answers the same for the same amount, and apart for each language, unit and form of it", () => {
    for (let i = 0; i < 2; i++) {
      expect(formatKr("1500.00", "en")).toBe("1,500 kr");
      expect(plain(formatKr("1500.00", "nb"))).toBe("1 500 kr");
      expect(formatKr("1500.00", "en", "NOK")).toBe("1,500 NOK");
      expect(formatKr(1500.5, "en")).toBe("1,501 kr");
      expect(formatKr(undefined, "en")).toBe("0 kr");
      expect(formatKr("", "en")).toBe("0 kr");
    }
  });

  it("refuses what is not an amount", () => {
    expect(() => formatKr("12abc", "en")).toThrow();
    expect(() => formatKr("-12", "en")).toThrow();
  });
});
