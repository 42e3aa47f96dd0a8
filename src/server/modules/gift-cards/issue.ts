import { randomInt } from "node:crypto";
import { and, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import {
  GIFT_CARD_ALPHABET,
  GIFT_CARD_MIN_VALIDITY_MONTHS,
  GIFT_CARD_RANDOM_SYMBOLS,
  giftCardCheckSymbol,
  giftCardExpiry,
} from "../../../shared/gift-card";
import type { DbOrTx } from "../../db/client";
import { emailOutbox, giftCardSettings, giftCards, orderItems, orders, stores } from "../../db/schema";
import type { GiftCardEmailParams } from "../email";

/** Fresh codes tried for one card before giving up: 55 random bits make even a second try rare. */
const CODE_ATTEMPTS = 8;

/** A new code: 11 symbols from node:crypto's generator and the check symbol (src/shared/gift-card.ts). */
export function newGiftCardCode(): string {
  let payload = "";
  for (let n = 0; n < GIFT_CARD_RANDOM_SYMBOLS; n++)
    payload += GIFT_CARD_ALPHABET[randomInt(GIFT_CARD_ALPHABET.length)];
  return payload + giftCardCheckSymbol(payload);
}

/**
 * The gift cards an order bought, made when it becomes paid (decision 0076), in the transaction that
 * marks it paid: one card per gift card line (its qty units; lines are qty 1), each with its e-mail to
 * the recipient (or the buyer) queued for the line's sendAt or now. Idempotent: a line that has its card
 * (gift_cards_order_item_key) gets no second, so paying twice, or reopening, makes nothing new.
 */
export async function issueGiftCards(tx: DbOrTx, orderId: string, paidAt = new Date()): Promise<number> {
  const lines = await tx
    .select({
      id: orderItems.id,
      amount: orderItems.unitPrice,
      qty: orderItems.qty,
      giftCard: orderItems.giftCard,
    })
    .from(orderItems)
    .leftJoin(giftCards, eq(giftCards.orderItemId, orderItems.id))
    .where(and(eq(orderItems.orderId, orderId), isNotNull(orderItems.giftCard), isNull(giftCards.id)));
  if (lines.length === 0) return 0;
  const [order] = await tx
    .select({
      storeId: orders.storeId,
      buyerName: orders.shipToName,
      buyerEmail: orders.buyerEmail,
      storeName: stores.name,
      slug: stores.slug,
      locale: stores.defaultLocale,
      validityMonths: giftCardSettings.validityMonths,
    })
    .from(orders)
    .innerJoin(stores, eq(stores.id, orders.storeId))
    .leftJoin(giftCardSettings, eq(giftCardSettings.storeId, orders.storeId))
    .where(eq(orders.id, orderId));
  if (!order) return 0;
  const expiresAt = giftCardExpiry(paidAt, order.validityMonths ?? GIFT_CARD_MIN_VALIDITY_MONTHS);
  // The e-mail's links go where the order's receipt links went (the address the shopper ordered on).
  const [receipt] = await tx
    .select({ linkOrigin: emailOutbox.linkOrigin })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.orderId, orderId), eq(emailOutbox.purpose, "order_confirmation")))
    .limit(1);
  let issued = 0;
  for (const line of lines) {
    const wish = line.giftCard ?? {};
    for (let unit = 0; unit < line.qty; unit++) {
      const code = await insertCard(tx, {
        storeId: order.storeId,
        initialAmount: line.amount,
        balance: line.amount,
        expiresAt,
        orderId,
        // The unique line key keeps a card per line; a second unit (never sent today) has none of its own.
        orderItemId: unit === 0 ? line.id : null,
        buyerName: order.buyerName,
        buyerEmail: order.buyerEmail,
        recipientName: wish.recipientName ?? null,
        recipientEmail: wish.recipientEmail ?? null,
        message: wish.message ?? null,
        sendAt: wish.sendAt ? new Date(wish.sendAt) : null,
      });
      if (!code) continue;
      const params: GiftCardEmailParams = {
        language: order.locale,
        store: order.storeName,
        slug: order.slug,
        amount: line.amount,
        code,
        expiresAt: expiresAt.toISOString(),
        message: wish.message ?? null,
        recipientName: wish.recipientEmail ? (wish.recipientName ?? null) : order.buyerName,
        buyerName: wish.recipientEmail ? order.buyerName : null,
      };
      await tx.insert(emailOutbox).values({
        orderId,
        storeId: order.storeId,
        toAddress: wish.recipientEmail ?? order.buyerEmail,
        purpose: "gift_card",
        linkOrigin: receipt?.linkOrigin ?? null,
        params: { ...params },
        nextAttemptAt:
          wish.sendAt && Date.parse(wish.sendAt) > paidAt.getTime() ? new Date(wish.sendAt) : paidAt,
      });
      issued++;
    }
  }
  return issued;
}

/**
 * Inserts a card under a fresh code, trying another code when one is taken (gift_cards_code_key). ON
 * CONFLICT DO NOTHING, not a caught error: a failed insert would abort the order's transaction. Undefined
 * when the line has its card already (a second payment of the same order).
 */
async function insertCard(tx: DbOrTx, card: Omit<typeof giftCards.$inferInsert, "code">) {
  for (let attempt = 0; attempt < CODE_ATTEMPTS; attempt++) {
    const code = newGiftCardCode();
    const [row] = await tx
      .insert(giftCards)
      .values({ ...card, code })
      .onConflictDoNothing()
      .returning({ code: giftCards.code });
    if (row) return row.code;
    if (card.orderItemId) {
      const [existing] = await tx
        .select({ id: giftCards.id })
        .from(giftCards)
        .where(eq(giftCards.orderItemId, card.orderItemId));
      if (existing) return undefined;
    }
  }
  throw new Error(`No free gift card code in ${CODE_ATTEMPTS} tries`);
}

/**
 * A voided card's e-mail that has not gone out yet (a gift set for a later day) is never sent: the code it
 * would carry no longer pays. Called where a card is voided, the order's cancel and the seller's void, in
 * the same transaction; `where` names the cards (by the order that bought them, or one card).
 */
export async function dropVoidedCardEmails(tx: DbOrTx, where: { orderId: string } | { cardId: string }) {
  const cards = tx
    .select({ code: giftCards.code })
    .from(giftCards)
    .where(
      and(
        eq(giftCards.status, "voided"),
        "orderId" in where ? eq(giftCards.orderId, where.orderId) : eq(giftCards.id, where.cardId),
      ),
    );
  await tx
    .update(emailOutbox)
    .set({ status: "cancelled", lastError: "not sent: the gift card was voided" })
    .where(
      and(
        eq(emailOutbox.purpose, "gift_card"),
        eq(emailOutbox.status, "pending"),
        inArray(sql`${emailOutbox.params}->>'code'`, cards),
      ),
    );
}
