import { and, count, desc, eq, sql } from "drizzle-orm";
import {
  DEFAULT_GIFT_CARD_SETTINGS,
  type GiftCardBalance,
  type GiftCardChange,
  type GiftCardSettings,
  type GiftCardView,
  maskGiftCardCode,
} from "../../../shared/gift-card";
import type { PageQuery } from "../../../shared/paging";
import type { Db, DbOrTx } from "../../db/client";
import { giftCardRedemptions, giftCardSettings, giftCards } from "../../db/schema";
import type { OnCatalogueChange } from "../../lib/deps";
import { badRequest, conflict, HttpError, notFound } from "../../lib/http-error";
import { dropVoidedCardEmails } from "./issue";

/** A store's gift card offer; the default (off) until the seller saves one. */
export async function getGiftCardSettings(db: DbOrTx, storeId: string): Promise<GiftCardSettings> {
  const [row] = await db.select().from(giftCardSettings).where(eq(giftCardSettings.storeId, storeId));
  if (!row) return DEFAULT_GIFT_CARD_SETTINGS;
  return {
    enabled: row.enabled,
    amounts: row.amounts,
    customMin: row.customMin,
    customMax: row.customMax,
    validityMonths: row.validityMonths,
  };
}

/** Saves the offer; the storefront shows (or stops showing) its gift card link at once (decision 0031). */
export async function saveGiftCardSettings(
  db: Db,
  storeId: string,
  settings: GiftCardSettings,
  onCatalogueChange: OnCatalogueChange,
): Promise<GiftCardSettings> {
  const values = { ...settings, updatedAt: new Date() };
  await db
    .insert(giftCardSettings)
    .values({ storeId, ...values })
    .onConflictDoUpdate({ target: giftCardSettings.storeId, set: values });
  await onCatalogueChange();
  return getGiftCardSettings(db, storeId);
}

/** How many orders each card paid part of. */
const usesOf = sql<number>`(select count(*)::int from ${giftCardRedemptions} where ${giftCardRedemptions.giftCardId} = ${giftCards.id})`;

type CardRow = typeof giftCards.$inferSelect & { uses: number };

function toView(row: CardRow): GiftCardView {
  return {
    id: row.id,
    code: maskGiftCardCode(row.code),
    buyerName: row.buyerName,
    buyerEmail: row.buyerEmail,
    recipientName: row.recipientName,
    recipientEmail: row.recipientEmail,
    initialAmount: row.initialAmount,
    balance: row.balance,
    uses: row.uses,
    status: row.status as GiftCardView["status"],
    expiresAt: row.expiresAt.toISOString(),
    sendAt: row.sendAt?.toISOString() ?? null,
    orderId: row.orderId,
    createdAt: row.createdAt.toISOString(),
  };
}

/** One page of a store's cards, newest first, and how many it has (the X-Total-Count header). */
export async function pageGiftCards(db: Db, storeId: string, { limit, offset }: PageQuery) {
  const [rows, [total]] = await Promise.all([
    db
      .select({ card: giftCards, uses: usesOf })
      .from(giftCards)
      .where(eq(giftCards.storeId, storeId))
      .orderBy(desc(giftCards.createdAt), desc(giftCards.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(giftCards).where(eq(giftCards.storeId, storeId)),
  ]);
  return { items: rows.map(({ card, uses }) => toView({ ...card, uses })), total: total?.n ?? 0 };
}

/** The store a card belongs to, for the caller's membership check; 404 for no such card. */
export async function findGiftCardStoreId(db: Db, cardId: string): Promise<string> {
  const [row] = await db
    .select({ storeId: giftCards.storeId })
    .from(giftCards)
    .where(eq(giftCards.id, cardId));
  if (!row) throw notFound("giftCardNotFound");
  return row.storeId;
}

/** The seller voids a card, or moves its expiry later (never earlier: the buyer paid for its term). */
export async function changeGiftCard(db: Db, cardId: string, change: GiftCardChange): Promise<GiftCardView> {
  return db.transaction(async (tx) => {
    const [card] = await tx.select().from(giftCards).where(eq(giftCards.id, cardId)).for("update");
    if (!card) throw notFound("giftCardNotFound");
    if (card.status === "voided") throw conflict("giftCardAlreadyVoided");
    const now = new Date();
    if (change.action === "void") {
      await tx
        .update(giftCards)
        .set({ status: "voided", voidedAt: now, updatedAt: now })
        .where(eq(giftCards.id, cardId));
      await dropVoidedCardEmails(tx, { cardId });
    } else {
      const expiresAt = new Date(change.expiresAt);
      if (expiresAt.getTime() <= card.expiresAt.getTime()) throw badRequest("giftCardExpiryInvalid");
      await tx.update(giftCards).set({ expiresAt, updatedAt: now }).where(eq(giftCards.id, cardId));
    }
    const [row] = await tx
      .select({ card: giftCards, uses: usesOf })
      .from(giftCards)
      .where(eq(giftCards.id, cardId));
    if (!row) throw notFound("giftCardNotFound");
    return toView({ ...row.card, uses: row.uses });
  });
}

/**
 * What a card (its code normalised) has left in this store, or why it pays nothing: unknown (also a
 * code of another store), voided or expired. An empty card answers its balance of 0.
 */
export async function giftCardBalance(db: Db, storeId: string, code: string): Promise<GiftCardBalance> {
  const [card] = await db
    .select({ balance: giftCards.balance, status: giftCards.status, expiresAt: giftCards.expiresAt })
    .from(giftCards)
    .where(and(eq(giftCards.code, code), eq(giftCards.storeId, storeId)));
  if (!card) throw notFound("giftCardUnknown");
  if (card.status === "voided") throw new HttpError(410, "giftCardVoided");
  if (card.expiresAt.getTime() <= Date.now()) throw new HttpError(410, "giftCardExpired");
  return { balance: card.balance, expiresAt: card.expiresAt.toISOString() };
}
