import { createHash, randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import {
  type CreateSaleInput,
  isVippsMethod,
  MAX_CLOCK_SKEW_MS,
  MAX_OFFLINE_SALE_AGE_DAYS,
  OFFLINE_PAYMENT_METHODS,
  type SaleView,
} from "../../../shared/market";
import { MAX_QTY_PER_LINE } from "../../../shared/order";
import type { Language } from "../../../shared/preferences";
import type { Database, Db } from "../../db/client";
import { marketSessions, orders, stores } from "../../db/schema";
import type { OnCatalogueChange } from "../../lib/deps";
import { badRequest, conflict, HttpError, notFound } from "../../lib/http-error";
import { placeStallSale, type StallLine } from "../checkout";
import { offeredProviders, type PaymentContext, startPayment } from "../payments";
import { getSaleView } from "./sale-view";
import { vippsPushPhone } from "./vipps-phone";

const DAY_MS = 86_400_000;

/** What recording a sale needs of the app. */
export interface SaleDeps {
  database: Database;
  payments: PaymentContext;
  onCatalogueChange: OnCatalogueChange;
}

/** One POST /api/stores/{id}/sales as the route read it. */
export interface SaleRequest {
  storeId: string;
  input: CreateSaleInput;
  language: Language;
  /** Torg's address for the receipt link, or null (the link is then relative). */
  origin: string | null;
  /** The request's own origin, for the Vipps return address when Torg's is unknown. */
  requestOrigin(): string;
  /** Now, ms since the epoch (tests move it). */
  now?: number;
}

/** 201 for a sale recorded now, 200 for one an earlier request with the same clientSaleId recorded. */
export interface SaleAnswer {
  status: 200 | 201;
  sale: SaleView;
}

const lineKey = (line: CreateSaleInput["items"][number]) =>
  line.productId ? `p:${line.productId}:${line.variantId ?? ""}` : `f:${line.title}:${line.unitPrice}`;

/** The same sale always hashes the same, whatever order the phone listed its lines in. */
function requestHashOf(input: CreateSaleInput) {
  const canonical = {
    ...input,
    items: [...input.items].sort((a, b) => lineKey(a).localeCompare(lineKey(b))),
  };
  return `sale:${createHash("sha256").update(JSON.stringify(canonical)).digest("hex")}`;
}

/**
 * The sale an earlier request with this clientSaleId recorded in this store: answered again when it was
 * the same sale, a 409 when the id was used for another (decision 0077).
 */
async function findReplay(db: Db, storeId: string, input: CreateSaleInput, requestHash: string) {
  const [existing] = await db
    .select({ id: orders.id, requestHash: orders.requestHash })
    .from(orders)
    .where(and(eq(orders.storeId, storeId), eq(orders.clientSaleId, input.clientSaleId)));
  if (!existing) return undefined;
  if (existing.requestHash !== requestHash) throw conflict("clientSaleIdReused");
  return existing.id;
}

/** The catalogue lines (the same product and variant once) and the free-amount lines of a sale. */
function linesOf(items: CreateSaleInput["items"]): { products: StallLine[]; free: StallLine[] } {
  const products = new Map<string, StallLine & { kind: "product" }>();
  const free: StallLine[] = [];
  for (const item of items) {
    if (!item.productId) {
      free.push({
        kind: "free",
        title: item.title ?? "",
        unit_price: item.unitPrice ?? "0.00",
        qty: item.qty,
      });
      continue;
    }
    const key = `${item.productId}:${item.variantId ?? ""}`;
    const line = products.get(key) ?? {
      kind: "product" as const,
      product_id: item.productId,
      variant_id: item.variantId ?? null,
      qty: 0,
    };
    line.qty += item.qty;
    if (line.qty > MAX_QTY_PER_LINE) throw badRequest("quantityTooLarge");
    products.set(key, line);
  }
  return { products: [...products.values()], free };
}

/**
 * What must hold before a sale is priced, each refused with what the seller can do about it: the phone's
 * clock (a sale from the future, or older than the offline queue may hold one); the market it names (this
 * store's, and open when it was sold: a sale made before the close and sent later is still that market's);
 * the full-documents rule; Vipps offered by the store, and a phone number for the push flow.
 */
async function checkSale(deps: SaleDeps, request: SaleRequest, now: number) {
  const { input, storeId } = request;
  const db = deps.database.db;
  const soldAt = Date.parse(input.soldAt);
  if (soldAt > now + MAX_CLOCK_SKEW_MS) throw badRequest("soldAtInFuture");
  if (soldAt < now - MAX_OFFLINE_SALE_AGE_DAYS * DAY_MS)
    throw badRequest("soldAtTooOld", { days: MAX_OFFLINE_SALE_AGE_DAYS });
  const [store] = await db
    .select({ fullDocuments: stores.stallFullDocuments })
    .from(stores)
    .where(eq(stores.id, storeId));
  if (!store) throw notFound("storeNotFound");
  if (input.sessionId) {
    const [session] = await db
      .select({ closedAt: marketSessions.closedAt })
      .from(marketSessions)
      .where(and(eq(marketSessions.id, input.sessionId), eq(marketSessions.storeId, storeId)));
    if (!session) throw notFound("marketSessionNotFound");
    if (session.closedAt && session.closedAt.getTime() <= soldAt) throw conflict("marketSessionClosed");
  }
  if (store.fullDocuments && !input.buyer) throw badRequest("saleBuyerRequired");
  const method = input.payment.method;
  let phone: string | null = null;
  if (method === "vipps_phone") phone = vippsPushPhone(input.payment.phone);
  if (isVippsMethod(method) && !(await offeredProviders(deps.payments, storeId)).includes("vipps"))
    throw badRequest("paymentProviderUnavailable");
  return { phone, soldAt: new Date(soldAt).toISOString() };
}

/**
 * Records a stall sale (decision 0077), for POST /api/stores/{id}/sales: the same clientSaleId answers
 * the sale it recorded; the sale is checked (checkSale), then priced, written and its stock taken by the
 * checkout, batched with the web orders arriving meanwhile, so the stall and the shop race for the last
 * piece in the one stock statement. Paid in cash or on the terminal, it is paid at once with its receipt
 * number; by Vipps it waits, holding its stock, while the Vipps request (a QR, or a push to the phone) is
 * started after the commit.
 */
export async function createSale(deps: SaleDeps, request: SaleRequest): Promise<SaleAnswer> {
  const { input, storeId } = request;
  const db = deps.database.db;
  const now = request.now ?? Date.now();
  const requestHash = requestHashOf(input);
  const replayed = await findReplay(db, storeId, input, requestHash);
  if (replayed) return { status: 200, sale: await getSaleView(db, replayed, request.origin) };

  const { phone, soldAt } = await checkSale(deps, request, now);
  const method = input.payment.method;
  const { products, free } = linesOf(input.items);
  const orderId = randomUUID();
  const outcome = await placeStallSale(deps.database, {
    orderId,
    storeId,
    products,
    free,
    discountCode: input.discountCode ?? null,
    giftCardCode: input.giftCardCode ?? null,
    buyer: input.buyer ?? null,
    phone,
    language: request.language,
    now,
    requestHash,
    clientSaleId: input.clientSaleId,
    soldAt,
    sessionId: input.sessionId ?? null,
    method,
    cashGiven: method === "cash" ? (input.payment.amountGiven ?? null) : null,
    terminalRef: method === "card_terminal" ? input.payment.terminalRef || null : null,
    paidOnPlacing: OFFLINE_PAYMENT_METHODS.includes(method),
  });
  if (outcome.kind !== "placed") {
    // Nothing was written: the same id recorded a sale meanwhile (answer with it), or it was refused.
    const existing = await findReplay(db, storeId, input, requestHash);
    if (existing) return { status: 200, sale: await getSaleView(db, existing, request.origin) };
    throw outcome.kind === "refused" ? outcome.refusal : new HttpError(400, "cannotPlaceOrder");
  }
  if (outcome.soldOut) deps.onCatalogueChange();
  if (isVippsMethod(method) && outcome.status === "pending") {
    await startPayment(deps.payments, {
      orderId,
      provider: "vipps",
      origin: request.origin ?? request.requestOrigin(),
      language: request.language,
      userFlow: method === "vipps_qr" ? { kind: "qr" } : { kind: "push_message", phone: phone ?? "" },
    });
  }
  return { status: 201, sale: await getSaleView(db, orderId, request.origin) };
}
