import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client";
import { orders, payments } from "../../db/schema";
import { conflict, notFound } from "../../lib/http-error";
import { returnOrderStock, takeOrderStockAgain } from "./stock";

/** Attempts that keep an order's stock: one under way at the provider, or money reserved or taken. */
const HOLDING_ATTEMPTS = ["created", "authorized", "captured"] as const;

/**
 * An order paid online whose attempt ended unpaid (the shopper rejected it in Vipps or went back from it,
 * or it expired at the provider) gives its stock back at once and stays payable (decision 0063): every
 * other shopper can buy the piece, and "Pay now" takes it again if it is still there. Under the order's
 * row lock, once: not for an order that is no longer pending, has given it back already, or has another
 * attempt under way or paid. Returns whether it gave the stock back.
 */
export async function releaseUnpaidHold(db: Db, orderId: string) {
  return db.transaction(async (tx) => {
    const [order] = await tx
      .select({ status: orders.status, stockReleasedAt: orders.stockReleasedAt })
      .from(orders)
      .where(eq(orders.id, orderId))
      .for("update");
    if (order?.status !== "pending" || order.stockReleasedAt) return false;
    const [holding] = await tx
      .select({ id: payments.id })
      .from(payments)
      .where(and(eq(payments.orderId, orderId), inArray(payments.status, HOLDING_ATTEMPTS)))
      .limit(1);
    if (holding) return false;
    await returnOrderStock(tx, orderId);
    await tx
      .update(orders)
      .set({ stockReleasedAt: new Date(), updatedAt: new Date() })
      .where(eq(orders.id, orderId));
    return true;
  });
}

/**
 * "Pay now" on an order that gave its stock back (decision 0063): the stock is taken again before a new
 * attempt starts, or the answer is the checkout's 409 naming the product that is gone (nothing changes).
 * An order still holding its stock is left as it is.
 */
export async function holdStockAgain(db: Db, orderId: string) {
  await db.transaction(async (tx) => {
    const [order] = await tx
      .select({ status: orders.status, stockReleasedAt: orders.stockReleasedAt })
      .from(orders)
      .where(eq(orders.id, orderId))
      .for("update");
    if (!order) throw notFound("orderNotFound");
    if (order.status !== "pending") throw conflict("orderNotAwaitingPayment");
    if (!order.stockReleasedAt) return;
    await takeOrderStockAgain(tx, orderId);
    await tx
      .update(orders)
      .set({ stockReleasedAt: null, updatedAt: new Date() })
      .where(eq(orders.id, orderId));
  });
}
