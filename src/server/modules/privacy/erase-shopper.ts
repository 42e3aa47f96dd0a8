import { and, eq, inArray, ne, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import {
  emailLog,
  emailOutbox,
  giftCards,
  orders,
  paymentEvents,
  payments,
  smsLog,
  smsOutbox,
} from "../../db/schema";
import { anonymiseBuyers } from "./anonymise";

/**
 * Erases one shopper's details from one store's orders (the seller answering a shopper's request): the
 * orders placed with that e-mail (any case) lose the buyer's e-mail, name, phone and address, and the
 * texts and e-mails about them lose the number or address they went to and their wording (it may name
 * the buyer). A message still waiting to be sent keeps its destination until it is sent. The payment
 * providers' events of those orders' payments are deleted (decision 0055); the payments, with their
 * amounts, stay for the books. Gift cards bought for that e-mail forget it too. Returns how many orders
 * changed.
 */
export async function eraseShopper(db: Db, storeId: string, email: string): Promise<number> {
  return db.transaction(async (tx) => {
    const address = email.trim().toLowerCase();
    const ids = await anonymiseBuyers(
      tx,
      and(eq(orders.storeId, storeId), sql`lower(${orders.buyerEmail}) = ${address}`),
    );
    // A gift card someone else bought for them (decision 0076): it stays spendable, without their name.
    await tx
      .update(giftCards)
      .set({ recipientName: null, recipientEmail: null, message: null })
      .where(and(eq(giftCards.storeId, storeId), sql`lower(${giftCards.recipientEmail}) = ${address}`));
    if (ids.length > 0) {
      await tx.update(smsLog).set({ toNumber: "", message: "" }).where(inArray(smsLog.orderId, ids));
      await tx
        .update(smsOutbox)
        .set({ toNumber: "" })
        .where(and(inArray(smsOutbox.orderId, ids), ne(smsOutbox.status, "pending")));
      // The e-mails about those orders likewise (decision 0037): the receipt names the buyer.
      await tx
        .update(emailLog)
        .set({ toAddress: "", subject: "", body: "" })
        .where(inArray(emailLog.orderId, ids));
      await tx
        .update(emailOutbox)
        .set({ toAddress: "" })
        .where(and(inArray(emailOutbox.orderId, ids), ne(emailOutbox.status, "pending")));
      await tx
        .delete(paymentEvents)
        .where(
          inArray(
            paymentEvents.paymentId,
            tx.select({ id: payments.id }).from(payments).where(inArray(payments.orderId, ids)),
          ),
        );
    }
    return ids.length;
  });
}
