import { sql } from "drizzle-orm";
import { fromOre, toOre } from "../../../shared/money";
import { apportionOre } from "../../../shared/vat";
import type { DbOrTx } from "../../db/client";

/**
 * Puts money back onto the gift cards that paid an order (a return at the stall, decision 0077): the
 * amount shared over the order's cards by what each paid, each card's balance raised, never above what it
 * was issued with. The redemption rows stay as they are: they say what the sale took, the refund row says
 * what went back. The cards are locked in id order FOR NO KEY UPDATE, as the checkout locks them.
 */
export async function creditGiftCardsOfOrder(tx: DbOrTx, orderId: string, amountOre: number) {
  if (amountOre <= 0) return;
  const { rows } = await tx.execute<{ gift_card_id: string; amount: string }>(sql`
    select r.gift_card_id, r.amount::text as amount from gift_card_redemptions r
    where r.order_id = ${orderId}::uuid order by r.gift_card_id`);
  if (rows.length === 0) return;
  const parts = apportionOre(
    amountOre,
    rows.map((row) => toOre(row.amount)),
  );
  const credits = JSON.stringify(
    rows.map((row, index) => ({ id: row.gift_card_id, amount: fromOre(parts[index] ?? 0) })),
  );
  await tx.execute(sql`
    with credits as (
      select id, amount from jsonb_to_recordset(${credits}::jsonb) as c(id uuid, amount numeric)
    ), card_rows as materialized (
      select g.id from gift_cards g where g.id in (select id from credits) order by g.id for no key update
    )
    update gift_cards g set balance = least(g.balance + c.amount, g.initial_amount), updated_at = now()
    from credits c where g.id = c.id and g.id in (select id from card_rows)`);
}
