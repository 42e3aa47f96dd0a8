import { toOre } from "../../../shared/money";
import type { PreparedQuery } from "../../db/client";

/** One written order's use of a discount code and a gift card, as priced (decision 0076). */
export interface PriceRuleUse {
  order_id: string;
  discount_code_id: string | null;
  /** The buyer's e-mail, lower-cased, for a one-per-shopper code; else null. */
  shopper: string | null;
  gift_card_id: string | null;
  /** What the card pays, numeric text; null without a card. */
  gift_card_amount: string | null;
}

/**
 * Takes the code uses and card balances of orders the checkout statement has just written in this
 * transaction, after their stock (TAKE_STOCK_SQL), the same way: $1 is the orders' uses as JSON
 * (PriceRuleUse), the same code or card any number of times.
 *
 * It locks the codes, then the cards, each in id order, FOR NO KEY UPDATE: the checkout's orders and
 * redemptions hold FOR KEY SHARE on these rows through their foreign keys, and FOR UPDATE would wait for
 * each other's; a cancel giving a use or balance back (orders/price-rules.ts) takes the same locks in the
 * same order, after the stock, so the two queue instead of deadlocking. A row lock waits for whoever holds
 * the row and hands back its newest committed version whatever this statement's snapshot says, so
 * `enough` is decided on the current uses and balances, and the UPDATEs apply to that same version. Either
 * every code has the uses and every card the balance (and is still active), and all is taken and the
 * redemptions written, or nothing is and the rows' current uses and balances come back, for the caller
 * to roll back and price again with. The amounts are the checkout's (price.ts), taken here as data.
 * The last guards stay the database's: uses within max_uses is this check alone, a balance never below 0
 * is gift_cards_balance_check, and one use per shopper is discount_redemptions_shopper_key (a unique
 * violation, which the batcher answers as the 409 discountAlreadyUsed).
 */
const TAKE_PRICE_RULES_SQL = `/* torg:take_price_rules */
  with used as materialized (
    select * from jsonb_to_recordset($1::jsonb)
      as u(order_id uuid, discount_code_id uuid, shopper text, gift_card_id uuid, gift_card_amount numeric)
  ), wanted_codes as materialized (
    select discount_code_id as id, count(*)::int as uses from used
    where discount_code_id is not null group by discount_code_id
  ), wanted_cards as materialized (
    select gift_card_id as id, sum(gift_card_amount) as amount from used
    where gift_card_id is not null group by gift_card_id
  ), locked_codes as materialized (
    select c.id, c.uses, c.max_uses from discount_codes c
    where c.id in (select id from wanted_codes)
    order by c.id for no key update
  ), locked_cards as materialized (
    select g.id, g.balance, g.status from gift_cards g
    -- The count makes every code lock come before the first card lock.
    where g.id in (select id from wanted_cards) and (select count(*) from locked_codes) >= 0
    order by g.id for no key update
  ), enough as materialized (
    select (select count(*) from locked_codes) = (select count(*) from wanted_codes)
      and (select count(*) from locked_cards) = (select count(*) from wanted_cards)
      and not exists (
        select 1 from wanted_codes w join locked_codes c on c.id = w.id
        where c.max_uses is not null and c.uses + w.uses > c.max_uses
      ) and not exists (
        select 1 from wanted_cards w join locked_cards g on g.id = w.id
        where g.status <> 'active' or g.balance < w.amount
      ) as ok
  ), taken_codes as (
    update discount_codes c set uses = c.uses + w.uses, updated_at = now()
    from wanted_codes w
    where (select ok from enough) and c.id = w.id and c.id in (select id from locked_codes)
    returning c.id
  ), taken_cards as (
    update gift_cards g set balance = g.balance - w.amount, updated_at = now()
    from wanted_cards w
    where (select ok from enough) and g.id = w.id and g.id in (select id from locked_cards)
    returning g.id
  ), code_redemptions as (
    insert into discount_redemptions (order_id, discount_code_id, shopper)
    select order_id, discount_code_id, shopper from used
    where (select ok from enough) and discount_code_id is not null
  ), card_redemptions as (
    insert into gift_card_redemptions (gift_card_id, order_id, amount)
    select gift_card_id, order_id, gift_card_amount from used
    where (select ok from enough) and gift_card_id is not null
  )
  select e.ok,
    (select coalesce(json_agg(json_build_object('id', id, 'uses', uses, 'max_uses', max_uses)), '[]'::json)
      from locked_codes) as codes,
    (select coalesce(json_agg(json_build_object('id', id, 'balance', balance::text, 'status', status)), '[]'::json)
      from locked_cards) as cards
  from enough e`;

type TakePriceRulesRow = {
  ok: boolean;
  codes: { id: string; uses: number; max_uses: number | null }[];
  cards: { id: string; balance: string; status: string }[];
};

/** Where a code's uses left (`d:<code id>`) and a card's balance in øre (`g:<card id>`) are kept. */
export const discountUsesKey = (codeId: string) => `d:${codeId}`;
export const giftCardBalanceKey = (cardId: string) => `g:${cardId}`;

/**
 * Takes the written orders' code uses and card balances: ok; or not ok (nothing taken), with what each
 * code and card named has left when locked: uses left (Infinity without a limit) and balance in øre, 0
 * for a code or card gone or voided meanwhile.
 */
export async function takePriceRules(
  query: PreparedQuery,
  uses: PriceRuleUse[],
): Promise<{ ok: boolean; left: Map<string, number> }> {
  if (uses.length === 0) return { ok: true, left: new Map() };
  const [taken] = await query<TakePriceRulesRow>("take_price_rules", TAKE_PRICE_RULES_SQL, [
    JSON.stringify(uses),
  ]);
  if (taken?.ok) return { ok: true, left: new Map() };
  const left = new Map<string, number>();
  for (const use of uses) {
    if (use.discount_code_id) left.set(discountUsesKey(use.discount_code_id), 0);
    if (use.gift_card_id) left.set(giftCardBalanceKey(use.gift_card_id), 0);
  }
  for (const code of taken?.codes ?? [])
    left.set(discountUsesKey(code.id), code.max_uses === null ? Infinity : code.max_uses - code.uses);
  for (const card of taken?.cards ?? [])
    left.set(giftCardBalanceKey(card.id), card.status === "active" ? toOre(card.balance) : 0);
  return { ok: false, left };
}
