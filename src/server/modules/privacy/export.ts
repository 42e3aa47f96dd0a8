import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { asc, eq, inArray, or } from "drizzle-orm";
import * as tar from "tar";
import { maskGiftCardCode } from "../../../shared/gift-card";
import type { Db } from "../../db/client";
import {
  aiLogs,
  discountCodes,
  giftCards,
  orderItems,
  orderStatusEvents,
  orders,
  paymentChannels,
  paymentEvents,
  payments,
  productImages,
  products,
  productVariants,
  qrCodes,
  smsLog,
  storeMembers,
  stores,
  userSettings,
  users,
} from "../../db/schema";
import { notFound } from "../../lib/http-error";
import { productColumns } from "../products";

/** What a seller's archive holds: one JSON file per entry. */
export type SellerData = Record<string, unknown>;

/**
 * Everything Torg holds about a seller and their shops: the account (no password hash, no internal
 * sign-in bookkeeping), settings, every store they are a member of (deleted ones too: they are still
 * theirs) with its members, products, orders with lines, status history and payments (each with the
 * providers' events Torg keeps of it, decision 0055), payment channels, QR codes, discount codes, gift
 * cards (codes masked), and the AI and SMS logs of those stores (and the AI calls they made themselves).
 */
export async function collectSellerData(db: Db, userId: string): Promise<SellerData> {
  const [account] = await db
    .select({
      id: users.id,
      email: users.email,
      fullName: users.fullName,
      isAdmin: users.isAdmin,
      lastLoginAt: users.lastLoginAt,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!account) throw notFound();
  const [settings] = await db.select().from(userSettings).where(eq(userSettings.userId, userId));
  const memberships = await db.select().from(storeMembers).where(eq(storeMembers.userId, userId));
  const storeIds = memberships.map((row) => row.storeId);
  const none = storeIds.length === 0;
  const storeRows = none
    ? []
    : await db.select().from(stores).where(inArray(stores.id, storeIds)).orderBy(asc(stores.createdAt));
  const members = none
    ? []
    : await db
        .select({
          storeId: storeMembers.storeId,
          userId: storeMembers.userId,
          fullName: users.fullName,
          role: storeMembers.role,
          joinedAt: storeMembers.joinedAt,
        })
        .from(storeMembers)
        .innerJoin(users, eq(users.id, storeMembers.userId))
        .where(inArray(storeMembers.storeId, storeIds));
  const productRows = none
    ? []
    : await db.select(productColumns).from(products).where(inArray(products.storeId, storeIds));
  const productIds = productRows.map((row) => row.id);
  const [variants, images] =
    productIds.length === 0
      ? [[], []]
      : await Promise.all([
          db.select().from(productVariants).where(inArray(productVariants.productId, productIds)),
          db.select().from(productImages).where(inArray(productImages.productId, productIds)),
        ]);
  const orderRows = none
    ? []
    : await db
        .select({
          id: orders.id,
          storeId: orders.storeId,
          status: orders.status,
          totalGross: orders.totalGross,
          currencyCode: orders.currencyCode,
          buyerEmail: orders.buyerEmail,
          shipToName: orders.shipToName,
          shipToPhone: orders.shipToPhone,
          shipToAddr: orders.shipToAddr,
          channel: orders.channel,
          soldAt: orders.soldAt,
          paymentMethod: orders.paymentMethod,
          buyerAddress: orders.buyerAddress,
          discountCode: orders.discountCode,
          discountTotal: orders.discountTotal,
          giftCardTotal: orders.giftCardTotal,
          giftCardSales: orders.giftCardSales,
          placedAt: orders.placedAt,
          updatedAt: orders.updatedAt,
        })
        .from(orders)
        .where(inArray(orders.storeId, storeIds))
        .orderBy(asc(orders.placedAt));
  const orderIds = orderRows.map((row) => row.id);
  const [items, history, attempts] =
    orderIds.length === 0
      ? [[], [], []]
      : await Promise.all([
          db.select().from(orderItems).where(inArray(orderItems.orderId, orderIds)),
          db
            .select()
            .from(orderStatusEvents)
            .where(inArray(orderStatusEvents.orderId, orderIds))
            .orderBy(asc(orderStatusEvents.changedAt)),
          db
            .select({
              id: payments.id,
              orderId: payments.orderId,
              provider: payments.provider,
              status: payments.status,
              reference: payments.reference,
              merchant: payments.merchant,
              amount: payments.amount,
              capturedAmount: payments.capturedAmount,
              refundedAmount: payments.refundedAmount,
              authorisedAt: payments.authorisedAt,
              createdAt: payments.createdAt,
            })
            .from(payments)
            .where(inArray(payments.orderId, orderIds))
            .orderBy(asc(payments.createdAt)),
        ]);
  const providerEvents =
    attempts.length === 0
      ? []
      : await db
          .select({
            paymentId: paymentEvents.paymentId,
            provider: paymentEvents.provider,
            eventId: paymentEvents.eventId,
            name: paymentEvents.name,
            outcome: paymentEvents.outcome,
            refusedReason: paymentEvents.refusedReason,
            payload: paymentEvents.payload,
            receivedAt: paymentEvents.receivedAt,
          })
          .from(paymentEvents)
          .where(
            inArray(
              paymentEvents.paymentId,
              attempts.map((row) => row.id),
            ),
          )
          .orderBy(asc(paymentEvents.receivedAt));
  const [channels, codes, ai, sms, discounts, cards] = await Promise.all([
    none ? [] : db.select().from(paymentChannels).where(inArray(paymentChannels.storeId, storeIds)),
    db
      .select()
      .from(qrCodes)
      .where(
        none
          ? eq(qrCodes.ownerUserId, userId)
          : or(eq(qrCodes.ownerUserId, userId), inArray(qrCodes.storeId, storeIds)),
      ),
    db
      .select()
      .from(aiLogs)
      .where(
        none ? eq(aiLogs.userId, userId) : or(eq(aiLogs.userId, userId), inArray(aiLogs.storeId, storeIds)),
      )
      .orderBy(asc(aiLogs.createdAt)),
    none
      ? []
      : db.select().from(smsLog).where(inArray(smsLog.storeId, storeIds)).orderBy(asc(smsLog.createdAt)),
    none
      ? []
      : db
          .select()
          .from(discountCodes)
          .where(inArray(discountCodes.storeId, storeIds))
          .orderBy(asc(discountCodes.createdAt)),
    none
      ? []
      : db
          .select()
          .from(giftCards)
          .where(inArray(giftCards.storeId, storeIds))
          .orderBy(asc(giftCards.createdAt)),
  ]);
  const byKey =
    <T, K extends keyof T>(rows: T[], key: K) =>
    (value: unknown) =>
      rows.filter((row) => row[key] === value);
  return {
    account,
    settings: settings ?? null,
    stores: storeRows.map((store) => ({
      ...store,
      myRole: memberships.find((row) => row.storeId === store.id)?.role,
      members: byKey(members, "storeId")(store.id).map(({ storeId: _, ...member }) => member),
    })),
    // The search document (decision 0040) is the database's index of the product's own texts, not data.
    products: productRows.map((product) => ({
      ...product,
      variants: byKey(variants, "productId")(product.id),
      images: byKey(images, "productId")(product.id),
    })),
    orders: orderRows.map((order) => ({
      ...order,
      items: byKey(items, "orderId")(order.id),
      history: byKey(history, "orderId")(order.id),
      payments: byKey(
        attempts,
        "orderId",
      )(order.id).map(({ orderId: _, ...attempt }) => ({
        ...attempt,
        events: byKey(providerEvents, "paymentId")(attempt.id).map(({ paymentId: __, ...event }) => event),
      })),
    })),
    "payment-channels": channels,
    "qr-codes": codes,
    "ai-logs": ai,
    "sms-logs": sms,
    "discount-codes": discounts,
    // A card's code spends its balance: the archive, like the seller's list, shows only its last group.
    "gift-cards": cards.map((card) => ({ ...card, code: maskGiftCardCode(card.code) })),
  };
}

/** The seller's data as one .tar.gz of JSON files (account.json, stores.json ...), in memory. */
export async function sellerArchive(db: Db, userId: string): Promise<Buffer> {
  const data = await collectSellerData(db, userId);
  const staging = fs.mkdtempSync(path.join(os.tmpdir(), "torg-export-"));
  try {
    const folder = path.join(staging, "torg-data");
    fs.mkdirSync(folder);
    for (const [name, value] of Object.entries(data)) {
      fs.writeFileSync(path.join(folder, `${name}.json`), `${JSON.stringify(value, null, 2)}\n`);
    }
    const file = path.join(staging, "export.tar.gz");
    await tar.create({ gzip: true, file, cwd: staging, portable: true }, ["torg-data"]);
    return fs.readFileSync(file);
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}
