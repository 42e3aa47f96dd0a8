import { normalizeGiftCardCode } from "../../../../shared/gift-card";
import { toOre } from "../../../../shared/money";
import type { OrderQuote } from "../../../../shared/order";

/**
 * The codes a shopper types in the checkout's one field, "Discount or gift card code" (issue 29): what
 * a typed code is, which codes the order carries, and which answer of the server's quote counts. Pure,
 * so the rules are tested without a browser (price-codes.test.ts).
 */
export type CodeKind = "discountCode" | "giftCardCode";

/** The codes applied to the order: at most one discount code and one gift card. */
export type AppliedCodes = Partial<Record<CodeKind, string>>;

export interface TypedCode {
  kind: CodeKind;
  /** As the server is sent it: a gift card in its kept form (no dashes), a discount code as typed. */
  code: string;
}

/**
 * A typed code, told apart by its shape: a gift card code whose check symbol matches is a gift card;
 * anything else is a discount code, and the server says whether the store has it. undefined for nothing.
 */
export function classifyCode(typed: string): TypedCode | undefined {
  const trimmed = typed.trim();
  if (!trimmed) return undefined;
  const giftCard = normalizeGiftCardCode(trimmed);
  return giftCard ? { kind: "giftCardCode", code: giftCard } : { kind: "discountCode", code: trimmed };
}

/** The codes with one more: a second code of the same kind replaces the first. */
export function withCode(codes: AppliedCodes, typed: TypedCode): AppliedCodes {
  return { ...codes, [typed.kind]: typed.code };
}

export function withoutCode(codes: AppliedCodes, kind: CodeKind): AppliedCodes {
  const { [kind]: _dropped, ...rest } = codes;
  return rest;
}

export const hasCodes = (codes: AppliedCodes) => Boolean(codes.discountCode || codes.giftCardCode);

/** The same codes: a typed code in another case is the same discount code (codes are case-insensitive). */
export function sameCodes(a: AppliedCodes, b: AppliedCodes): boolean {
  return (
    (a.discountCode ?? "").toUpperCase() === (b.discountCode ?? "").toUpperCase() &&
    (a.giftCardCode ?? "") === (b.giftCardCode ?? "")
  );
}

/**
 * The code a refused quote drops. The code being tried, when there is one: the others were accepted a
 * moment ago. Otherwise (the cart or the delivery changed under applied codes) the discount code, whose
 * rules (a minimum, some products) depend on the cart, where a gift card's do not.
 */
export function refusedCode(codes: AppliedCodes, trying: CodeKind | undefined): CodeKind | undefined {
  if (trying && codes[trying]) return trying;
  if (codes.discountCode) return "discountCode";
  if (codes.giftCardCode) return "giftCardCode";
  return undefined;
}

/**
 * Numbers quote requests so that only the last one's answer is shown: an answer to an earlier cart,
 * arriving late, is ignored ("last answer wins").
 */
export function createQuoteSequence() {
  let latest = 0;
  return {
    next: () => ++latest,
    isLatest: (request: number) => request === latest,
  };
}

/** The order is paid in full by the gift card: nothing left to pay online, so no payment choice. */
export const paidByGiftCard = (quote: Pick<OrderQuote, "total" | "giftCard"> | null | undefined) =>
  Boolean(quote && toOre(quote.total) === 0 && toOre(quote.giftCard) > 0);

/** A kroner amount above zero (a quote's or an order's "0.00" is no line to show). */
export const isPositive = (amount: string | null | undefined) => Boolean(amount && toOre(amount) > 0);
