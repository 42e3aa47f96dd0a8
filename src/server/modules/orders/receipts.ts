import { sql } from "drizzle-orm";
import type { DbOrTx, PreparedQuery } from "../../db/client";

/** What to number: a stall sale's receipt, or a refund's (which names the sale through its order). */
export interface ReceiptToIssue {
  storeId: string;
  orderId: string;
  kind: "sale" | "refund";
  /** The sale_refunds row a refund receipt is for. */
  refundId?: string | null;
}

/** A receipt as issued: its number in the store's sequence and the secret of its page (/r/{token}). */
export interface IssuedReceipt {
  id: string;
  number: number;
  public_token: string;
}

/**
 * Takes the store's next receipt number and writes the receipt (decision 0077). The counter row is
 * upserted and its new value returned in one statement: the row stays locked until the caller's
 * transaction ends, so concurrent sales of a store queue for it, and a transaction that rolls back gives
 * its number back. The sequence has no gaps and no number twice (receipts_store_number_key guards it).
 *
 * A sale gets one receipt (receipts_sale_key): asked again for a sale that has one, nothing is counted
 * and no row comes back. Parameters: $1 store, $2 kind, $3 order, $4 refund (or null).
 */
const ISSUE_RECEIPT_SQL = `/* torg:issue_receipt */
  with already as materialized (
    select 1 from receipts r where $2::text = 'sale' and r.order_id = $3::uuid and r.kind = 'sale'
  ), counted as (
    insert into receipt_counters (store_id, last_number)
    select $1::uuid, 1 where not exists (select 1 from already)
    on conflict (store_id) do update set last_number = receipt_counters.last_number + 1
    returning last_number
  )
  insert into receipts (store_id, number, kind, order_id, refund_id)
  select $1::uuid, c.last_number, $2::text, $3::uuid, $4::uuid from counted c
  returning id, number, public_token`;

const paramsOf = (input: ReceiptToIssue) => [
  input.storeId,
  input.kind,
  input.orderId,
  input.refundId ?? null,
];

/**
 * Issues a receipt in the caller's transaction (a Drizzle transaction: the status change that makes a
 * Vipps stall sale paid, a refund). Undefined when the sale already had its receipt.
 */
export async function issueReceipt(tx: DbOrTx, input: ReceiptToIssue): Promise<IssuedReceipt | undefined> {
  // The one statement text, its $n placeholders bound as Drizzle parameters.
  const params = paramsOf(input);
  const chunks = ISSUE_RECEIPT_SQL.split(/\$([1-4])/).map((part, index) =>
    index % 2 === 1 ? sql`${params[Number(part) - 1]}` : sql.raw(part),
  );
  const result = await tx.execute<IssuedReceipt & Record<string, unknown>>(sql.join(chunks));
  const [row] = result.rows;
  return row ? { id: row.id, number: Number(row.number), public_token: row.public_token } : undefined;
}

/**
 * Issues receipts in a prepared transaction (the checkout's batch: stall sales paid at placing). Stores
 * are numbered in id order, so two transactions that number several stores lock their counters in the
 * same order and queue rather than deadlock. Answers each receipt by order id.
 */
export async function issueReceiptsPrepared(
  query: PreparedQuery,
  inputs: readonly ReceiptToIssue[],
): Promise<Map<string, IssuedReceipt>> {
  const issued = new Map<string, IssuedReceipt>();
  const sorted = [...inputs].sort((a, b) => (a.storeId < b.storeId ? -1 : a.storeId > b.storeId ? 1 : 0));
  for (const input of sorted) {
    const [row] = await query<IssuedReceipt>("issue_receipt", ISSUE_RECEIPT_SQL, paramsOf(input));
    if (row) issued.set(input.orderId, { ...row, number: Number(row.number) });
  }
  return issued;
}
