import { toOre } from "./money";
import { priceField } from "./product";
import { multiLineText, singleLineText } from "./text";
import { z } from "./zod";

/**
 * Gift cards (decision 0076): rules both sides use. A card is a means of payment, not a sale of goods:
 * buying one carries no VAT, and the order it pays shows the VAT of its goods. Its code is 12 symbols of
 * Crockford's base 32 (no I, L, O or U, so it reads out at a market stall without "is that an O or a
 * zero?"), shown in three groups of four; the last is a check symbol (Damm's, over GF(32)), so a mistyped symbol
 * or two swapped neighbours are caught before the balance is looked up. 55 random bits: with the
 * balance check rate limited, guessing a live code is hopeless.
 */
export const GIFT_CARD_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
export const GIFT_CARD_RANDOM_SYMBOLS = 11;
export const GIFT_CARD_CODE_LENGTH = GIFT_CARD_RANDOM_SYMBOLS + 1;

/** The least a card is valid for: three years, the general limitation period (foreldelsesloven § 2). */
export const GIFT_CARD_MIN_VALIDITY_MONTHS = 36;
export const GIFT_CARD_MAX_VALIDITY_MONTHS = 120;
/** What the platform lets a store sell a card for, in kroner. */
export const GIFT_CARD_MIN_AMOUNT = 50;
export const GIFT_CARD_MAX_AMOUNT = 20_000;
export const MAX_GIFT_CARD_AMOUNTS = 8;
/** How far ahead a gift's e-mail may be set to go out. */
export const GIFT_CARD_MAX_SEND_DELAY_DAYS = 366;

/** x·2 in GF(32) (the field of 32 elements, modulus x⁵ + x² + 1): a bijection of the 32 symbol values. */
const timesTwo = (value: number) => (value & 16 ? ((value << 1) ^ 0b100101) & 31 : value << 1);

/**
 * Damm's check over the 32 symbols, with the quasigroup x ∗ y = 2x + y of GF(32): every step is a
 * bijection of the running value and of the symbol, so one wrong symbol always changes the result, and
 * (since 2 ≠ 1) two different neighbours swapped always do too. Luhn mod 32 misses the swap of 0 and Z.
 */
function dammOf(symbols: string): number {
  let interim = 0;
  for (const symbol of symbols) {
    const value = GIFT_CARD_ALPHABET.indexOf(symbol);
    if (value < 0) throw new Error("Not a gift card symbol");
    interim = timesTwo(interim) ^ value;
  }
  return interim;
}

/** The check symbol for `payload` (the random symbols): the one that brings the whole code's check to 0. */
export function giftCardCheckSymbol(payload: string): string {
  return GIFT_CARD_ALPHABET[timesTwo(dammOf(payload))] as string;
}

/**
 * A code as typed or read out, in the form it is kept: upper case, separators and spaces gone, and the
 * letters Crockford reads as digits (O → 0, I and L → 1) mapped. undefined when it cannot be a code
 * (wrong length, a symbol outside the alphabet, or the check symbol does not match).
 */
export function normalizeGiftCardCode(typed: string): string | undefined {
  const code = typed
    .toUpperCase()
    .replace(/[\s\-–_.]/g, "")
    .replace(/O/g, "0")
    .replace(/[IL]/g, "1");
  if (code.length !== GIFT_CARD_CODE_LENGTH) return undefined;
  if ([...code].some((symbol) => !GIFT_CARD_ALPHABET.includes(symbol))) return undefined;
  return dammOf(code) === 0 ? code : undefined;
}

/** "ABCD-EFGH-JKMN": how a code is printed and e-mailed. */
export const formatGiftCardCode = (code: string) => code.match(/.{1,4}/g)?.join("-") ?? code;

/** "••••-••••-JKMN": how the seller's list shows a code (the last group only). */
export const maskGiftCardCode = (code: string) => `••••-••••-${code.slice(-4)}`;

/** When a card bought at `purchasedAt` expires: `months` later (the store's setting, at least 36). */
export function giftCardExpiry(purchasedAt: Date, months: number): Date {
  const expiry = new Date(purchasedAt.getTime());
  expiry.setUTCMonth(expiry.getUTCMonth() + Math.max(months, GIFT_CARD_MIN_VALIDITY_MONTHS));
  return expiry;
}

/** What a card pays of `dueOre`: all of it, or its balance when that is less. */
export const giftCardPaysOre = (balanceOre: number, dueOre: number) =>
  Math.max(0, Math.min(balanceOre, dueOre));

const amountInLimits = (amount: string) =>
  toOre(amount) >= GIFT_CARD_MIN_AMOUNT * 100 && toOre(amount) <= GIFT_CARD_MAX_AMOUNT * 100;

