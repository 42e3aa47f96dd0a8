import { createHash } from "node:crypto";
import { and, desc, eq, inArray } from "drizzle-orm";
import { fromOre, toOre } from "../../../shared/money";
import type { PaymentProvider } from "../../../shared/payment";
import { PaymentProviderError } from "../../adapters/payments";
import { payments } from "../../db/schema";
import { conflict, HttpError } from "../../lib/http-error";
import { applyProviderState, capturePayment, handleOf, type PaymentContext } from "./state";

/**
 * Gives back part of an order's captured payment (a return at the stall, decision 0077): Vipps ePayment's
 * `POST /epayment/v1/payments/{reference}/refund` with `modificationAmount` (`{ currency, value }` in
 * øre) and an `Idempotency-Key` header, as the Vipps MobilePay ePayment API documents it. A refund needs
 * money captured ("you can only refund a captured amount"). A stall sale's Vipps payment is captured as
 * soon as it is approved (the goods are handed over at the table); should that capture still be waiting
 * for its retry, the reservation is captured whole first (`POST .../capture`), then the part refunded. No
 * payment to refund is a 409 the seller can read.
 *
 * The key is made from the stall's own refund id, so the same refund sent again (a retry after the
 * provider said yes and the database did not) is one refund at Vipps. Vipps allows 50 characters; the
 * reference is 37, the key 49.
 */
export async function refundPaymentPart(
  ctx: PaymentContext,
  input: { orderId: string; amountOre: number; refundId: string },
) {
  const [held] = await ctx.db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, input.orderId), inArray(payments.status, ["authorized", "captured"])))
    .orderBy(desc(payments.createdAt))
    .limit(1);
  if (!held) throw conflict("saleVippsRefundNotPossible");
  let row = held;
  if (row.status === "authorized") {
    try {
      row = (await capturePayment(ctx, row.id)) ?? row;
    } catch (error) {
      if (error instanceof PaymentProviderError) throw new HttpError(502, "saleRefundProviderDown");
      throw error;
    }
    if (row.status !== "captured") throw conflict("saleVippsRefundNotPossible");
  }
  const gateway = ctx.gateways[row.provider as PaymentProvider];
  if (!gateway) throw conflict("saleVippsRefundNotPossible");
  const refundedOre = toOre(row.refundedAmount);
  if (input.amountOre > toOre(row.capturedAmount) - refundedOre)
    throw conflict("saleVippsRefundTooLarge", { left: fromOre(toOre(row.capturedAmount) - refundedOre) });
  const key = `${row.reference}-s${createHash("sha256").update(input.refundId).digest("hex").slice(0, 10)}`;
  try {
    const state = await gateway.refund(handleOf(row), input.amountOre, key);
    await applyProviderState(
      ctx,
      row.id,
      {
        ...state,
        // Money still held stays `captured` with what went back so far (decision 0056).
        refundedOre: Math.max(state.refundedOre ?? 0, refundedOre + input.amountOre),
      },
      { ownRefund: true },
    );
  } catch (error) {
    if (error instanceof PaymentProviderError) throw new HttpError(502, "saleRefundProviderDown");
    throw error;
  }
}
