import { and, asc, eq, sql } from "drizzle-orm";
import { type RefundSaleInput, refundMethodFor, type SalePaymentMethod } from "../../../shared/market";
import { fromOre, toOre } from "../../../shared/money";
import { planRefund, type RefundableSale, type RefundPlan } from "../../../shared/sale-refund";
import type { Db, DbOrTx } from "../../db/client";
import { orderItems, orders, saleRefunds } from "../../db/schema";
import { badRequest, conflict, notFound } from "../../lib/http-error";
import { creditGiftCardsOfOrder } from "../gift-cards";
import { giveBackDiscountUse, issueReceipt, REVENUE_STATUSES, returnItemStock } from "../orders";
import { type PaymentContext, refundPaymentPart } from "../payments";

/**
 * A return at the stall (decision 0077, issue 30): the named lines and pieces of a paid stall sale (all
 * that is left when none are named) given back, valued by the one refund rule (src/shared/sale-refund.ts:
 * the line's price after its share of the discount), the gift card's share onto the card, the rest the
 * way it was paid (cash paid out, the card terminal recorded, Vipps refunded through the payments
 * module); the pieces back into stock unless the seller says no; a refund receipt from the store's one
 * sequence naming the sale; and, once nothing is left, the discount code's use given back.
 *
 * Idempotent by the phone's clientRefundId: the same refund sent again answers what was done.
 */

type OrderRow = typeof orders.$inferSelect;

interface SaleFacts {
  order: OrderRow;
  sale: RefundableSale;
  titles: Map<string, string>;
}

/** The sale and its lines as the refund rule reads them; `lock` takes the order's row lock first. */
async function readSale(db: DbOrTx, orderId: string, lock: boolean): Promise<SaleFacts> {
  const query = db.select().from(orders).where(eq(orders.id, orderId));
  const [order] = lock ? await query.for("update") : await query;
  if (!order) throw notFound("saleNotFound");
  const items = await db
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.id));
  const [given] = await db
    .select({ giftCard: sql<string>`coalesce(sum(${saleRefunds.giftCardAmount}), 0)::text` })
    .from(saleRefunds)
    .where(eq(saleRefunds.orderId, orderId));
  return {
    order,
    titles: new Map(
      items.map((item) => [item.id, item.variantLabel ? `${item.title} (${item.variantLabel})` : item.title]),
    ),
    sale: {
      lines: items.map((item) => ({
        id: item.id,
        unitPriceOre: toOre(item.unitPrice),
        qty: item.qty,
        refundedQty: item.refundedQty,
        // A gift card bought is never discounted (decision 0076); nor is it given back at the stall.
        discounted: item.giftCard === null,
      })),
      discountOre: toOre(order.discountTotal),
      giftCardOre: toOre(order.giftCardTotal),
      paidOre: toOre(order.totalGross) - toOre(order.giftCardSales),
      refundedOre: toOre(order.refundedTotal),
      refundedGiftCardOre: toOre(given?.giftCard ?? "0"),
      vat: (order.vat ?? []).map((line) => ({ rate: line.rate, amountOre: toOre(line.amount) })),
    },
  };
}

/** The stall sale named in a URL, of a store the user may manage (the caller checked), refundable. */
function assertRefundable(order: OrderRow) {
  if (order.channel !== "stall") throw notFound("saleNotFound");
  if (!(REVENUE_STATUSES as readonly string[]).includes(order.status)) throw conflict("saleNotPaid");
}

/** The plan for what was asked, or the seller's 4xx saying why not. */
function planOrRefuse(facts: SaleFacts, input: RefundSaleInput): RefundPlan {
  const giftCardLine = input.lines?.find((line) =>
    facts.sale.lines.find((l) => l.id === line.itemId && !l.discounted),
  );
  if (giftCardLine) throw conflict("saleRefundGiftCardLine");
  const lines = facts.sale.lines.filter((line) => line.discounted);
  const plan = planRefund(
    { ...facts.sale, lines },
    input.lines?.map((line) => ({ id: line.itemId, qty: line.qty })),
  );
  if ("refused" in plan) {
    if (plan.refused === "lineNotFound") throw badRequest("saleLineNotFound");
    if (plan.refused === "nothingLeft") throw conflict("saleAlreadyRefunded");
    const title = facts.titles.get(plan.id) ?? "";
    throw plan.left === 0
      ? conflict("saleLineAlreadyRefunded", { title })
      : conflict("saleRefundTooMany", { title, left: plan.left });
  }
  if (plan.amountOre === 0) throw conflict("saleRefundNothingToPay");
  return plan;
}