/** GET|PUT /api/stores/{id}/gift-card-settings. */
export const giftCardSettingsSchema = z
  .object({
    enabled: z.boolean("errors.invalidInput"),
    amounts: z
      .array(priceField("errors.giftCardAmountInvalid"), "errors.invalidInput")
      .max(MAX_GIFT_CARD_AMOUNTS, "errors.giftCardTooManyAmounts"),
    /** A free amount between these (both set), or none (both null). */
    customMin: priceField("errors.giftCardAmountInvalid").nullable(),
    customMax: priceField("errors.giftCardAmountInvalid").nullable(),
    validityMonths: z
      .number("errors.giftCardValidityInvalid")
      .int("errors.giftCardValidityInvalid")
      .min(GIFT_CARD_MIN_VALIDITY_MONTHS, "errors.giftCardValidityInvalid")
      .max(GIFT_CARD_MAX_VALIDITY_MONTHS, "errors.giftCardValidityInvalid"),
  })
  .superRefine((settings, context) => {
    for (const [index, amount] of settings.amounts.entries())
      if (!amountInLimits(amount))
        context.addIssue({
          code: "custom",
          path: ["amounts", index],
          message: "errors.giftCardAmountOutOfRange",
        });
    const { customMin, customMax } = settings;
    if ((customMin === null) !== (customMax === null))
      context.addIssue({ code: "custom", path: ["customMax"], message: "errors.giftCardCustomRangeInvalid" });
    if (customMin !== null && customMax !== null) {
      if (!amountInLimits(customMin) || !amountInLimits(customMax) || toOre(customMin) > toOre(customMax))
        context.addIssue({
          code: "custom",
          path: ["customMax"],
          message: "errors.giftCardCustomRangeInvalid",
        });
    }
    if (settings.enabled && settings.amounts.length === 0 && customMin === null)
      context.addIssue({ code: "custom", path: ["amounts"], message: "errors.giftCardNoAmounts" });
  })
  .transform((settings) => ({
    ...settings,
    amounts: [...new Set(settings.amounts)].sort((a, b) => toOre(a) - toOre(b)),
  }));
export type GiftCardSettings = z.infer<typeof giftCardSettingsSchema>;

export const DEFAULT_GIFT_CARD_SETTINGS: GiftCardSettings = {
  enabled: false,
  amounts: ["250.00", "500.00", "1000.00"],
  customMin: null,
  customMax: null,
  validityMonths: GIFT_CARD_MIN_VALIDITY_MONTHS,
};

/** Whether `amount` (numeric text) is one the store sells a card for. */
export function giftCardAmountOffered(settings: GiftCardSettings, amount: string): boolean {
  if (!settings.enabled) return false;
  if (settings.amounts.some((offered) => toOre(offered) === toOre(amount))) return true;
  return (
    settings.customMin !== null &&
    settings.customMax !== null &&
    toOre(amount) >= toOre(settings.customMin) &&
    toOre(amount) <= toOre(settings.customMax)
  );
}

/**
 * A gift card as an order line: `{ giftCard: { amount, recipientName?, recipientEmail?, message?, sendAt? } }`.
 * Without a recipient the card goes to the buyer; `sendAt` (a future instant) holds the e-mail until then.
 */
export const giftCardLineSchema = z
  .object({
    amount: priceField("errors.giftCardAmountInvalid"),
    recipientName: singleLineText().max(120, "errors.textTooLong").optional(),
    recipientEmail: z
      .string("errors.validEmailRequired")
      .trim()
      .toLowerCase()
      .email("errors.validEmailRequired")
      .max(254, "errors.validEmailRequired")
      .optional(),
    message: multiLineText().max(500, "errors.textTooLong").optional(),
    sendAt: z.iso.datetime({ offset: true, message: "errors.giftCardSendAtInvalid" }).optional(),
  })
  .superRefine((line, context) => {
    if (line.recipientName && !line.recipientEmail)
      context.addIssue({ code: "custom", path: ["recipientEmail"], message: "errors.validEmailRequired" });
    if (line.sendAt && Date.parse(line.sendAt) > Date.now() + GIFT_CARD_MAX_SEND_DELAY_DAYS * 86_400_000)
      context.addIssue({ code: "custom", path: ["sendAt"], message: "errors.giftCardSendAtInvalid" });
  });
export type GiftCardLine = z.infer<typeof giftCardLineSchema>;

/** A card as its seller sees it: GET /api/stores/{id}/gift-cards. The code is masked. */
export const giftCardViewSchema = z.object({
  id: z.string(),
  code: z.string(),
  buyerName: z.string().nullable(),
  buyerEmail: z.string().nullable(),
  recipientName: z.string().nullable(),
  recipientEmail: z.string().nullable(),
  initialAmount: z.string(),
  balance: z.string(),
  /** Orders it paid part of. */
  uses: z.number(),
  status: z.enum(["active", "voided"]),
  expiresAt: z.string(),
  sendAt: z.string().nullable(),
  orderId: z.string().nullable(),
  createdAt: z.string(),
});
export type GiftCardView = z.infer<typeof giftCardViewSchema>;

/** PUT /api/gift-cards/{id}: void a card, or give it a later expiry. */
export const giftCardChangeSchema = z.union([
  z.object({ action: z.literal("void") }),
  z.object({
    action: z.literal("extend"),
    expiresAt: z.iso.datetime({ offset: true, message: "errors.giftCardExpiryInvalid" }),
  }),
]);
export type GiftCardChange = z.infer<typeof giftCardChangeSchema>;

/** GET /api/stores/{id}/gift-cards/balance?code=: the code as typed (its check symbol is read after). */
export const giftCardBalanceQuerySchema = z.object({
  code: singleLineText("errors.giftCardCodeInvalid").max(64, "errors.giftCardCodeInvalid"),
});

/** GET /api/stores/{id}/gift-cards/balance?code= */
export const giftCardBalanceSchema = z.object({ balance: z.string(), expiresAt: z.string() });
export type GiftCardBalance = z.infer<typeof giftCardBalanceSchema>;

/** Why a gift card code does not pay (errors.giftCard*). */
export const GIFT_CARD_REFUSALS = [
  "giftCardUnknown",
  "giftCardVoided",
  "giftCardExpired",
  "giftCardEmpty",
  "giftCardNotForGiftCards",
] as const;
export type GiftCardRefusal = (typeof GIFT_CARD_REFUSALS)[number];
