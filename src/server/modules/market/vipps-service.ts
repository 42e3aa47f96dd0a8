import { and, eq } from "drizzle-orm";
import { cashCovers, type SalePayInput, type SaleView, type SaleVippsInput } from "../../../shared/market";
import { formatKrExact, toOre } from "../../../shared/money";
import type { Language } from "../../../shared/preferences";
import { orders } from "../../db/schema";
import { badRequest, conflict, HttpError, notFound } from "../../lib/http-error";
import { offeredProviders, readAttemptUnderWay, startPayment, stopAttemptUnderWay } from "../payments";
import { getSaleView } from "./sale-view";
import type { SaleDeps } from "./sales";
import { vippsPushPhone } from "./vipps-phone";

/** Who asks, as the routes read it: the language of errors, Torg's address for receipts and Vipps. */
export interface SaleCaller {
  language: Language;
  /** Torg's address for the receipt link, or null (the link is then relative). */
  origin: string | null;
  requestOrigin(): string;
}

/** A stall sale of this store's, or 404 saleNotFound (the route checked the seller's access). */
async function stallSale(deps: SaleDeps, saleId: string) {
  const [order] = await deps.database.db
    .select()
    .from(orders)
    .where(and(eq(orders.id, saleId), eq(orders.channel, "stall")));
  if (!order) throw notFound("saleNotFound");
  return order;
}

/** Only a sale still waiting for its payment can be paid another way or given up. */
function assertAwaitingPayment(order: { status: string }) {
  if (order.status === "pending") return;
  throw conflict(order.status === "cancelled" ? "orderNotAwaitingPayment" : "orderAlreadyPaid");
}

/**
 * GET /api/sales/{id}: a sale waiting for Vipps is read from Vipps first when its webhook has not come
 * (readAttemptUnderWay: rate-limited), so the screen turns to "Paid" from Vipps, never by itself.
 */
export async function readSale(deps: SaleDeps, saleId: string, origin: string | null): Promise<SaleView> {
  const order = await stallSale(deps, saleId);
  if (order.status === "pending") await readAttemptUnderWay(deps.payments, saleId);
  return getSaleView(deps.database.db, saleId, origin);
}

/**
 * POST /api/sales/{id}/vipps: a new QR, or a push to the same or another number (decision 0077). An
 * attempt still under way is cancelled at Vipps first (keeping the stock, to go on at once); a sale whose
 * attempt ended unpaid takes its stock again (the checkout's 409 naming the product that sold meanwhile);
 * then the new Vipps request starts, with its own few minutes to be paid.
 */
export async function newVippsRequest(
  deps: SaleDeps,
  saleId: string,
  input: SaleVippsInput,
  caller: SaleCaller,
): Promise<SaleView> {
  const db = deps.database.db;
  const order = await stallSale(deps, saleId);
  assertAwaitingPayment(order);
  if (!(await offeredProviders(deps.payments, order.storeId)).includes("vipps"))
    throw badRequest("paymentProviderUnavailable");
  let phone: string | null = null;
  if (input.method === "vipps_phone") phone = vippsPushPhone(input.phone ?? (order.shipToPhone || undefined));
  await stopAttemptUnderWay(deps.payments, saleId, { keepHold: true });
  await deps.payments.orders.holdStockAgain(db, saleId);
  await db
    .update(orders)
    .set({ paymentMethod: input.method, ...(phone ? { shipToPhone: phone } : {}), updatedAt: new Date() })
    .where(and(eq(orders.id, saleId), eq(orders.status, "pending")));
  await startPayment(deps.payments, {
    orderId: saleId,
    provider: "vipps",
    origin: caller.origin ?? caller.requestOrigin(),
    language: caller.language,
    userFlow: phone ? { kind: "push_message", phone } : { kind: "qr" },
  });
  return getSaleView(db, saleId, caller.origin);
}

/**
 * POST /api/sales/{id}/pay: the shopper pays in cash or on the seller's terminal after all. The Vipps
 * attempt is stopped at Vipps first, keeping the stock (409 orderAlreadyPaid when the shopper had just
 * approved it: the sale is Vipps-paid), the stock taken again if it was given back (409 naming the
 * product), then the sale is paid now, by the seller, and gets its receipt number.
 */
export async function payOtherwise(
  deps: SaleDeps,
  saleId: string,
  input: SalePayInput,
  caller: SaleCaller,
): Promise<SaleView> {
  const db = deps.database.db;
  const order = await stallSale(deps, saleId);
  assertAwaitingPayment(order);
  const cashGiven = input.method === "cash" ? (input.amountGiven ?? null) : null;
  if (cashGiven !== null && !cashCovers(toOre(cashGiven), toOre(order.totalGross))) {
    throw new HttpError(400, "cashGivenTooLittle", {
      total: formatKrExact(order.totalGross, caller.language),
    });
  }
  await stopAttemptUnderWay(deps.payments, saleId, { keepHold: true });
  await deps.payments.orders.holdStockAgain(db, saleId);
  await db
    .update(orders)
    .set({
      paymentMethod: input.method,
      cashGiven,
      terminalRef: input.method === "card_terminal" ? input.terminalRef || null : null,
      updatedAt: new Date(),
    })
    .where(and(eq(orders.id, saleId), eq(orders.status, "pending")));
  await deps.payments.orders.changeOrderStatus(db, saleId, "paid", null, {
    by: "seller",
    onlyFrom: "pending",
  });
  return getSaleView(db, saleId, caller.origin);
}

/**
 * POST /api/sales/{id}/cancel-payment: the seller gives the sale up. Its Vipps attempt is cancelled at
 * Vipps (409 orderAlreadyPaid when the shopper had just approved it), its stock given back, its gift card
 * money and code use returned, and the sale is cancelled.
 */
export async function cancelSalePayment(
  deps: SaleDeps,
  saleId: string,
  caller: SaleCaller,
): Promise<SaleView> {
  const db = deps.database.db;
  const order = await stallSale(deps, saleId);
  assertAwaitingPayment(order);
  await stopAttemptUnderWay(deps.payments, saleId);
  await deps.payments.orders.changeOrderStatus(db, saleId, "cancelled", null, {
    by: "seller",
    onlyFrom: "pending",
  });
  return getSaleView(db, saleId, caller.origin);
}
