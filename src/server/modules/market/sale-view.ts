import { and, asc, desc, eq, inArray } from "drizzle-orm";
import type { SalePaymentMethod, SaleStatus, SaleView } from "../../../shared/market";
import { fromOre, toOre } from "../../../shared/money";
import type { Db, DbOrTx } from "../../db/client";
import { orderItems, orders, payments, receipts, saleRefunds } from "../../db/schema";
import { notFound } from "../../lib/http-error";

type OrderRow = typeof orders.$inferSelect;
type ItemRow = typeof orderItems.$inferSelect;
type PaymentRow = typeof payments.$inferSelect;
type RefundRow = typeof saleRefunds.$inferSelect;
type ReceiptRow = typeof receipts.$inferSelect;

/** A receipt's public page (/r/{token}), absolute when Torg knows its address. */
export const receiptUrlOf = (origin: string | null, token: string) => `${origin ?? ""}/r/${token}`;

/**
 * A stall sale's state from its order (SALE_STATUSES): a pending sale holds its stock while Vipps is
 * asked, and has given it back once the attempt ended unpaid (decision 0063); a paid one is refunded in
 * part or whole by what went back of what was paid (the payment method's part and the gift card's).
 */
export function saleStatusOf(
  order: Pick<OrderRow, "status" | "stockReleasedAt" | "refundedTotal" | "totalGross" | "giftCardTotal">,
): SaleStatus {
  if (order.status === "pending") return order.stockReleasedAt ? "payment_failed" : "awaiting_payment";
  if (order.status === "cancelled") return "cancelled";
  const refunded = toOre(order.refundedTotal);
  if (refunded <= 0) return "paid";
  return refunded >= toOre(order.totalGross) + toOre(order.giftCardTotal) ? "refunded" : "partly_refunded";
}

/** Everything a sale's view is made of, as read. */
export interface SaleParts {
  order: OrderRow;
  items: ItemRow[];
  /** The sale's receipt, once paid. */
  receipt: ReceiptRow | undefined;
  /** The latest payment attempt (Vipps), if any. */
  payment: PaymentRow | undefined;
  refunds: RefundRow[];
  /** The refunds' receipts, by refund id. */
  refundReceipts: ReadonlyMap<string, ReceiptRow>;
}

/** A stall sale as the market screen shows it (saleViewSchema). */
export function toSaleView(parts: SaleParts, origin: string | null): SaleView {
  const { order, items, receipt, payment } = parts;
  const method = (order.paymentMethod ?? "cash") as SalePaymentMethod;
  const subtotalOre = items.reduce((sum, item) => sum + toOre(item.unitPrice) * item.qty, 0);
  const cash = method === "cash" && order.cashGiven !== null;
  const hasBuyer = order.shipToName !== "" || order.buyerAddress !== null;
  return {
    id: order.id,
    storeId: order.storeId,
    clientSaleId: order.clientSaleId ?? "",
    receiptNumber: receipt?.number ?? null,
    receiptUrl: receipt ? receiptUrlOf(origin, receipt.publicToken) : null,
    status: saleStatusOf(order),
    soldAt: (order.soldAt ?? order.placedAt).toISOString(),
    sessionId: order.marketSessionId,
    items: items.map((item) => ({
      id: item.id,
      productId: item.productId,
      variantId: item.variantId,
      title: item.title,
      variantLabel: item.variantLabel,
      unitPrice: item.unitPrice,
      qty: item.qty,
      refundedQty: item.refundedQty,
    })),
    subtotal: fromOre(subtotalOre),
    discountCode: order.discountCode,
    discountTotal: order.discountTotal,
    giftCardTotal: order.giftCardTotal,
    total: order.totalGross,
    vat: order.vat,
    refundedTotal: order.refundedTotal,
    payment: {
      method,
      amountGiven: cash ? order.cashGiven : null,
      change: cash && order.cashGiven ? fromOre(toOre(order.cashGiven) - toOre(order.totalGross)) : null,
      terminalRef: order.terminalRef,
      phone: method === "vipps_phone" && order.shipToPhone ? order.shipToPhone : null,
      // The QR is Vipps' redirectUrl of a QR attempt, shown while it can still be paid.
      qrUrl:
        method === "vipps_qr" && payment?.status === "created" && order.status === "pending"
          ? payment.redirectUrl
          : null,
      expiresAt: null,
    },
    buyer: hasBuyer
      ? { name: order.shipToName, address: order.buyerAddress ?? "", email: order.buyerEmail || null }
      : null,
    refunds: parts.refunds.map((refund) => {
      const refundReceipt = parts.refundReceipts.get(refund.id);
      return {
        id: refund.id,
        amount: refund.amount,
        giftCardAmount: refund.giftCardAmount,
        method: refund.method as SaleView["refunds"][number]["method"],
        lines: refund.lines,
        vat: refund.vat,
        restocked: refund.restocked,
        receiptNumber: refundReceipt?.number ?? null,
        receiptUrl: refundReceipt ? receiptUrlOf(origin, refundReceipt.publicToken) : null,
        createdAt: refund.createdAt.toISOString(),
      };
    }),
  };
}

/** Reads the parts of these stall sales' views, a few statements for all of them; by order id. */
export async function readSaleParts(db: DbOrTx, rows: OrderRow[]): Promise<SaleParts[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [items, receiptRows, paymentRows, refundRows] = await Promise.all([
    db
      .select()
      .from(orderItems)
      .where(inArray(orderItems.orderId, ids))
      // As the seller's order view lists them (order items keep no position).
      .orderBy(asc(orderItems.title), asc(orderItems.id)),
    db.select().from(receipts).where(inArray(receipts.orderId, ids)),
    db
      .select()
      .from(payments)
      .where(inArray(payments.orderId, ids))
      .orderBy(desc(payments.createdAt), desc(payments.id)),
    db
      .select()
      .from(saleRefunds)
      .where(inArray(saleRefunds.orderId, ids))
      .orderBy(asc(saleRefunds.createdAt), asc(saleRefunds.id)),
  ]);
  const refundReceipts = new Map(
    receiptRows.flatMap((row) => (row.kind === "refund" && row.refundId ? [[row.refundId, row]] : [])),
  );
  return rows.map((order) => ({
    order,
    items: items.filter((item) => item.orderId === order.id),
    receipt: receiptRows.find((row) => row.orderId === order.id && row.kind === "sale"),
    payment: paymentRows.find((row) => row.orderId === order.id),
    refunds: refundRows.filter((row) => row.orderId === order.id),
    refundReceipts,
  }));
}

/** One stall sale's view; 404 saleNotFound when it is not a stall sale. The caller checked access. */
export async function getSaleView(db: Db, saleId: string, origin: string | null): Promise<SaleView> {
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, saleId), eq(orders.channel, "stall")));
  if (!order) throw notFound("saleNotFound");
  const [parts] = await readSaleParts(db, [order]);
  if (!parts) throw notFound("saleNotFound");
  return toSaleView(parts, origin);
}
