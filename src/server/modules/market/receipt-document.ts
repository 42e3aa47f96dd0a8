import { and, asc, eq, sql } from "drizzle-orm";
import { REFUND_METHODS, SALE_PAYMENT_METHODS } from "../../../shared/market";
import { fromOre, lineTotal, sumAmounts, toOre } from "../../../shared/money";
import {
  RECEIPT_TOKEN_PATTERN,
  type ReceiptDocument,
  type ReceiptLine,
  receiptPath,
} from "../../../shared/receipt";
import type { DbOrTx } from "../../db/client";
import { orderItems, orders, receipts, saleRefunds, stores } from "../../db/schema";
import { contactEmailSql } from "../stores";

/** Every way a sale is paid or a refund given back is a receipt's method (RECEIPT_PAYMENT_METHODS). */
export const RECEIPT_METHODS_COVERED: readonly ReceiptDocument["payment"]["method"][] = [
  ...SALE_PAYMENT_METHODS,
  ...REFUND_METHODS,
];

type OrderRow = typeof orders.$inferSelect;
type ItemRow = Pick<typeof orderItems.$inferSelect, "id" | "title" | "variantLabel" | "unitPrice" | "qty">;

/** A sale made a full sales document: the name and address the seller added (decision 0077). */
export function buyerOf(order: Pick<OrderRow, "shipToName" | "buyerAddress" | "buyerEmail">) {
  if (!order.shipToName || !order.buyerAddress) return null;
  return { name: order.shipToName, address: order.buyerAddress, email: order.buyerEmail || null };
}

function saleContent(order: OrderRow, items: ItemRow[]) {
  const lines: ReceiptLine[] = items.map((item) => ({
    title: item.title,
    variantLabel: item.variantLabel,
    qty: item.qty,
    unitPrice: item.unitPrice,
    total: lineTotal(item.unitPrice, item.qty),
  }));
  const paidOre = toOre(order.totalGross);
  const cashGiven = order.paymentMethod === "cash" ? order.cashGiven : null;
  return {
    lines,
    subtotal: sumAmounts(lines.map((line) => line.total)),
    discountCode: order.discountCode,
    discountTotal: order.discountTotal,
    giftCardTotal: order.giftCardTotal,
    // The sale's whole value: what the payment method paid and what the gift card paid.
    total: fromOre(paidOre + toOre(order.giftCardTotal)),
    vat: order.vat,
    payment: {
      method: (order.paymentMethod ?? "cash") as ReceiptDocument["payment"]["method"],
      amount: order.totalGross,
      amountGiven: cashGiven,
      change: cashGiven === null ? null : fromOre(Math.max(0, toOre(cashGiven) - paidOre)),
      terminalRef: order.paymentMethod === "card_terminal" ? order.terminalRef || null : null,
    },
  };
}

function refundContent(refund: typeof saleRefunds.$inferSelect, items: ItemRow[]) {
  const byId = new Map(items.map((item) => [item.id, item]));
  const lines: ReceiptLine[] = refund.lines.map((line) => {
    const item = byId.get(line.orderItemId);
    return {
      title: item?.title ?? "",
      variantLabel: item?.variantLabel ?? null,
      qty: line.qty,
      unitPrice: item?.unitPrice ?? line.amount,
      total: line.amount,
    };
  });
  const subtotal = sumAmounts(lines.map((line) => line.total));
  // The sale's discount is shared out over the lines given back: what is left of their price.
  const discountOre = Math.max(0, toOre(subtotal) - toOre(refund.amount));
  return {
    lines,
    subtotal,
    discountCode: null,
    discountTotal: fromOre(discountOre),
    giftCardTotal: refund.giftCardAmount,
    total: refund.amount,
    vat: refund.vat,
    payment: {
      method: refund.method as ReceiptDocument["payment"]["method"],
      amount: fromOre(toOre(refund.amount) - toOre(refund.giftCardAmount)),
      amountGiven: null,
      change: null,
      terminalRef: null,
    },
  };
}

