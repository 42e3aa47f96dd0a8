import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { conflict } from "../../lib/http-error";
import { dropVoidedCardEmails } from "../gift-cards";

/**
 * A cancelled order gives back what its price rules took (decision 0076): its discount code's use (the
 * redemption row deleted, uses − 1), what gift cards paid (each card's balance + the amount, the rows
 * deleted), and the gift cards it bought that were never used are voided. The caller holds the order's
 * row lock and has checked it was not cancelled before, so it runs once per cancel, after the stock.
 *
 * The codes, then the cards, are locked in id order FOR NO KEY UPDATE, as the checkout's
 * TAKE_PRICE_RULES_SQL does after its stock, so a cancel and a checkout queue instead of deadlocking. A
 * card bought is voided only if, at its lock, it is still whole and active: the UPDATE's own condition is
 * checked again on the row's newest version, so a card spent meanwhile stays valid.
 */
export async function giveBackPriceRules(tx: DbOrTx, orderId: string) {
  await tx.execute(sql`
    with code_use as (
      delete from discount_redemptions where order_id = ${orderId}::uuid returning discount_code_id
    ), code_rows as materialized (
      select c.id from discount_codes c where c.id in (select discount_code_id from code_use)
      order by c.id for no key update
    ), code_back as (
      update discount_codes c set uses = greatest(c.uses - 1, 0), updated_at = now()
      where c.id in (select id from code_rows)
    ), card_uses as (
      delete from gift_card_redemptions where order_id = ${orderId}::uuid returning gift_card_id, amount
    ), bought as (
      select g.id from gift_cards g
      where g.order_id = ${orderId}::uuid and g.status = 'active' and g.balance = g.initial_amount
        and not exists (select 1 from gift_card_redemptions r where r.gift_card_id = g.id)
    ), card_rows as materialized (
      select g.id from gift_cards g
      where (g.id in (select gift_card_id from card_uses) or g.id in (select id from bought))
        -- The count makes every code lock come before the first card lock.
        and (select count(*) from code_rows) >= 0
      order by g.id for no key update
    ), card_back as (
      update gift_cards g set balance = g.balance + u.amount, updated_at = now()
      from card_uses u where g.id = u.gift_card_id and g.id in (select id from card_rows)
    )
    update gift_cards g set status = 'voided', voided_at = now(), updated_at = now()
    where g.id in (select id from bought) and g.id in (select id from card_rows)
      and g.status = 'active' and g.balance = g.initial_amount`);
  await dropVoidedCardEmails(tx, { orderId });
}

type ReopenFacts = {
  discount_code_id: string | null;
  gift_card_total: string;
  shopper: string;
  cards_voided: boolean;
  code_locked: boolean;
  max_uses: number | null;
  uses: number | null;
  one_per_shopper: boolean | null;
  shopper_holds_use: boolean;
};

/**
 * Reopening a cancelled order (decision 0067) takes its discount code's use again, or is refused (409)
 * when the code has no use left for it (used up, or its one use per shopper taken by another order of
 * the same e-mail meanwhile): the order keeps the discount it was priced with, so it must hold a use. An
 * order whose gift card money went back to the card at the cancel, or whose gift cards bought were
 * voided, is refused: that money may be spent already, and the honest way on is a new order. A code
 * deleted since leaves nothing to count. The caller holds the order's row lock; the code's row is locked
 * as the checkout locks it.
 */
export async function takePriceRulesAgain(tx: DbOrTx, orderId: string) {
  const { rows } = await tx.execute<ReopenFacts>(sql`
    with o as (
      select discount_code_id, gift_card_total::text as gift_card_total, lower(buyer_email) as shopper from orders
      where id = ${orderId}::uuid
    ), code as materialized (
      select c.id, c.uses, c.max_uses, c.one_per_shopper from discount_codes c
      where c.id = (select discount_code_id from o) for no key update
    )
    select o.discount_code_id, o.gift_card_total, o.shopper,
      exists (select 1 from gift_cards g where g.order_id = ${orderId}::uuid and g.status = 'voided') as cards_voided,
      exists (select 1 from code) as code_locked,
      (select max_uses from code) as max_uses, (select uses from code) as uses,
      (select one_per_shopper from code) as one_per_shopper,
      exists (
        select 1 from discount_redemptions r
        where r.discount_code_id = o.discount_code_id and r.shopper = o.shopper
      ) as shopper_holds_use
    from o`);
  const order = rows[0];
  if (!order) return;
  if (Number(order.gift_card_total) > 0 || order.cards_voided) throw conflict("reopenGiftCardReturned");
  if (!order.discount_code_id || !order.code_locked) return;
  const usedUp = order.max_uses !== null && (order.uses ?? 0) >= order.max_uses;
  if (usedUp || (order.one_per_shopper && order.shopper_holds_use)) throw conflict("reopenDiscountUsedUp");
  await tx.execute(sql`
    with redemption as (
      insert into discount_redemptions (order_id, discount_code_id, shopper)
      values (${orderId}::uuid, ${order.discount_code_id}::uuid, ${order.one_per_shopper ? order.shopper : null})
    )
    update discount_codes set uses = uses + 1, updated_at = now() where id = ${order.discount_code_id}::uuid`);
}

/**
 * A sale given back whole at the stall (decision 0077) gives its discount code's use back, as a cancel
 * does (giveBackPriceRules' first part): the redemption row deleted, the code's uses − 1, the code locked
 * as the checkout locks it. Gift card money goes back by the refund's own rule, not here.
 */
export async function giveBackDiscountUse(tx: DbOrTx, orderId: string) {
  await tx.execute(sql`
    with code_use as (
      delete from discount_redemptions where order_id = ${orderId}::uuid returning discount_code_id
    ), code_rows as materialized (
      select c.id from discount_codes c where c.id in (select discount_code_id from code_use)
      order by c.id for no key update
    )
    update discount_codes c set uses = greatest(c.uses - 1, 0), updated_at = now()
    where c.id in (select id from code_rows)`);
}
