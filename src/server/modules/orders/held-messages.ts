import { and, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { emailOutbox, smsOutbox } from "../../db/schema";

/**
 * Messages of an order paid online wait for its payment (decision 0034): the checkout statement queues the
 * buyer's confirmation text, the buyer's receipt e-mail and the sellers' new-order e-mails with
 * next_attempt_at in year 9999, which no outbox worker ever finds due. changeOrderStatus releases them in
 * the transaction that makes the order paid, and drops them in the one that cancels it unpaid, so an
 * order that expires unpaid never sent a receipt. Orders without an online payment hold nothing.
 */
/** When a held message is due: never, until it is released. The checkout statement writes the same. */
export const HELD_UNTIL = "'9999-12-31 00:00:00+00'::timestamptz";
const HELD = sql.raw(HELD_UNTIL);

/** An order's messages that are held: pending, due in year 9999. */
const heldOf = (outbox: typeof smsOutbox | typeof emailOutbox, orderId: string) =>
  and(eq(outbox.orderId, orderId), eq(outbox.status, "pending"), sql`${outbox.nextAttemptAt} = ${HELD}`);

/** The order is paid: its held messages are due now. */
export async function releaseHeldMessages(tx: DbOrTx, orderId: string) {
  await tx.update(smsOutbox).set({ nextAttemptAt: sql`now()` }).where(heldOf(smsOutbox, orderId));
  await tx.update(emailOutbox).set({ nextAttemptAt: sql`now()` }).where(heldOf(emailOutbox, orderId));
}

/** The order was cancelled before it was paid: its held messages are never sent. */
export async function dropHeldMessages(tx: DbOrTx, orderId: string) {
  const reason = "not sent: the order was cancelled before it was paid";
  await tx.update(smsOutbox).set({ status: "refused", lastError: reason }).where(heldOf(smsOutbox, orderId));
  await tx
    .update(emailOutbox)
    .set({ status: "cancelled", lastError: reason })
    .where(heldOf(emailOutbox, orderId));
}