async function existingRefund(db: DbOrTx, orderId: string, clientRefundId: string) {
  const [row] = await db
    .select({ id: saleRefunds.id })
    .from(saleRefunds)
    .where(and(eq(saleRefunds.orderId, orderId), eq(saleRefunds.clientRefundId, clientRefundId)));
  return row;
}

/**
 * Refunds a stall sale; returns the sale's id (the caller answers with its view). Vipps is asked first,
 * outside the transaction and with a key made from the refund's own id, so a refund the provider made is
 * written by the retry if the write failed; the plan is made again under the row lock and must be the
 * one Vipps was asked for.
 */
export async function refundSale(
  ctx: { db: Db; payments: PaymentContext },
  input: { orderId: string; userId: string; body: RefundSaleInput },
): Promise<void> {
  const { db } = ctx;
  const { orderId, body } = input;
  if (await existingRefund(db, orderId, body.clientRefundId)) return;
  const before = await readSale(db, orderId, false);
  assertRefundable(before.order);
  const method = refundMethodFor(before.order.paymentMethod as SalePaymentMethod);
  const asked = planOrRefuse(before, body);
  if (method === "vipps" && asked.methodOre > 0)
    await refundPaymentPart(ctx.payments, {
      orderId,
      amountOre: asked.methodOre,
      refundId: body.clientRefundId,
    });

  await db.transaction(async (tx) => {
    const facts = await readSale(tx, orderId, true);
    if (await existingRefund(tx, orderId, body.clientRefundId)) return;
    assertRefundable(facts.order);
    const plan = planOrRefuse(facts, body);
    if (method === "vipps" && plan.methodOre !== asked.methodOre) throw conflict("saleRefundChanged");
    const [refund] = await tx
      .insert(saleRefunds)
      .values({
        orderId,
        storeId: facts.order.storeId,
        clientRefundId: body.clientRefundId,
        amount: fromOre(plan.amountOre),
        giftCardAmount: fromOre(plan.giftCardOre),
        method,
        lines: plan.lines.map((line) => ({
          orderItemId: line.id,
          qty: line.qty,
          amount: fromOre(line.amountOre),
        })),
        vat: plan.vat.map((line) => ({ rate: line.rate, amount: fromOre(line.amountOre) })),
        restocked: body.restock,
        createdByUserId: input.userId,
      })
      .returning({ id: saleRefunds.id });
    if (!refund) throw new Error("sale refund not written");
    const given = JSON.stringify(plan.lines.map((line) => ({ id: line.id, qty: line.qty })));
    await tx.execute(sql`
      update order_items oi set refunded_qty = oi.refunded_qty + g.qty
      from jsonb_to_recordset(${given}::jsonb) as g(id uuid, qty int)
      where oi.id = g.id and oi.order_id = ${orderId}::uuid`);
    await tx
      .update(orders)
      .set({
        refundedTotal: sql`${orders.refundedTotal} + ${fromOre(plan.amountOre)}::numeric`,
        updatedAt: sql`now()`,
      })
      .where(eq(orders.id, orderId));
    if (body.restock)
      await returnItemStock(
        tx,
        orderId,
        plan.lines.map((line) => ({ itemId: line.id, qty: line.qty })),
      );
    await creditGiftCardsOfOrder(tx, orderId, plan.giftCardOre);
    if (plan.whole) await giveBackDiscountUse(tx, orderId);
    await issueReceipt(tx, { storeId: facts.order.storeId, orderId, kind: "refund", refundId: refund.id });
  });
}
