import { describe, expect, it } from "vitest";
import { multiLineText, singleLineText, TEXT_CHARACTER_REFUSED, TEXT_LINE_BREAK_REFUSED } from "./text";

const messagesOf = (result: { error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe("the shared text rule (decision 0057)", () => {
  const single = singleLineText();
  const multi = multiLineText();

  it("refuses U+0000, other C0 controls, DEL and lone surrogates, in either kind of field", () => {
    for (const text of ["a\u0000b", "a\u0001b", "a\u001bb", "a\u007fb", "a\ud800b", "a\udc00b", "ab\ud83d"]) {
      expect(messagesOf(single.safeParse(text)), JSON.stringify(text)).toEqual([TEXT_CHARACTER_REFUSED]);
      expect(messagesOf(multi.safeParse(text)), JSON.stringify(text)).toEqual([TEXT_CHARACTER_REFUSED]);
    }
  });

  it("keeps surrogate pairs (emoji), letters of every script and no-break spaces", () => {
    for (const text of ["Krus 🏺", "Åse Ødegård", "Ŝ ß 東京", "a\u00a0b"]) {
      expect(single.safeParse(text).success, text).toBe(true);
      expect(multi.safeParse(text).success, text).toBe(true);
    }
  });

  it("one line: refuses line breaks (and tab), but not at the ends, which are trimmed", () => {
    for (const text of ["a\nb", "a\rb", "a\r\nb", "a\u2028b", "a\u2029b", "a\u0085b"]) {
      expect(messagesOf(single.safeParse(text)), JSON.stringify(text)).toEqual([TEXT_LINE_BREAK_REFUSED]);
    }
    expect(messagesOf(single.safeParse("a\tb"))).toEqual([TEXT_CHARACTER_REFUSED]);
    expect(single.parse("  Nora Kunde\n")).toBe("Nora Kunde");
  });

  it("many lines: keeps tab, CR and LF", () => {
    expect(multi.parse("Linje én\r\nLinje to\tmed tab\n")).toBe("Linje én\r\nLinje to\tmed tab");
  });
});