/** A receipt by its row, with what its page and its e-mail show. */
async function documentOf(
  db: DbOrTx,
  receipt: typeof receipts.$inferSelect,
  seller: ReceiptDocument["seller"],
): Promise<ReceiptDocument | undefined> {
  const [order] = await db.select().from(orders).where(eq(orders.id, receipt.orderId));
  if (!order) return undefined;
  const items = await db
    .select({
      id: orderItems.id,
      title: orderItems.title,
      variantLabel: orderItems.variantLabel,
      unitPrice: orderItems.unitPrice,
      qty: orderItems.qty,
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, order.id))
    .orderBy(asc(orderItems.title), asc(orderItems.id));
  const common = {
    number: receipt.number,
    issuedAt: receipt.issuedAt.toISOString(),
    soldAt: (order.soldAt ?? order.placedAt).toISOString(),
    seller,
    buyer: buyerOf(order),
  };
  if (receipt.kind === "sale") return { kind: "sale", ...common, ...saleContent(order, items), sale: null };
  const [refund] = receipt.refundId
    ? await db.select().from(saleRefunds).where(eq(saleRefunds.id, receipt.refundId))
    : [];
  const [saleReceipt] = await db
    .select()
    .from(receipts)
    .where(and(eq(receipts.orderId, order.id), eq(receipts.kind, "sale")));
  if (!refund || !saleReceipt) return undefined;
  return {
    kind: "refund",
    ...common,
    ...refundContent(refund, items),
    sale: {
      number: saleReceipt.number,
      issuedAt: saleReceipt.issuedAt.toISOString(),
      path: receiptPath(saleReceipt.publicToken),
    },
  };
}

const sellerColumns = {
  storeName: stores.name,
  storeSlug: stores.slug,
  legalName: stores.legalName,
  orgNumber: stores.orgNumber,
  vatRate: stores.vatRate,
  address: stores.address,
  phone: stores.phone,
  // Where shoppers reach the seller: the confirmed contact address, else the owner's (decision 0066).
  email: sql<string | null>`${contactEmailSql('"stores"')}`,
  locale: stores.defaultLocale,
};

type SellerRow = { vatRate: number | null; locale: string } & Omit<
  ReceiptDocument["seller"],
  "vatRegistered"
>;

const sellerOf = ({ vatRate, locale: _, ...row }: SellerRow): ReceiptDocument["seller"] => ({
  ...row,
  vatRegistered: vatRate !== null,
});

/**
 * The receipt its public token opens, with its store's language; undefined for a token that opens
 * none (a malformed one never reaches SQL). Whoever holds the link may read it, as an order page.
 */
export async function getReceiptByToken(
  db: DbOrTx,
  token: string,
): Promise<{ receipt: ReceiptDocument; storeLocale: string } | undefined> {
  if (!RECEIPT_TOKEN_PATTERN.test(token)) return undefined;
  const [row] = await db
    .select({ receipt: receipts, seller: sellerColumns })
    .from(receipts)
    .innerJoin(stores, eq(stores.id, receipts.storeId))
    .where(eq(receipts.publicToken, token));
  if (!row) return undefined;
  const receipt = await documentOf(db, row.receipt, sellerOf(row.seller));
  return receipt && { receipt, storeLocale: row.seller.locale };
}

/** A sale's own receipt (not its refunds'), with its token; undefined while the sale is unpaid. */
export async function getSaleReceipt(db: DbOrTx, orderId: string) {
  const [row] = await db
    .select({ receipt: receipts, seller: sellerColumns })
    .from(receipts)
    .innerJoin(stores, eq(stores.id, receipts.storeId))
    .where(and(eq(receipts.orderId, orderId), eq(receipts.kind, "sale")));
  if (!row) return undefined;
  const document = await documentOf(db, row.receipt, sellerOf(row.seller));
  return (
    document && {
      document,
      token: row.receipt.publicToken,
      id: row.receipt.id,
      storeLocale: row.seller.locale,
    }
  );
}
