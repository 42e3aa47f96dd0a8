import {
  applyDiscount,
  type DiscountRefusal,
  discountCodeKey,
  discountRuleOf,
} from "../../../shared/discount";
import {
  type GiftCardLine,
  type GiftCardRefusal,
  giftCardAmountOffered,
  giftCardPaysOre,
  normalizeGiftCardCode,
} from "../../../shared/gift-card";
import { formatKr, fromOre, toOre } from "../../../shared/money";
import type { Language } from "../../../shared/preferences";
import { HttpError } from "../../lib/http-error";
import { type CheckoutFacts, discountCodeFactKey, type StoreFact } from "./facts";

/** What the price rules read of a checkout (price.ts's PriceRequest). */
interface RulesRequest {
  storeId: string;
  discountCode: string | null;
  giftCardCode: string | null;
  buyerEmail: string | null;
  language: Language;
  now: number;
}

/** A gift card bought: a line of its own, without stock, VAT or discount. */
export interface PricedGiftCardLine {
  line: number;
  title: string;
  unit_price: string;
  gift_card: Omit<GiftCardLine, "amount">;
}

/** A discount code that applies to the order (decision 0076). */
export interface AppliedDiscount {
  id: string;
  /** As the store spells it: the order keeps this copy. */
  code: string;
  /** The buyer's e-mail (lower-cased) takes the code's one use per shopper. */
  shopper: string | null;
  /** Taken off the products it is for, in øre. */
  goodsOffOre: number;
  freeDelivery: boolean;
}

/** A gift card that pays part or all of the order. */
export interface AppliedGiftCard {
  id: string;
  paysOre: number;
  /** Its balance when priced, in øre: what is left after the order is this less paysOre. */
  balanceOre: number;
}

/**
 * A code that is used up, or already used by this e-mail, is a conflict with other orders (409, the
 * shopper may have lost a race for the last use); every other refusal says the code does not apply (400).
 */
const CONFLICTS: readonly (DiscountRefusal | GiftCardRefusal)[] = [
  "discountUsedUp",
  "discountAlreadyUsed",
  "giftCardEmpty",
];

const refusal = (key: DiscountRefusal | GiftCardRefusal | "giftCardCodeInvalid", params = {}) =>
  new HttpError(CONFLICTS.includes(key as DiscountRefusal) ? 409 : 400, key, params);

/** The gift cards bought, each an amount the store sells a card for, numbered after the product lines. */
export function priceGiftCardLines(
  bought: readonly GiftCardLine[],
  store: StoreFact,
  firstLine: number,
  title: string,
): PricedGiftCardLine[] | HttpError {
  const priced: PricedGiftCardLine[] = [];
  for (const [index, { amount, ...card }] of bought.entries()) {
    if (!store.gift_cards || !giftCardAmountOffered(store.gift_cards, amount))
      return new HttpError(400, "giftCardsNotSold");
    priced.push({ line: firstLine + index, title, unit_price: fromOre(toOre(amount)), gift_card: card });
  }
  return priced;
}

/** The discount code named, applied to the product lines; null without one, or why it does not apply. */
export function priceDiscount(
  request: RulesRequest,
  facts: CheckoutFacts,
  lines: readonly { product_id: string; unit_price: string; qty: number }[],
): AppliedDiscount | null | HttpError {
  if (!request.discountCode) return null;
  const code = facts.discountCodes.get(
    discountCodeFactKey(request.storeId, discountCodeKey(request.discountCode)),
  );
  if (!code) return refusal("discountUnknown");
  const rule = discountRuleOf(code);
  const shopper = rule.onePerShopper ? request.buyerEmail : null;
  const effect = applyDiscount(rule, {
    lines: lines.map((line) => ({ productId: line.product_id, grossOre: toOre(line.unit_price) * line.qty })),
    now: request.now,
    usedByShopper: shopper !== null && code.used_by.includes(shopper),
  });
  if (!effect.ok)
    return refusal(
      effect.refusal,
      effect.refusal === "discountBelowMinimum"
        ? { minimum: formatKr(code.min_order_total, request.language) }
        : {},
    );
  return {
    id: code.id,
    code: code.code,
    shopper,
    goodsOffOre: effect.goodsOffOre,
    freeDelivery: effect.freeDelivery,
  };
}

/**
 * The gift card named, paying what it can of `soldOre` (the goods and delivery after the discount; never
 * the gift cards bought); null without one, or why it cannot pay. A code that fails its check symbol is
 * refused before it is looked up; a card of another store is unknown here.
 */
export function priceGiftCard(
  request: RulesRequest,
  facts: CheckoutFacts,
  order: { soldOre: number; onlyGiftCards: boolean },
): AppliedGiftCard | null | HttpError {
  if (!request.giftCardCode) return null;
  const code = normalizeGiftCardCode(request.giftCardCode);
  if (!code) return refusal("giftCardCodeInvalid");
  const card = facts.giftCards.get(code);
  if (!card || card.store_id !== request.storeId) return refusal("giftCardUnknown");
  if (card.status !== "active") return refusal("giftCardVoided");
  if (new Date(card.expires_at).getTime() <= request.now) return refusal("giftCardExpired");
  if (order.onlyGiftCards) return refusal("giftCardNotForGiftCards");
  const balanceOre = toOre(card.balance);
  if (balanceOre <= 0) return refusal("giftCardEmpty");
  const paysOre = giftCardPaysOre(balanceOre, order.soldOre);
  return paysOre > 0 ? { id: card.id, paysOre, balanceOre } : null;
}
