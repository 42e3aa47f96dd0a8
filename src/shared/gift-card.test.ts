/**
 * The gift card code (decision 0076): its check symbol catches every single mistyped symbol and every
 * swap of two neighbours, over many random codes; a code typed loosely (lower case, dashes, spaces, O for
 * 0, I or L for 1) is read as the same code.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  formatGiftCardCode,
  GIFT_CARD_ALPHABET,
  GIFT_CARD_RANDOM_SYMBOLS,
  giftCardCheckSymbol,
  maskGiftCardCode,
  normalizeGiftCardCode,
} from "./gift-card";

const symbol = fc.constantFrom(...GIFT_CARD_ALPHABET);
const payload = fc
  .array(symbol, { minLength: GIFT_CARD_RANDOM_SYMBOLS, maxLength: GIFT_CARD_RANDOM_SYMBOLS })
  .map((s) => s.join(""));
const code = payload.map((p) => p + giftCardCheckSymbol(p));

describe("the check symbol", () => {
  it("accepts every code it made", () => {
    fc.assert(fc.property(code, (c) => normalizeGiftCardCode(c) === c));
  });

  it("catches every single-symbol error", () => {
    fc.assert(
      fc.property(code, fc.nat(11), fc.integer({ min: 1, max: 31 }), (c, at, shift) => {
        const wrong = GIFT_CARD_ALPHABET[(GIFT_CARD_ALPHABET.indexOf(c[at] as string) + shift) % 32];
        return normalizeGiftCardCode(c.slice(0, at) + wrong + c.slice(at + 1)) === undefined;
      }),
      { numRuns: 2000 },
    );
  });

  it("catches every swap of two different neighbours", () => {
    fc.assert(
      fc.property(code, fc.nat(10), (c, at) => {
        fc.pre(c[at] !== c[at + 1]);
        const swapped = c.slice(0, at) + c[at + 1] + c[at] + c.slice(at + 2);
        return normalizeGiftCardCode(swapped) === undefined;
      }),
      { numRuns: 2000 },
    );
  });

  it("catches every single-symbol error and swap of one code exhaustively", () => {
    const c = `7K2M9QXW4RT${giftCardCheckSymbol("7K2M9QXW4RT")}`;
    for (let at = 0; at < c.length; at++) {
      for (const other of GIFT_CARD_ALPHABET)
        if (other !== c[at])
          expect(normalizeGiftCardCode(c.slice(0, at) + other + c.slice(at + 1))).toBeUndefined();
      if (at < c.length - 1 && c[at] !== c[at + 1])
        expect(normalizeGiftCardCode(c.slice(0, at) + c[at + 1] + c[at] + c.slice(at + 2))).toBeUndefined();
    }
  });
});

it("catches the swap of any two different symbols side by side, anywhere in a code", () => {
  for (const a of GIFT_CARD_ALPHABET)
    for (const b of GIFT_CARD_ALPHABET) {
      if (a === b) continue;
      const p = `${a}${b}${a}${b}${a}${b}${a}${b}${a}${b}${a}`;
      const c = p + giftCardCheckSymbol(p);
      for (let at = 0; at < c.length - 1; at++) {
        if (c[at] === c[at + 1]) continue;
        expect(normalizeGiftCardCode(c.slice(0, at) + c[at + 1] + c[at] + c.slice(at + 2))).toBeUndefined();
      }
    }
});

describe("reading a typed code", () => {
  const c = `10ABCDEFGH1${giftCardCheckSymbol("10ABCDEFGH1")}`;

  it("takes lower case, dashes, spaces, O for 0 and I or L for 1", () => {
    expect(normalizeGiftCardCode(formatGiftCardCode(c))).toBe(c);
    expect(normalizeGiftCardCode(formatGiftCardCode(c).toLowerCase())).toBe(c);
    expect(normalizeGiftCardCode(`io${c.slice(2)}`)).toBe(c);
    expect(normalizeGiftCardCode(`LO ${c.slice(2, 6)} ${c.slice(6)}`)).toBe(c);
    expect(normalizeGiftCardCode(` ${c.slice(0, 4)}–${c.slice(4)} `)).toBe(c);
  });

  it("refuses a code of the wrong length or with a symbol outside the alphabet", () => {
    expect(normalizeGiftCardCode(c.slice(1))).toBeUndefined();
    expect(normalizeGiftCardCode(`${c}0`)).toBeUndefined();
    expect(normalizeGiftCardCode(`U${c.slice(1)}`)).toBeUndefined();
    expect(normalizeGiftCardCode("")).toBeUndefined();
  });

  it("prints in groups of four and masks all but the last", () => {
    expect(formatGiftCardCode(c)).toMatch(/^\w{4}-\w{4}-\w{4}$/);
    expect(maskGiftCardCode(c)).toBe(`••••-••••-${c.slice(8)}`);
  });
});
